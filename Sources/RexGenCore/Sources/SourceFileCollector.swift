#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Turns the paths a user gave into the Swift files to read: directories recurse into `*.swift` as SwiftPM
/// compiles them, skipping hidden folders (`.build` among them) and folders that are bundles rather than
/// sources (see `bundleExtensions`); symlink loops and unreadable folders become diagnostics.
public enum SourceFileCollector {
    /// Folders SwiftPM never compiles Swift files from: a documentation catalog's tutorial code
    /// (`Documentation.docc`) imports modules the target does not, and would break the generated file that
    /// copies its imports. Asset catalogs, bundles, playgrounds and Xcode's own folders hold no sources either.
    static let bundleExtensions: Set<String> = [
        "docc", "playground", "xcassets", "xcdatamodeld", "xcmappingmodel", "bundle", "lproj",
        "framework", "xcframework", "xcodeproj", "xcworkspace",
    ]

    static func isBundle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return bundleExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public static func swiftFiles(in paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        collect(paths, diagnostics: &diagnostics).paths
    }

    /// The Swift files, sorted, each once, with the `stat` signature of those given one by one (the build
    /// plugin names every file), taken while they were looked at; nil for those found in a folder walk.
    struct Collected {
        var paths: [String]
        var signatures: [SourceSnapshot.Signature?]
    }

    static func collect(_ paths: [String], diagnostics: inout [Diagnostic]) -> Collected {
        var files: [String] = []
        var signatures: [SourceSnapshot.Signature?] = []
        var visitedDirectories = Set<String>()
        // Standardised once here, so paths found below compare equal however the user spelled them.
        let standardizedPaths = GivenPathStandardizer.standardize(paths)
        files.reserveCapacity(paths.count)
        signatures.reserveCapacity(paths.count)
        // `while` loops over tens of thousands of given files: in the debug build the build plugin runs,
        // `for … in` and `zip` iterate through unspecialised generic iterators.
        var position = 0
        while position < paths.count {
            let given = paths[position]
            let standardized = standardizedPaths[position]
            position += 1
            let path = standardized.path
            guard standardized.kind != .missing else {
                let reason = isSymlink(path) ? "is a symbolic link to nothing (or a link loop)" : "does not exist"
                diagnostics.append(.error("input path '\(given)' \(reason)", at: SourceLocation(file: given, line: 1, column: 1)))
                continue
            }
            if standardized.kind == .directory {
                let walked = files.count
                collect(directory: path, into: &files, visited: &visitedDirectories, diagnostics: &diagnostics)
                signatures += repeatElement(nil, count: files.count - walked)
            } else {
                files.append(path)
                signatures.append(standardized.signature)
            }
        }
        // One walk never lists a path twice (directories are visited once each): only several given
        // paths can overlap, and sorted, the copies are neighbours.
        var isSortedAndUnique = true
        var index = 1
        while isSortedAndUnique, index < files.count {
            isSortedAndUnique = files[index - 1] < files[index]
            index += 1
        }
        if isSortedAndUnique { return Collected(paths: files, signatures: signatures) }
        let order = files.indices.sorted { files[$0] < files[$1] }
        var collected = Collected(paths: [], signatures: [])
        collected.paths.reserveCapacity(files.count)
        collected.signatures.reserveCapacity(files.count)
        for index in order where collected.paths.last != files[index] {
            collected.paths.append(files[index])
            collected.signatures.append(signatures[index])
        }
        return collected
    }

    /// Iterative walk with an explicit stack: deep trees cannot exhaust the call stack, and real paths
    /// already visited are skipped, so symlink cycles end. `readdir`'s entry types avoid a `stat` per
    /// file; only links (and file systems that give no type) are looked at more closely.
    ///
    /// A real directory's real path is its parent's plus its name, so `realpath` (a `readlink` per path
    /// component) is only asked for the root and for directories reached through a link.
    private static func collect(directory root: String, into files: inout [String], visited: inout Set<String>,
                                diagnostics: inout [Diagnostic]) {
        var pending: [(path: String, realPath: String?)] = [(root, nil)]
        while let (directory, knownRealPath) = pending.popLast() {
            let directoryRealPath = knownRealPath ?? realPath(directory)
            guard visited.insert(directoryRealPath).inserted else {
                if directory != root, isSymlink(directory) {
                    diagnostics.append(.warning("skipping '\(directory)': symbolic link loop",
                                                at: SourceLocation(file: directory, line: 1, column: 1)))
                }
                continue
            }
            guard let stream = opendir(directory) else {
                diagnostics.append(.error("cannot read directory '\(directory)': \(String(cString: strerror(errno)))",
                                          at: SourceLocation(file: directory, line: 1, column: 1)))
                continue
            }
            var subdirectories: [(path: String, realPath: String?)] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                guard !name.hasPrefix(".") else { continue }
                let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR):
                    if isBundle(name) { continue }
                    let separator = directoryRealPath.hasSuffix("/") ? "" : "/"
                    subdirectories.append((child, directoryRealPath + separator + name))
                case Int32(DT_REG):
                    if name.hasSuffix(".swift") { files.append(child) }
                default:
                    let kind = GivenPathStandardizer.kind(following: child)
                    guard kind != .missing else {
                        if name.hasSuffix(".swift") {
                            diagnostics.append(.warning("skipping '\(child)': symbolic link to nothing (or a link loop)",
                                                        at: SourceLocation(file: child, line: 1, column: 1)))
                        }
                        continue
                    }
                    if kind == .directory {
                        if !isBundle(name) { subdirectories.append((child, nil)) }
                    } else if name.hasSuffix(".swift") {
                        files.append(child)
                    }
                }
            }
            closedir(stream)
            // Reversed onto the stack, so directories are walked in name order (diagnostics come out stable).
            pending += subdirectories.sorted { $0.path < $1.path }.reversed()
        }
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    static func describe(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}

/// Given paths as `PathText.standardized` (Foundation's `standardizingPath`) spells them (for an absolute
/// path: links resolved, `.`, `..` and doubled slashes gone), with what each names. The build plugin gives every source file by its path:
/// the app target of a modular app, tens of thousands of them in a few hundred folders. Standardising each
/// alone cost about 10 µs (a `readlink` per path component). So a folder is standardised
/// once and opened once, and a file in it is looked at with one `fstatat` relative to the folder (the kernel
/// resolves one name, not the whole path), on every core; a file that is not itself a link is its
/// standardised folder plus its name, and what `stat` said of it is kept as its signature.
enum GivenPathStandardizer {
    enum Kind: Equatable {
        case directory, other, missing
    }

    struct Standardized {
        var path: String
        var kind: Kind
        /// For a regular file that is not a link: its `stat` signature, taken as it was looked at.
        var signature: SourceSnapshot.Signature?
    }

    static func standardize(_ given: String) -> Standardized {
        standardize([given])[0]
    }

    static func standardize(_ givenPaths: [String]) -> [Standardized] {
        // Folders first, once each: their standard spelling and an open descriptor. Files given one by one
        // come folder by folder, so a path is first compared with the one before it.
        var folderIndexes: [Substring: Int] = [:]
        var folders: [Folder] = []
        var previous: (folder: Substring, index: Int)?
        var located: [(folder: Int, nameOffset: Int)?] = []
        located.reserveCapacity(givenPaths.count)
        var position = 0
        while position < givenPaths.count {  // not `map`: see `SourceFileCollector.collect`
            let given = givenPaths[position]
            position += 1
            guard let (folder, name) = fastPathParts(of: given) else {
                located.append(nil)
                continue
            }
            if let previous, previous.folder == folder {
                located.append((previous.index, name))
                continue
            }
            let index = folderIndexes[folder] ?? {
                folders.append(Folder(given: folder))
                folderIndexes[folder] = folders.count - 1
                return folders.count - 1
            }()
            previous = (folder, index)
            located.append((index, name))
        }
        defer { for folder in folders where folder.descriptor >= 0 { close(folder.descriptor) } }
        let openFolders = folders
        let locatedPaths = located
        return Parallel.map(count: givenPaths.count, chunk: 256) { index in
            let given = givenPaths[index]
            guard let (folderIndex, nameOffset) = locatedPaths[index], openFolders[folderIndex].descriptor >= 0 else {
                return foundation(given)
            }
            let folder = openFolders[folderIndex]
            var status = stat()
            let found = given.withCString { fstatat(folder.descriptor, $0 + nameOffset, &status, AT_SYMLINK_NOFOLLOW) }
            guard found == 0, (status.st_mode & S_IFMT) != S_IFLNK else { return foundation(given) }
            let path = folder.isStandard ? given
                : (folder.standard.hasSuffix("/") ? folder.standard : folder.standard + "/") + PathBytes.name(in: given)!
            let type = status.st_mode & S_IFMT
            return Standardized(path: path, kind: type == S_IFDIR ? .directory : .other,
                                signature: type == S_IFREG ? SourceSnapshot.Signature(status) : nil)
        }
    }

    private struct Folder {
        var standard: String
        /// The folder is spelled as given: a file's standard path is the given one.
        var isStandard: Bool
        var descriptor: Int32

        init(given: Substring) {
            let path = given.isEmpty ? "/" : String(given)
            standard = PathText.standardized(path)
            isStandard = !given.isEmpty && standard == path
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
    }

    /// The folder and where the name starts, for an absolute path with a last component other than `.` or
    /// `..`, not ending in a slash; nil for every other spelling, which takes the slow path.
    private static func fastPathParts(of given: String) -> (folder: Substring, nameOffset: Int)? {
        guard given.utf8.first == UInt8(ascii: "/"), let nameOffset = PathBytes.nameOffset(in: given) else { return nil }
        let isDots = given.withCString { start in
            start[nameOffset] == 0x2E && (start[nameOffset + 1] == 0 || (start[nameOffset + 1] == 0x2E && start[nameOffset + 2] == 0))
        }
        guard !isDots else { return nil }
        let utf8 = given.utf8
        return (given[..<utf8.index(utf8.startIndex, offsetBy: nameOffset - 1)], nameOffset)
    }

    /// The slow path, for links, relative paths, `~`, and a last component of `.` or `..`; a trailing
    /// slash names a folder as given, unstandardised (as before: `link/` walks the link).
    private static func foundation(_ given: String) -> Standardized {
        if given.utf8.count > 1, given.hasSuffix("/") {
            let path = String(given.dropLast())
            return Standardized(path: path, kind: kind(following: path))
        }
        let path = PathText.standardized(given)
        return Standardized(path: path, kind: kind(following: path))
    }

    /// What `path` names, links followed.
    static func kind(following path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }
}
