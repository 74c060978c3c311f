#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Writes generated files into a directory: atomically, only when their content changed, and never over a
/// file RexGen did not write.
public struct OutputDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public struct WriteResult: Sendable {
        /// Files whose content changed and were rewritten.
        public var written: [String] = []
        /// Files already up to date, left untouched (their modification time too), in the order the run came to them.
        public var unchanged: [String] = []
        /// Earlier RexGen files of the same family that this run no longer writes (a source renamed or gone).
        public var removed: [String] = []
        public var diagnostics: [Diagnostic] = []
    }

    public func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// The `stat` signature of each named file in the directory (nil where there is none), on every core.
    /// Looked up from the open directory: with one file per source there are tens of thousands, and neither
    /// their full paths nor the walk down to the directory are worth making again for each.
    func signatures(of names: [String]) -> [SourceSnapshot.Signature?] {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return names.map { _ in nil } }
        defer { close(descriptor) }
        return Parallel.map(count: names.count, chunk: 256) { index in
            var info = stat()
            guard names[index].withCString({ fstatat(descriptor, $0, &info, 0) }) == 0 else { return nil }
            return SourceSnapshot.Signature(info)
        }
    }

    /// Checks every file first, so a refusal leaves the whole set untouched rather than half-updated.
    /// - Parameters:
    ///   - knownContents: file name → the text on disk, when the caller has just read and checked it
    ///     (megabytes need not be read twice).
    ///   - lastWritten: file name → what `stat` said right after the last run wrote it, and the hash of what it
    ///     wrote; a file that still has that signature is not read again to compare (with one file per
    ///     source there are thousands).
    ///   - staleSuffix: files in the directory ending in this that are not among `files` and carry RexGen's
    ///     header are removed: with one file per source, a renamed source's old file would otherwise keep
    ///     its properties compiled beside the new one's.
    ///   - alsoKeeping: names of files that are not in `files` but current (left as they were): not stale.
    ///   - contentHashes: the hashes of `files`' contents, in order, when the caller works them out anyway
    ///     (for its cache); asked for only when a `lastWritten` signature matches.
    public func write(_ files: [GeneratedFile], knownContents: [String: String] = [:],
                      lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)] = [:],
                      removingStale staleSuffix: String? = nil, alsoKeeping kept: [String] = [],
                      contentHashes: (() -> [UInt64])? = nil, removingAbandonedFiles: Bool = true) -> WriteResult {
        var result = WriteResult()
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            result.diagnostics.append(.error("cannot create output directory '\(path)': "
                + SourceFileCollector.describe(error), at: location(path)))
            return result
        }
        var pending: [(file: GeneratedFile, exists: Bool)] = []
        for (index, file) in files.enumerated() {
            let contentHash = {
                if let contentHashes { return contentHashes()[index] }
                var contents = file.contents
                return contents.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
            }
            switch existingState(of: file, known: knownContents[file.name], lastWritten: lastWritten[file.name],
                                 contentHash: contentHash) {
            case .upToDate: result.unchanged.append(filePath(file.name))
            case .absent: pending.append((file, false))
            case .ours: pending.append((file, true))
            case .refused(let diagnostic): result.diagnostics.append(diagnostic)
            }
        }
        guard result.diagnostics.isEmpty else { return result }
        if removingAbandonedFiles { removeAbandonedTemporaryFiles(for: files.map(\.name)) }
        for (file, exists) in pending {
            let target = filePath(file.name)
            let replace = { AtomicFileWriter.write(file.contents, to: target).map(AtomicFileWriter.WriteOutcome.failed) ?? .written }
            var outcome = exists ? replace() : AtomicFileWriter.create(file.contents, at: target)
            if case .alreadyExists = outcome {
                // Another run created it since it was checked (two builds sharing the directory): it is
                // checked again and, if it is RexGen's, replaced like any file that was there.
                switch existingState(of: file, known: nil, lastWritten: nil, contentHash: { 0 }) {
                case .upToDate: outcome = .upToDate
                case .absent, .ours: outcome = replace()
                case .refused(let diagnostic): outcome = .failed(diagnostic)
                }
            }
            switch outcome {
            case .written: result.written.append(target)
            case .upToDate: result.unchanged.append(target)
            case .failed(let diagnostic): result.diagnostics.append(diagnostic)
            case .alreadyExists: break
            }
        }
        if let staleSuffix, result.diagnostics.isEmpty {
            result.removed = removeStale(endingIn: staleSuffix, keeping: Set(files.map(\.name) + kept))
        }
        return result
    }

    private func removeStale(endingIn suffix: String, keeping names: Set<String>) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.hasSuffix(suffix) && !entry.hasPrefix(".") && !names.contains(entry) {
            let target = filePath(entry)
            var status = stat()
            guard lstat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  case .success(let file) = SourceFile.read(path: target),
                  file.bytes.starts(with: GeneratedFile.headerMarker.utf8), unlink(target) == 0 else { continue }
            removed.append(target)
        }
        return removed.sorted()
    }

    /// A run killed mid-write leaves its temporary file (`.Name.rexgen-XXXXXX`) behind. Those older than a
    /// few minutes are such leftovers: a live run holds its own for milliseconds.
    func removeAbandonedTemporaryFiles(for names: [String]) {
        let entries = hiddenEntries()
        guard !entries.isEmpty else { return }
        // By name, not by trying every name's prefix on every entry: one file per source means thousands of both.
        let written = Set(names)
        let cutoff = Date().addingTimeInterval(-300)
        for entry in entries where entry.hasPrefix(".") {
            guard let marker = entry.ranges(of: ".rexgen-").last, marker.lowerBound > entry.startIndex,
                  written.contains(String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])) else { continue }
            let target = filePath(entry)
            if let modified = (try? FileManager.default.attributesOfItem(atPath: target))?[.modificationDate] as? Date,
               modified < cutoff {
                unlink(target)
            }
        }
    }

    /// The names in the directory that start with a dot, `.` and `..` aside. With one file per source the
    /// directory holds thousands of files, of which only these can be temporary ones: `readdir` tells them
    /// apart without a string built for every other name.
    private func hiddenEntries() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes -> String? in
                guard bytes[0] == UInt8(ascii: "."), let end = bytes.firstIndex(of: 0) else { return nil }
                let name = String(decoding: bytes[..<end], as: UTF8.self)
                return name == "." || name == ".." ? nil : name
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// The files whose content on disk differs from `files` (missing ones included).
    public func staleFiles(comparedWith files: [GeneratedFile]) -> [String] {
        files.filter { file in
            FileManager.default.contents(atPath: filePath(file.name)) != Data(file.contents.utf8)
        }.map { filePath($0.name) }
    }

    private enum ExistingState {
        case upToDate, absent, ours
        case refused(Diagnostic)
    }

    /// POSIX calls and a byte comparison: the enum-properties file runs to megabytes, and Foundation's
    /// attribute lookups (user and group names) and `Data` copies would cost more than the comparison.
    private func existingState(of file: GeneratedFile, known: String?,
                               lastWritten: (signature: SourceSnapshot.Signature, contentHash: UInt64)?,
                               contentHash: () -> UInt64) -> ExistingState {
        let target = filePath(file.name)
        var status = stat()
        guard lstat(target, &status) == 0 else { return .absent }
        if (status.st_mode & S_IFMT) == S_IFLNK { return .refused(symbolicLinkRefusal(target)) }
        var contents = file.contents
        // Bytes already in memory are compared outright, which is quicker than hashing the new contents.
        if known == nil, let lastWritten, SourceSnapshot.Signature(status) == lastWritten.signature,
           contentHash() == lastWritten.contentHash {
            return .upToDate
        }
        // Whether the bytes on disk are the new contents, and whether RexGen wrote them.
        func compare(_ existing: UnsafeRawBufferPointer) -> (isSame: Bool, isOurs: Bool) {
            let isSame = contents.withUTF8 { utf8 in
                existing.count == utf8.count && (utf8.isEmpty || memcmp(existing.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
            }
            return (isSame, Self.isRexGens(existing))
        }
        let existing: (isSame: Bool, isOurs: Bool)
        if var known {
            existing = known.withUTF8 { compare(UnsafeRawBufferPointer($0)) }
        } else if case .success(let source) = SourceFile.read(path: target) {
            existing = source.bytes.withUnsafeBytes(compare)
        } else {
            return .refused(unreadableRefusal(target))
        }
        if existing.isSame { return .upToDate }
        guard existing.isOurs else { return .refused(notOursRefusal(target)) }
        return .ours
    }

    /// Whether RexGen wrote a file that starts with these bytes. A file cut short before the end of RexGen's
    /// header line (empty, say) is one a killed run was creating: it holds nothing of the user's.
    static func isRexGens(_ start: UnsafeRawBufferPointer) -> Bool {
        let marker = GeneratedFile.headerMarker.utf8
        return start.starts(with: marker) || marker.starts(with: start)
    }

    func symbolicLinkRefusal(_ target: String) -> Diagnostic {
        .error("refusing to write '\(target)': it is a symbolic link, and following it could overwrite a file "
            + "elsewhere", at: location(target))
    }

    func unreadableRefusal(_ target: String) -> Diagnostic {
        .error("cannot read '\(target)' to check that RexGen generated it", at: location(target))
    }

    func notOursRefusal(_ target: String) -> Diagnostic {
        .error("refusing to overwrite '\(target)': it was not generated by RexGen (its first line is not "
            + "'\(GeneratedFile.headerMarker) …'); move it or choose another output directory", at: location(target))
    }

    private func location(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 1, column: 1)
    }
}

/// Writes a file so readers see the old content or the new, never a mix: a temporary file in the same
/// directory, renamed over the target. A file that does not exist yet is created in place instead
/// (`create(_:at:)`): there is no old content to keep whole, and with one file per source a first run
/// creates tens of thousands, for which the temporary file and the rename cost three times the directory
/// updates (a cold run of 23,000 files wrote in 0.3 s rather than 0.75–1.6 s). A run killed while creating
/// one leaves a file that is not in its cache, which the next run compares and writes again.
///
/// Not `fsync`ed: a flush to disk made a one-change run 4–6 ms slower when it followed another run (it
/// waits for the journal), and what RexGen writes can always be written again. A run that fails still
/// leaves the old file whole; a file lost to a power cut no longer has the `stat` signature the cache
/// recorded, so the next run writes it again.
public enum AtomicFileWriter {
    public enum WriteOutcome: Sendable {
        case written
        /// Found to hold the content already (when a file that appeared meanwhile was checked again).
        case upToDate
        /// `create(_:at:)` found the file there already: nothing was written.
        case alreadyExists
        case failed(Diagnostic)
    }

    public static func write(_ bytes: [UInt8], to target: String) -> Diagnostic? {
        bytes.withUnsafeBytes { write($0, to: target) }
    }

    /// Straight from the string's own UTF-8 storage: a generated file can run to megabytes.
    public static func write(_ text: String, to target: String) -> Diagnostic? {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: target) }
    }

    /// Creates `target`, which must not exist, with `text` as its content.
    public static func create(_ text: String, at target: String) -> WriteOutcome {
        var text = text
        return text.withUTF8 { bytes in
            let location = SourceLocation(file: target, line: 1, column: 1)
            let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == EEXIST { return .alreadyExists }
                return .failed(.error("cannot write '\(target)': \(String(cString: strerror(errno)))", at: location))
            }
            // The same mode as a replaced file gets, whatever the umask.
            var failure = writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
            if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = String(cString: strerror(errno)) }
            close(descriptor)
            guard let failure else { return .written }
            unlink(target)
            return .failed(.error("cannot write '\(target)': \(failure)", at: location))
        }
    }

    /// Every byte, however many `write` calls it takes; the error's description if one fails.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let count = POSIXCalls.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno != EINTR { return String(cString: strerror(errno)) }
            } else {
                offset += count
            }
        }
        return nil
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to target: String) -> Diagnostic? {
        let directory = PathText.deletingLastComponent(of: target)
        let base = PathText.lastComponent(of: target)
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(base).rexgen-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let location = SourceLocation(file: target, line: 1, column: 1)
        guard descriptor >= 0 else {
            return .error("cannot write '\(target)': \(String(cString: strerror(errno)))", at: location)
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, fchmod(descriptor, 0o644) != 0 {
            failure = String(cString: strerror(errno))
        }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure {
            unlink(temporary)
            return .error("cannot write '\(target)': \(failure)", at: location)
        }
        return nil
    }
}
