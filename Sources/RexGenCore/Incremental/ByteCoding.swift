/// The byte-level encoding of `.rexgen-cache`: LEB128 integers and length-prefixed UTF-8 strings, written
/// and read by hand because `Codable` costs more than the parse it saves for thousands of files.
/// A class, so the encoders that fill it share one buffer instead of copying it.
final class ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    func raw(_ other: [UInt8]) { bytes += other }

    func raw(_ other: ArraySlice<UInt8>) { bytes += other }

    func raw(_ other: Slice<UnsafeRawBufferPointer>) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: other)) }

    func byte(_ value: UInt8) { bytes.append(value) }

    func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Counts and lengths, never negative.
    func count(_ value: Int) { unsigned(UInt64(value)) }

    /// Zigzag, so small negative numbers stay small.
    func signed(_ value: Int64) { unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    /// A fixed-width field (checksums and content hashes).
    /// Four bytes to be filled in by `fill(_:at:)` once what follows them is written (a length).
    func placeholder32() -> Int {
        bytes += [0, 0, 0, 0]
        return bytes.count - 4
    }

    func fill(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { value in
            for index in 0..<4 { bytes[offset + index] = value[index] }
        }
    }

    func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func string(_ value: String) {
        var copy = value
        copy.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    func strings(_ values: [String]) {
        count(values.count)
        for value in values { string(value) }
    }
}

/// Reads what `ByteWriter` wrote. Every read is bounds-checked and throws on anything out of shape, so a
/// truncated or corrupt cache is rejected (and the run does everything again), never trusted or crashed on.
struct ByteReader {
    struct Malformed: Error {}

    let base: UnsafeRawBufferPointer
    private(set) var offset: Int
    private let end: Int

    init(_ base: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
        self.base = base
        self.offset = start
        self.end = min(end ?? base.count, base.count)
    }

    var isAtEnd: Bool { offset == end }

    /// Whether the next byte is a zero (an empty array's count), without reading it.
    var nextByteIsZero: Bool { offset < end && base[offset] == 0 }

    // No `defer` in the readers below: the debug build the build plugin runs pays for each one, and they
    // run millions of times when a modular app's cache is decoded.
    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw Malformed() }
        let value = base[offset]
        offset += 1
        return value
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Malformed()
        }
    }

    mutating func unsigned() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Malformed() }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    /// A count or length: also bounded by the bytes left, so a corrupt count cannot ask for a huge array.
    mutating func count() throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(end - offset) else { throw Malformed() }
        return Int(value)
    }

    /// A non-negative number such as a line: unlike `count()`, not bounded by the bytes left.
    mutating func natural() throws -> Int {
        let value = try unsigned()
        guard let result = Int(exactly: value) else { throw Malformed() }
        return result
    }

    mutating func int() throws -> Int {
        let value = try signed()
        guard let result = Int(exactly: value) else { throw Malformed() }
        return result
    }

    mutating func signed() throws -> Int64 {
        let value = try unsigned()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func fixed32() throws -> UInt32 {
        let bytes = try slice(4)
        return UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
    }

    mutating func fixed64() throws -> UInt64 {
        guard end - offset >= 8 else { throw Malformed() }
        let value = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
        return value
    }

    /// The next `count` bytes, without copying.
    mutating func slice(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, end - offset >= count else { throw Malformed() }
        // Not `base[offset..<end]` rebased: a range and a slice are generic work in a debug build.
        let bytes = count == 0 ? UnsafeRawBufferPointer(start: nil, count: 0)
            : UnsafeRawBufferPointer(start: base.baseAddress! + offset, count: count)
        offset += count
        return bytes
    }

    mutating func string() throws -> String {
        let bytes = try slice(try count())
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the next string equals `expected`, consuming it; compares bytes without building a String.
    mutating func stringEquals(_ expected: String) throws -> Bool {
        let bytes = try slice(try count())
        var copy = expected
        return copy.withUTF8 { $0.elementsEqual(bytes) }
    }

    mutating func strings() throws -> [String] {
        let count = try count()
        guard count > 0 else { return [] }
        var result: [String] = []
        result.reserveCapacity(count)
        var index = 0
        while index < count {
            result.append(try string())
            index += 1
        }
        return result
    }
}

/// A fast 64-bit hash of file contents (eight bytes a step), to tell a file rewritten within the same
/// clock tick from the one that was parsed. It guards against accidents, not adversaries.
enum ContentHash {
    /// - Parameter seed: another seed gives an independent hash of the same bytes.
    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let start = start(count: bytes.count, seed: seed)
        var index = 0
        // Four independent lanes over 32 bytes a step, so the multiplications overlap: megabytes of
        // output are hashed on every run that generates.
        var folded: Lanes?
        if bytes.count >= 32 {
            var running = lanes(from: start)
            while index + 32 <= bytes.count {
                step(&running, bytes, at: index)
                index += 32
            }
            folded = running
        }
        return finish(start, lanes: folded, rest: UnsafeRawBufferPointer(rebasing: bytes[index...]))
    }

    typealias Lanes = (UInt64, UInt64, UInt64, UInt64)

    static func start(count: Int, seed: UInt64) -> UInt64 {
        0x9E37_79B9_7F4A_7C15 ^ UInt64(count) ^ (seed &* 0xC2B2_AE3D_27D4_EB4F)
    }

    static func lanes(from start: UInt64) -> Lanes {
        (start, start ^ 0x6A09_E667_F3BC_C908, start ^ 0xBB67_AE85_84CA_A73B, start ^ 0x3C6E_F372_FE94_F82B)
    }

    /// One 32-byte step, eight bytes into each lane.
    static func step(_ lanes: inout Lanes, _ bytes: UnsafeRawBufferPointer, at index: Int) {
        lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
        lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
        lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
    }

    /// The lanes (nil for fewer than 32 bytes) folded in, then the rest, fewer than 32 bytes, eight a step.
    static func finish(_ start: UInt64, lanes: Lanes?, rest: UnsafeRawBufferPointer) -> UInt64 {
        var hash = start
        if let lanes { hash = mix(mix(mix(mix(hash, lanes.0), lanes.1), lanes.2), lanes.3) }
        var index = 0
        while index + 8 <= rest.count {
            hash = mix(hash, rest.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        return finalized(mix(hash, tail(of: rest, from: index)))
    }

    /// The fewer than eight bytes from `index` to the end, little-endian in one word. A plain loop, not
    /// `enumerated()`: in the debug build the build plugin runs, that generic iterator made hashing section
    /// keys most of the time spent rendering.
    static func tail(of bytes: UnsafeRawBufferPointer, from index: Int) -> UInt64 {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        var offset = index
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return tail
    }

    static func finalized(_ hash: UInt64) -> UInt64 {
        var hash = hash
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }

    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        var value = word &* 0x87C3_7B91_1142_53D5
        value = (value << 31) | (value >> 33)
        value &*= 0x4CF5_AD43_2745_937F
        let mixed = hash ^ value
        return ((mixed << 27) | (mixed >> 37)) &* 5 &+ 0x52DC_E729
    }
}

extension ContentHash {
    /// `ContentHash.of` a buffer given in pieces, with the same result, so that a buffer of megabytes (the
    /// cache's parse section) need not be copied into one piece to be hashed. The whole length is needed
    /// first: it seeds the hash.
    struct Streaming {
        private let count: Int
        /// Where the 32-byte steps end; the rest is hashed eight bytes a step when all has been fed.
        private let stepsEnd: Int
        private let start: UInt64
        private var lanes: ContentHash.Lanes
        private var fed = 0
        /// Bytes not hashed yet: fewer than 32 of a step cut by the end of a piece, or the last bytes.
        private var pending: [UInt8] = []

        init(count: Int, seed: UInt64 = 0) {
            self.count = count
            stepsEnd = count / 32 * 32
            start = ContentHash.start(count: count, seed: seed)
            lanes = ContentHash.lanes(from: start)
        }

        mutating func feed(_ bytes: UnsafeRawBufferPointer) {
            var index = 0
            while index < bytes.count {
                if fed >= stepsEnd {
                    pending.append(contentsOf: bytes[index...])
                    fed += bytes.count - index
                    return
                }
                if pending.isEmpty, bytes.count - index >= 32 {
                    while index + 32 <= bytes.count, fed < stepsEnd {
                        ContentHash.step(&lanes, bytes, at: index)
                        index += 32
                        fed += 32
                    }
                } else {
                    pending.append(bytes[index])
                    index += 1
                    fed += 1
                    if pending.count == 32 {
                        pending.withUnsafeBytes { ContentHash.step(&lanes, $0, at: 0) }
                        pending.removeAll(keepingCapacity: true)
                    }
                }
            }
        }

        /// The hash, once exactly `count` bytes have been fed.
        var value: UInt64 {
            precondition(fed == count, "fed \(fed) of \(count) bytes")
            return pending.withUnsafeBytes { ContentHash.finish(start, lanes: count >= 32 ? lanes : nil, rest: $0) }
        }
    }
}

/// A 128-bit hash of a sequence of fields, mixed in as they are fed: no buffer to fill first. Every field
/// is whole 64-bit words (a string: its length, then its bytes zero-padded), so different sequences of
/// fields cannot feed the same words.
struct FieldHasher {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0x6A09_E667_F3BC_C908

    mutating func word(_ value: UInt64) {
        first = ContentHash.mix(first, value)
        second = ContentHash.mix(second, value ^ 0xBB67_AE85_84CA_A73B)
    }

    mutating func count(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }

    mutating func bool(_ value: Bool) { word(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            let bytes = UnsafeRawBufferPointer(utf8)
            var index = 0
            while index + 8 <= bytes.count {
                word(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            if index < bytes.count { word(ContentHash.tail(of: bytes, from: index)) }
        }
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    var finalized: (UInt64, UInt64) { (ContentHash.finalized(first), ContentHash.finalized(second)) }
}
