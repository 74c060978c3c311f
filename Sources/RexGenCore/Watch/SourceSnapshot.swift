#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// A cheap signature of everything a run reads: which files exist and, for each, its size and
/// modification time. Watch mode compares two snapshots instead of reading files, so polling costs a
/// directory walk and one `stat` per file, whatever the files hold.
public struct SourceSnapshot: Sendable, Equatable {
    /// What `stat` says about one file; `nil` in `files` means the path is listed but unreadable or gone
    /// (a configuration file that was deleted, a file removed between the walk and the `stat`).
    public struct Signature: Sendable, Hashable {
        public var size: Int64
        /// Nanoseconds since 1970: saves within the same second must still differ.
        public var modified: Int64
        /// Editors that save by writing a new file and renaming it over the old one change the inode even
        /// when size and time (at the file system's granularity) happen to match.
        public var inode: UInt64

        public init(size: Int64, modified: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.inode = inode
        }

        public init(_ info: stat) {
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            self.init(size: Int64(info.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
                      inode: UInt64(info.st_ino))
        }
    }

    /// Swift inputs (sources and references), by path as the collector spells it.
    public var files: [String: Signature?]
    /// Files outside the Swift inputs whose change matters too (the configuration file).
    public var extraFiles: [String: Signature?]

    public init(files: [String: Signature?] = [:], extraFiles: [String: Signature?] = [:]) {
        self.files = files
        self.extraFiles = extraFiles
    }

    /// Walks `options`' sources and references as a run would. Paths in `excluding` (absolute or relative
    /// to the working directory) are left out: watch mode's own output may sit inside the sources, and
    /// writing it must not count as a change. Collector diagnostics are dropped here; the run that
    /// follows reports them.
    public static func capture(_ options: GenerationOptions, extraFiles: [String] = [],
                               excluding excluded: [String] = []) -> SourceSnapshot {
        var ignored: [Diagnostic] = []
        let paths = SourceFileCollector.swiftFiles(in: options.sources + options.references, diagnostics: &ignored)
        let watched = removing(excluded, from: paths)
        var snapshot = SourceSnapshot()
        snapshot.files.reserveCapacity(watched.count)
        for (path, signature) in zip(watched, signatures(of: watched)) {
            snapshot.files[path] = signature
        }
        for path in extraFiles {
            snapshot.extraFiles[path] = signature(of: path)
        }
        return snapshot
    }

    /// `paths` without the ones in `excluded` (absolute or relative to the working directory).
    /// Matching names first: standardizing every path on every poll would cost more than the `stat`s.
    public static func removing(_ excluded: [String], from paths: [String]) -> [String] {
        let kept = indexes(of: paths, excluding: excluded)
        return kept.count == paths.count ? paths : kept.map { paths[$0] }
    }

    /// The indexes of `paths` that are not in `excluded`, in order.
    static func indexes(of paths: [String], excluding excluded: [String]) -> [Int] {
        guard !excluded.isEmpty else { return Array(0..<paths.count) }
        // The excluded names' common ending (`.generated.swift` for RexGen's outputs): a path that does not
        // end in it cannot be one of them, which one `memcmp` tells, with no name made or hashed. With one
        // output per source, both lists run to tens of thousands, and nearly always no input ends so.
        let ending = commonNameEnding(of: excluded)
        var excludedNames: Set<Substring>?
        var suspects: [Int] = []
        var index = 0
        while index < paths.count {  // not `filter`: see `SourceFileCollector.collect`
            let path = paths[index]
            if ends(path, with: ending) {
                if excludedNames == nil { excludedNames = Set(excluded.map(fileName)) }
                if excludedNames!.contains(fileName(path)) { suspects.append(index) }
            }
            index += 1
        }
        // Absolute paths (through Foundation, slow) only when a name matches.
        guard !suspects.isEmpty else { return Array(0..<paths.count) }
        let excludedPaths = Set(excluded.map(absolute))
        let dropped = Set(suspects.filter { excludedPaths.contains(absolute(paths[$0])) })
        return paths.indices.filter { !dropped.contains($0) }
    }

    /// One `stat` per path, on every core: thousands of them are a noticeable part of a run that
    /// finds nothing changed.
    public static func signatures(of paths: [String]) -> [Signature?] {
        Parallel.map(count: paths.count, chunk: 256) { signature(of: paths[$0]) }
    }

    /// The snapshot without `paths` (absolute or relative, spelled as the collector did or not), for an
    /// output file that became known only after the snapshot was taken.
    public func excluding(_ paths: [String]) -> SourceSnapshot {
        let excludedPaths = Set(paths.map(Self.absolute))
        var copy = self
        copy.files = files.filter { !excludedPaths.contains(Self.absolute($0.key)) }
        return copy
    }

    public static func signature(of path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Signature(info)
    }

    /// How `self` differs from `earlier`, path by path.
    public func changes(since earlier: SourceSnapshot) -> Changes {
        var changes = Changes()
        for (path, signature) in files {
            if let index = earlier.files.index(forKey: path) {
                if earlier.files[index].value != signature { changes.modified.append(path) }
            } else {
                changes.added.append(path)
            }
        }
        changes.removed = earlier.files.keys.filter { files.index(forKey: $0) == nil }
        changes.extraFiles = extraFiles.keys.filter { earlier.extraFiles[$0] != extraFiles[$0] }
            + earlier.extraFiles.keys.filter { extraFiles.index(forKey: $0) == nil }
        changes.added.sort()
        changes.removed.sort()
        changes.modified.sort()
        changes.extraFiles.sort()
        return changes
    }

    public struct Changes: Sendable, Equatable {
        public var added: [String] = []
        public var removed: [String] = []
        public var modified: [String] = []
        /// Extra files (the configuration) that appeared, disappeared or changed.
        public var extraFiles: [String] = []

        public init() {}

        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty && extraFiles.isEmpty }

        /// Every path involved, in a stable order, for messages.
        public var allPaths: [String] { (modified + added + removed + extraFiles) }
    }

    /// The longest byte string every path's name ends in (empty when one has no name `PathBytes` finds).
    static func commonNameEnding(of paths: [String]) -> [UInt8] {
        var ending: [UInt8]?
        var position = 0
        while position < paths.count, ending?.isEmpty != true {
            var path = paths[position]
            position += 1
            guard let nameOffset = PathBytes.nameOffset(in: path) else { return [] }
            path.withUTF8 { utf8 in
                guard var kept = ending else {
                    ending = Array(utf8[nameOffset...])
                    return
                }
                // Shortened to what this name ends in too, compared from the end.
                var matched = 0
                let limit = min(kept.count, utf8.count - nameOffset)
                while matched < limit, kept[kept.count - 1 - matched] == utf8[utf8.count - 1 - matched] { matched += 1 }
                if matched < kept.count {
                    kept.removeFirst(kept.count - matched)
                    ending = kept
                }
            }
        }
        return ending ?? []
    }

    private static func ends(_ path: String, with ending: [UInt8]) -> Bool {
        guard !ending.isEmpty else { return true }
        var path = path
        return path.withUTF8 { utf8 in
            // A name with a slash after it is left to the full comparison.
            utf8.last == UInt8(ascii: "/") || utf8.count >= ending.count
                && ending.withUnsafeBytes { memcmp(utf8.baseAddress! + utf8.count - ending.count, $0.baseAddress!, ending.count) == 0 }
        }
    }

    private static func fileName(_ path: String) -> Substring {
        if let name = PathBytes.name(in: path) { return Substring(name) }
        let trimmed = path.utf8.last == UInt8(ascii: "/") ? path.dropLast() : Substring(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return trimmed[trimmed.utf8.index(after: slash)...]
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
