#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Names kept one to a line in one string, the first and the last line closed by newlines too (`EdgeNames`,
/// `TreeShape`'s names): searched and edited as bytes, as ten thousand names are more than a debug build
/// would rather split into strings. `inserting` and `removing` keep the lines sorted as `EdgeNames(in:)`
/// writes them (by bytes, which for the ASCII names `TreeEdit` adds is `String`'s order).
enum NameLines {
    /// `names` one to a line.
    static func lines(_ names: [String]) -> String {
        names.isEmpty ? "\n" : "\n" + names.joined(separator: "\n") + "\n"
    }

    /// Whether `name` is one of `lines`' lines.
    static func contains(_ name: String, inLines lines: String) -> Bool {
        guard !name.utf8.contains(UInt8(ascii: "\n")) else { return false }
        let needle = "\n" + name + "\n"
        return lines.withCString { lines in needle.withCString { strstr(lines, $0) != nil } }
    }

    /// Whether two or more of `lines`' lines are `name`.
    static func containsTwice(_ name: String, inLines lines: String) -> Bool {
        guard !name.utf8.contains(UInt8(ascii: "\n")) else { return false }
        let needle = "\n" + name + "\n"
        return lines.withCString { lines in
            needle.withCString { needle in
                // The first match's closing newline opens the line after it.
                guard let first = strstr(lines, needle) else { return false }
                return strstr(first + strlen(needle) - 1, needle) != nil
            }
        }
    }

    /// The number of the first of `lines`' lines that is `name`, counting from 0.
    static func lineNumber(of name: String, in lines: String) -> Int? {
        guard !name.utf8.contains(UInt8(ascii: "\n")) else { return nil }
        let needle = "\n" + name + "\n"
        return lines.withCString { start in
            needle.withCString { needle -> Int? in
                guard let found = strstr(start, needle) else { return nil }
                // Newlines before the match, the one that opens the first line excepted.
                var count = -1
                var cursor = UnsafePointer(start)
                let end = UnsafePointer(found)
                while let newline = memchr(cursor, 0x0A, end - cursor + 1) {
                    count += 1
                    cursor = UnsafePointer(newline.assumingMemoryBound(to: CChar.self)) + 1
                    if cursor > end { break }
                }
                return count
            }
        }
    }

    /// `lines` with its lines numbered `range` (from 0) replaced by `names`.
    static func replacing(_ range: Range<Int>, with names: [String], in lines: String) -> String {
        var bytes = Array(lines.utf8)
        // The newlines that open line `range.lowerBound` and line `range.upperBound` (or end the last line).
        let (lower, upper) = bytes.withUnsafeBufferPointer { buffer -> (Int, Int) in
            var found: [Int] = []
            var line = -1
            var cursor = 0
            let base = buffer.baseAddress!
            while cursor < buffer.count, found.count < 2,
                  let hit = memchr(base + cursor, 0x0A, buffer.count - cursor) {
                let offset = hit.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                line += 1
                if line == range.lowerBound { found.append(offset) }
                if line == range.upperBound { found.append(offset) }
                cursor = offset + 1
            }
            return (found.first ?? buffer.count, found.last ?? buffer.count)
        }
        var replacement: [UInt8] = []
        for name in names { replacement += [0x0A] + Array(name.utf8) }
        bytes.replaceSubrange(lower..<upper, with: replacement)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `names` with `name` inserted in order; nil if it is there already.
    static func inserting(_ name: String, into names: String) -> String? {
        var bytes = Array(names.utf8)
        if bytes == [0x0A, 0x0A] { bytes = [0x0A] }
        let needle = Array(name.utf8)
        var place = bytes.count
        var found = false
        eachLine(of: bytes) { range in
            let order = compare(bytes[range], needle)
            if order == 0 { found = true }
            if order >= 0 { place = range.lowerBound }
            return order < 0
        }
        guard !found else { return nil }
        bytes.insert(contentsOf: needle + [0x0A], at: place)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `names` without `name`; nil if it is not there.
    static func removing(_ name: String, from names: String) -> String? {
        var bytes = Array(names.utf8)
        let needle = Array(name.utf8)
        var line: Range<Int>?
        eachLine(of: bytes) { range in
            if compare(bytes[range], needle) == 0 { line = range }
            return line == nil
        }
        guard let line else { return nil }
        bytes.removeSubrange(line.lowerBound..<(line.upperBound + 1))
        return bytes == [0x0A] ? "\n\n" : String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with each line's range (its newline excluded) while it returns true.
    private static func eachLine(of bytes: [UInt8], _ body: (Range<Int>) -> Bool) {
        var start = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            guard end < bytes.count, body(start..<end) else { return }
            start = end + 1
        }
    }

    /// Negative, zero or positive as `line` sorts before, with or after `name`.
    private static func compare(_ line: ArraySlice<UInt8>, _ name: [UInt8]) -> Int {
        var offset = 0
        while offset < line.count, offset < name.count {
            let difference = Int(line[line.startIndex + offset]) - Int(name[offset])
            if difference != 0 { return difference }
            offset += 1
        }
        return line.count - name.count
    }
}
