/// Byte searches the reader runs over long stretches of text (comments, whole files), eight bytes at a
/// time where that pays.
extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first `\n` or `\r` at or after `start`, or `count`: where a line comment ends.
    func lineEnd(from start: Int) -> Int {
        var index = start
        if let base = baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if ByteWord.lineBreaks(word) != 0 { break }
                index += 8
            }
        }
        while index < count, self[index] != .newline, self[index] != .carriageReturn { index += 1 }
        return index
    }

    /// Whether `needle`'s UTF-8 bytes occur in this buffer: a plain byte search, no `String` needed.
    func containsBytes(of needle: StaticString) -> Bool {
        let length = needle.utf8CodeUnitCount
        guard length > 0, count >= length else { return length == 0 }
        let pattern = needle.utf8Start
        let first = pattern[0]
        var index = 0
        candidates: while index <= count - length {
            defer { index += 1 }
            guard self[index] == first else { continue }
            for offset in 1..<length where self[index + offset] != pattern[offset] { continue candidates }
            return true
        }
        return false
    }
}

/// Eight bytes in a `UInt64` (little-endian: byte `i` is bits `8i..<8i+8`), tested all at once.
enum ByteWord {
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word`, and no other bit (exact, unlike the shorter borrow trick,
    /// so the bits can be counted).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = repeated(0x7F)
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// How many high bits `highBits` (as `zeroBytes` returns them) has: the bytes' sum gathered by one
    /// multiplication into the top byte. (`nonzeroBitCount` would be a dozen instructions: the portable
    /// x86-64 baseline Swift compiles for has no `popcnt`.)
    @inline(__always)
    static func count(_ highBits: UInt64) -> Int { Int(((highBits >> 7) &* repeated(1)) >> 56) }

    /// The high bit of each byte of `word` that equals `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 { zeroBytes(word ^ repeated(byte)) }

    /// The high bit of each `\n` and `\r` in `word`.
    @inline(__always)
    static func lineBreaks(_ word: UInt64) -> UInt64 {
        bytes(word, equalTo: .newline) | bytes(word, equalTo: .carriageReturn)
    }
}
