#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Byte-level looks at a path, done by the C library on the string's own bytes. The build plugin passes
/// tens of thousands of paths and runs the debug build of the tool in a debug build of the app, where
/// Swift's generic collection algorithms (`lastIndex(of:)` over `utf8`) run unspecialised, at a few
/// microseconds a path; these cost a `strrchr`.
enum PathBytes {
    /// The byte offset where the last component of `path` starts (after its last slash, or 0), or nil for
    /// a path that is empty, ends in a slash or holds a NUL byte (no name a file system can have).
    static func nameOffset(in path: String) -> Int? {
        let count = path.utf8.count
        return path.withCString { start -> Int? in
            guard count > 0, strlen(start) == count, start[count - 1] != 0x2F else { return nil }
            guard let slash = strrchr(start, 0x2F) else { return 0 }
            return UnsafePointer(slash) - start + 1
        }
    }

    /// The last component of `path`: the name after its last slash.
    static func name(in path: String) -> String? {
        nameOffset(in: path).map { offset in
            path.withCString { String(cString: $0 + offset) }
        }
    }
}
