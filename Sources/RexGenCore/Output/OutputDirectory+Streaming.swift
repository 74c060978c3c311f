#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

extension OutputDirectory {
    /// Files the caller renders a range at a time (see `PerSourceFiles`), written range by range: with one
    /// file per source, a first run writes tens of megabytes of them, which need not all be in memory at once.
    struct FileStream {
        /// Every file's name, in order.
        var names: [String]
        /// The files of a range of `names`, in order.
        var render: (Range<Int>) -> [GeneratedFile]
        /// How many files are rendered and written at a time.
        var batchSize = 512
    }

    /// `streamed`'s files, then `files`, as `write(_:…)` writes them. Every file is checked before any is
    /// written (a refusal leaves the whole set untouched), the content of those that already exist when its
    /// range comes.
    /// - Returns: what was written, and the hashes of `streamed`'s files' contents, in order (for the cache).
    func write(_ streamed: FileStream, then files: [GeneratedFile], knownContents: [String: String],
               lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)],
               removingStale staleSuffix: String?, alsoKeeping kept: [String],
               contentHashes: @escaping () -> [UInt64]) -> (written: WriteResult, streamedHashes: [UInt64]) {
        var result = WriteResult()
        let names = streamed.names + files.map(\.name)
        result.diagnostics = refusals(of: names, lastWritten: lastWritten)
        guard result.diagnostics.isEmpty else { return (result, []) }
        removeAbandonedTemporaryFiles(for: names)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(streamed.names.count)
        var start = 0
        while start < streamed.names.count {
            let end = min(start + streamed.batchSize, streamed.names.count)
            let batch = streamed.render(start..<end)
            let batchHashes = batch.map { file in
                var contents = file.contents
                return contents.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
            }
            hashes += batchHashes
            let part = write(batch, lastWritten: lastWritten, contentHashes: { batchHashes }, removingAbandonedFiles: false)
            result.written += part.written
            result.unchanged += part.unchanged
            result.diagnostics += part.diagnostics
            guard part.diagnostics.isEmpty else { return (result, hashes) }
            start = end
        }
        let last = write(files, knownContents: knownContents, lastWritten: lastWritten, removingStale: staleSuffix,
                         alsoKeeping: kept + streamed.names, contentHashes: contentHashes, removingAbandonedFiles: false)
        result.written += last.written
        result.unchanged += last.unchanged
        result.removed = last.removed
        result.diagnostics += last.diagnostics
        return (result, hashes)
    }

    /// What `write` would refuse among these files as they are now (symbolic links, files RexGen did not
    /// write, files it cannot read), checked before any content is known. A file with the signature the last
    /// run recorded is RexGen's without reading it; of the others only the first line is read.
    func refusals(of names: [String],
                  lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)]) -> [Diagnostic] {
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return [] }  // not there: nothing in it to refuse
        defer { close(directory) }
        let markerLength = GeneratedFile.headerMarker.utf8.count
        let found = Parallel.map(count: names.count, chunk: 256) { index -> Diagnostic? in
            let name = names[index]
            var status = stat()
            guard name.withCString({ fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
            if (status.st_mode & S_IFMT) == S_IFLNK { return symbolicLinkRefusal(filePath(name)) }
            if lastWritten[name]?.signature == SourceSnapshot.Signature(status) { return nil }
            let descriptor = name.withCString { openat(directory, $0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
            guard descriptor >= 0 else { return unreadableRefusal(filePath(name)) }
            defer { close(descriptor) }
            var start = [UInt8](repeating: 0, count: markerLength)
            let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, markerLength) }
            guard count >= 0 else { return unreadableRefusal(filePath(name)) }
            return start.withUnsafeBytes { Self.isRexGens(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                ? nil : notOursRefusal(filePath(name))
        }
        return found.compactMap { $0 }
    }
}
