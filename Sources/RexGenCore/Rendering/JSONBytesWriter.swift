/// Writes compact JSON straight into bytes, the way `JSONEncoder` does with `.sortedKeys` and
/// `.withoutEscapingSlashes`: the same escapes, no spaces. The caller writes each object's keys in sorted
/// (byte) order itself.
///
/// `rexgen dump` writes thousands of small objects; `JSONEncoder` spends most of its time boxing values,
/// building dictionaries and sorting keys, which this does not need. A test keeps both byte-for-byte equal.
struct JSONBytesWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next key or element needs a comma before it.
    private var needsComma = false

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { openContainer(UInt8(ascii: "{")) }
    mutating func endObject() { closeContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { openContainer(UInt8(ascii: "[")) }
    mutating func endArray() { closeContainer(UInt8(ascii: "]")) }

    /// `"name":`; keys are plain ASCII names, so they need no escaping.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(.quote)
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(.quote)
        bytes.append(.colon)
        needsComma = false
    }

    mutating func string(_ text: String?) {
        guard var text else { return null() }
        separate()
        bytes.append(.quote)
        text.withUTF8 { appendEscaped($0) }
        bytes.append(.quote)
        needsComma = true
    }

    mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// Decimal digits written straight into the buffer (no `String` per number).
    mutating func int(_ value: Int) {
        separate()
        let start = bytes.count
        var magnitude = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes[start...].reverse()
        needsComma = true
    }

    mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }
    mutating func null() { raw("null") }

    /// Ends a JSON Lines record.
    mutating func newline() {
        bytes.append(.newline)
        needsComma = false
    }

    private mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(.comma) }
    }

    private mutating func openContainer(_ opening: UInt8) {
        separate()
        bytes.append(opening)
        needsComma = false
    }

    private mutating func closeContainer(_ closing: UInt8) {
        bytes.append(closing)
        needsComma = true
    }

    /// JSONEncoder's escapes: `"` and `\`, the short forms `\b \f \n \r \t`, `\u00xx` (lower-case hex) for
    /// other control characters; everything else, `/` and non-ASCII included, as it is.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var unescapedStart = 0
        for (index, byte) in text.enumerated() where byte < 0x20 || byte == .quote || byte == .backslash {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[unescapedStart..<index]))
            unescapedStart = index + 1
            bytes.append(.backslash)
            switch byte {
            case .quote, .backslash: bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case .newline: bytes.append(UInt8(ascii: "n"))
            case .carriageReturn: bytes.append(UInt8(ascii: "r"))
            case .tab: bytes.append(UInt8(ascii: "t"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: "u00".utf8)
                bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
                bytes.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[unescapedStart...]))
    }
}
