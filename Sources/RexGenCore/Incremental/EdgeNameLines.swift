/// `GenerationCache.edgeNames`' lines, kept sorted as `EdgeNames(in:)` writes them
/// (by bytes, which for the ASCII names `TreeEdit` adds is `String`'s order), edited as bytes: ten
/// thousand names, which a debug build would rather not split into strings.
enum EdgeNameLines {
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
