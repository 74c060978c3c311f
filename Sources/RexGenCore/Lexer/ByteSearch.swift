#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Byte searches the reader runs over long stretches of text (comments, whole files), eight bytes at a
/// time where that pays.
extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first `\n` or `\r` at or after `start`, or `count`: where a line comment ends.
    func lineEnd(from start: Int) -> Int {
        firstByte(from: start, outside: { ~ByteWord.lineBreaks($0) }) { $0 != .newline && $0 != .carriageReturn }
    }

    /// The offset of the first byte at or after `start` that is not an identifier character (or `count`).
    func identifierEnd(from start: Int) -> Int {
        firstByte(from: start, outside: ByteWord.identifierBytes) { $0.isIdentifierContinuation }
    }

    /// The offset of the first byte at or after `start` that is not a space (or `count`): the end of
    /// indentation.
    func spacesEnd(from start: Int) -> Int {
        firstByte(from: start, outside: { ByteWord.bytes($0, equalTo: .space) }) { $0 == .space }
    }

    /// The first byte from `start` that is not in a class, the class given for a word (`inWord`: the high bit
    /// of each member byte) and for a byte (`isMember`, for the last few bytes of the buffer).
    @inline(__always)
    private func firstByte(from start: Int, outside inWord: (UInt64) -> UInt64, isMember: (UInt8) -> Bool) -> Int {
        var index = start
        if let base = baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let others = ~inWord(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & ByteWord.highBits
                if others != 0 { return index + others.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count, isMember(self[index]) { index += 1 }
        return index
    }

    /// Whether `needle`'s UTF-8 bytes occur in this buffer: a plain byte search, no `String` needed.
    func containsBytes(of needle: StaticString) -> Bool {
        containsBytes(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
    }

    /// Whether `needle`'s bytes occur in this buffer: `memchr` for its first byte, `memcmp` for the rest, so
    /// a search through megabytes (a cache's parse section) runs as fast in a debug build.
    func containsBytes(of needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, count >= needle.count, let base = baseAddress else { return needle.isEmpty }
        var start = 0
        while count - start >= needle.count {
            guard let found = memchr(base + start, Int32(first), count - start - needle.count + 1) else { return false }
            let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 { return true }
            start = offset + 1
        }
        return false
    }
}

/// Eight bytes in a `UInt64` (little-endian: byte `i` is bits `8i..<8i+8`), tested all at once.
enum ByteWord {
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word`, and no other bit (exact, unlike the shorter borrow trick,
    /// so the bits tell which bytes).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = repeated(0x7F)
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// The high bit of each byte of `word` that equals `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 { zeroBytes(word ^ repeated(byte)) }

    static let highBits = repeated(0x80)

    /// The high bit of each byte of `word` that is an identifier character: ASCII letter, digit, `_`, or
    /// any byte from 0x80 on (as `UInt8.isIdentifierContinuation`).
    @inline(__always)
    static func identifierBytes(_ word: UInt64) -> UInt64 {
        let ascii = word & repeated(0x7F)
        let digits = atLeast(ascii, UInt8(ascii: "0")) & atMost(ascii, UInt8(ascii: "9"))
        // `| 0x20` turns upper-case letters into lower-case ones and moves no other byte into `a`...`z`.
        let folded = ascii | repeated(0x20)
        let letters = atLeast(folded, UInt8(ascii: "a")) & atMost(folded, UInt8(ascii: "z"))
        return (word | digits | letters | bytes(ascii, equalTo: .underscore)) & highBits
    }

    /// For bytes below 0x80: the high bit of each byte that is at least `low` (adding `0x80 - low` carries
    /// into the high bit exactly then, and never out of the byte).
    @inline(__always)
    private static func atLeast(_ word: UInt64, _ low: UInt8) -> UInt64 { word &+ repeated(0x80 - low) }

    /// For bytes below 0x80: the high bit of each byte that is at most `high` (never borrowing across bytes).
    @inline(__always)
    private static func atMost(_ word: UInt64, _ high: UInt8) -> UInt64 { repeated(0x80 + high) &- word }

    /// The high bit of each `\n` and `\r` in `word`.
    @inline(__always)
    static func lineBreaks(_ word: UInt64) -> UInt64 {
        bytes(word, equalTo: .newline) | bytes(word, equalTo: .carriageReturn)
    }
}
