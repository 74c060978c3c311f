import Foundation

/// Turns the paths a user gave into the Swift files to read: directories recurse into `*.swift`,
/// skipping hidden folders and `.build`; symlink loops and unreadable folders become diagnostics.
public enum SourceFileCollector {
    public static func swiftFiles(in paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        var visitedDirectories = Set<String>()
        var standardizer = GivenPathStandardizer()
        for given in paths {
            // Standardised once here, so paths found below compare equal however the user spelled them.
            let (path, kind) = standardizer.standardize(given)
            guard kind != .missing else {
                let reason = isSymlink(path) ? "is a symbolic link to nothing (or a link loop)" : "does not exist"
                diagnostics.append(.error("input path '\(given)' \(reason)", at: SourceLocation(file: given, line: 1, column: 1)))
                continue
            }
            if kind == .directory {
                collect(directory: path, into: &files, visited: &visitedDirectories, diagnostics: &diagnostics)
            } else {
                files.append(path)
            }
        }
        // One walk never lists a path twice (directories are visited once each): only several given
        // paths can overlap.
        guard paths.count > 1 else { return files.sorted() }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }.sorted()
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
                    let separator = directoryRealPath.hasSuffix("/") ? "" : "/"
                    subdirectories.append((child, directoryRealPath + separator + name))
                case Int32(DT_REG):
                    if name.hasSuffix(".swift") { files.append(child) }
                default:
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                        if name.hasSuffix(".swift") {
                            diagnostics.append(.warning("skipping '\(child)': symbolic link to nothing (or a link loop)",
                                                        at: SourceLocation(file: child, line: 1, column: 1)))
                        }
                        continue
                    }
                    if isDirectory.boolValue {
                        subdirectories.append((child, nil))
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
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// Given paths as `NSString.standardizingPath` spells them (for an absolute path: links resolved, `.`, `..`
/// and doubled slashes gone), with what each names. The build plugin gives every source file by its path,
/// thousands in a handful of folders, and standardising each alone cost about 10 µs (a `readlink` per path
/// component, in Foundation), 50 ms for 5,000 files on every build. So a folder is standardised once, and
/// a file in it that is not itself a link is its standardised folder plus its name: one `lstat` per file.
struct GivenPathStandardizer {
    enum Kind: Equatable {
        case directory, other, missing
    }

    private var folders: [Substring: String] = [:]

    mutating func standardize(_ given: String) -> (path: String, kind: Kind) {
        // A trailing slash names a folder as given, unstandardised (as before: `link/` walks the link).
        if given.utf8.count > 1, given.hasSuffix("/") {
            let path = String(given.dropLast())
            return (path, Self.kind(following: path))
        }
        guard given.hasPrefix("/"), let slash = given.lastIndex(of: "/") else { return Self.foundation(given) }
        let name = given[given.index(after: slash)...]
        var status = stat()
        guard name != ".", name != "..", lstat(given, &status) == 0, (status.st_mode & S_IFMT) != S_IFLNK else {
            return Self.foundation(given)
        }
        let folder = given[..<slash]
        let standardFolder = folders[folder] ?? {
            let standard = ((folder.isEmpty ? "/" : String(folder)) as NSString).standardizingPath
            folders[folder] = standard
            return standard
        }()
        let path = standardFolder.hasSuffix("/") ? standardFolder + name : standardFolder + "/" + name
        return (path, (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other)
    }

    /// The slow path, for links, relative paths, `~`, and a last component of `.` or `..`.
    private static func foundation(_ given: String) -> (path: String, kind: Kind) {
        let path = (given as NSString).standardizingPath
        return (path, kind(following: path))
    }

    private static func kind(following path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }
}
