#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The path operations RexGen used from `NSString`, written out, so the build plugin's tool needs only
/// FoundationEssentials (without Foundation's internationalisation and its ICU data, the prebuilt tool is a
/// third of the size). Each keeps `NSString`'s result, which `PathTextTests` compares on many spellings.
enum PathText {
    /// `NSString.appendingPathComponent`.
    static func appending(_ component: String, to path: String) -> String {
        guard !path.isEmpty else { return fixingSlashes(component) }
        guard !component.isEmpty else { return fixingSlashes(path) }
        return fixingSlashes(path + "/" + component)
    }

    /// `NSString.lastPathComponent`.
    static func lastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed != "/" else { return "/" }
        guard let slash = fixed.lastIndex(of: "/") else { return fixed }
        return String(fixed[fixed.index(after: slash)...])
    }

    /// `NSString.deletingLastPathComponent`.
    static func deletingLastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed != "/" else { return "/" }
        guard let slash = fixed.lastIndex(of: "/") else { return "" }
        return slash == fixed.startIndex ? "/" : String(fixed[..<slash])
    }

    /// `NSString.deletingPathExtension`: the last component's `.ext` removed, unless the component is all
    /// extension (`.profile`).
    static func deletingExtension(of path: String) -> String {
        let fixed = fixingSlashes(path)
        let nameStart = fixed.lastIndex(of: "/").map(fixed.index(after:)) ?? fixed.startIndex
        guard let dot = fixed[nameStart...].lastIndex(of: "."), dot != nameStart,
              fixed.index(after: dot) != fixed.endIndex else { return fixed }
        return String(fixed[..<dot])
    }

    /// `NSString.standardizingPath` as Foundation on Linux computes it: `~` expanded, then component by
    /// component, `.` and empty components dropped, `..` going up in an absolute path (and kept in a relative
    /// one, as is the first component), each link whose destination is absolute replaced by it; a leading
    /// `/private` or `/var/automount` dropped when the shorter path exists. (Foundation resolves a link with a
    /// relative destination against the working directory, when that exists; this keeps such a link as
    /// written, a spelling of the same file.)
    static func standardized(_ path: String) -> String {
        let expanded = expandingTilde(path)
        var components: [String] = expanded.hasPrefix("/") ? ["/"] : []
        components += expanded.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return expanded }
        let isAbsolute = expanded.hasPrefix("/")
        var resolved = components.removeFirst()
        for component in components {
            switch component {
            case "", ".":
                break
            case ".." where isAbsolute:
                resolved = deletingLastComponent(of: resolved)
            default:
                resolved = appending(component, to: resolved)
                if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: resolved),
                   destination.hasPrefix("/") {
                    resolved = destination
                }
            }
        }
        return removingExistingPrefix("/var/automount", from: removingExistingPrefix("/private", from: resolved))
    }

    /// `path` without `prefix`, when it starts with that folder and the rest names something that exists.
    private static func removingExistingPrefix(_ prefix: String, from path: String) -> String {
        guard path.hasPrefix(prefix + "/") else { return path }
        let shorter = String(path.dropFirst(prefix.count))
        return FileManager.default.fileExists(atPath: shorter) ? shorter : path
    }

    /// `~` and `~user` at the start replaced by that user's home folder (`HOME` for the current user when set).
    static func expandingTilde(_ path: String) -> String {
        guard path.first == "~" else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let user = String(path[path.index(after: path.startIndex)..<slash])
        let home: String? = if user.isEmpty, let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { home }
            else if let entry = user.isEmpty ? getpwuid(getuid()) : getpwnam(user), let directory = entry.pointee.pw_dir {
                String(cString: directory)
            } else { nil }
        guard let home else { return fixingSlashes(path) }
        return fixingSlashes(home + path[slash...])
    }

    /// Doubled slashes made one, and a trailing slash dropped (but for `/` itself).
    private static func fixingSlashes(_ path: String) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var lastWasSlash = false
        for character in path {
            if character == "/" {
                if lastWasSlash { continue }
                lastWasSlash = true
            } else {
                lastWasSlash = false
            }
            result.append(character)
        }
        if result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
