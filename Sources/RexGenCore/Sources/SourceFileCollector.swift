import Foundation

/// Turns the paths a user gave into the Swift files to read: directories recurse into `*.swift`,
/// skipping hidden folders and `.build`; symlink loops and unreadable folders become diagnostics.
public enum SourceFileCollector {
    public static func swiftFiles(in paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        var visitedDirectories = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                let reason = isSymlink(path) ? "is a symbolic link to nothing (or a link loop)" : "does not exist"
                diagnostics.append(.error("input path '\(path)' \(reason)", at: SourceLocation(file: path, line: 1, column: 1)))
                continue
            }
            if isDirectory.boolValue {
                collect(directory: path, into: &files, visited: &visitedDirectories, diagnostics: &diagnostics)
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        return files.filter { seen.insert(standardized($0)).inserted }.sorted()
    }

    /// Iterative walk with an explicit stack: deep trees cannot exhaust the call stack, and real paths
    /// already visited are skipped, so symlink cycles end.
    private static func collect(directory root: String, into files: inout [String], visited: inout Set<String>,
                                diagnostics: inout [Diagnostic]) {
        var pending = [root]
        while let directory = pending.popLast() {
            let realPath = (directory as NSString).resolvingSymlinksInPath
            guard visited.insert(realPath).inserted else {
                if directory != root, isSymlink(directory) {
                    diagnostics.append(.warning("skipping '\(directory)': symbolic link loop",
                                                at: SourceLocation(file: directory, line: 1, column: 1)))
                }
                continue
            }
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                diagnostics.append(.error("cannot read directory '\(directory)': \(describe(error))",
                                          at: SourceLocation(file: directory, line: 1, column: 1)))
                continue
            }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let child = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                    if entry.hasSuffix(".swift") {
                        diagnostics.append(.warning("skipping '\(child)': symbolic link to nothing (or a link loop)",
                                                    at: SourceLocation(file: child, line: 1, column: 1)))
                    }
                    continue
                }
                if isDirectory.boolValue {
                    pending.append(child)
                } else if entry.hasSuffix(".swift") {
                    files.append(child)
                }
            }
        }
    }

    private static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    private static func standardized(_ path: String) -> String {
        (path as NSString).standardizingPath
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
