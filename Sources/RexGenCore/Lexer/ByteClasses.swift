/// Byte classes and token facts the lexer decides by.
extension Token.Kind {
    /// After these a `/` is a division operator, so it cannot start a bare regex literal.
    var endsExpressionForRegex: Bool {
        switch self {
        case .identifier, .number, .stringLiteral, .regexLiteral, .rightParen, .rightBracket, .rightBrace,
             .question, .exclamation, .greaterThan:
            true
        default:
            false
        }
    }
}

extension UInt8 {
    static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21, quote: UInt8 = 0x22, pound: UInt8 = 0x23, dollar: UInt8 = 0x24
    static let ampersand: UInt8 = 0x26, leftParen: UInt8 = 0x28, rightParen: UInt8 = 0x29, star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F, zero: UInt8 = 0x30, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C, equal: UInt8 = 0x3D, greaterThan: UInt8 = 0x3E, question: UInt8 = 0x3F
    static let at: UInt8 = 0x40, leftBracket: UInt8 = 0x5B, backslash: UInt8 = 0x5C, rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F, backtick: UInt8 = 0x60, leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D

    var isDigit: Bool { self >= 0x30 && self <= 0x39 }

    /// ASCII letters, `_`, and every non-ASCII byte (Swift allows most of Unicode in names).
    @inline(__always)
    var isIdentifierHead: Bool { Self.isMember(self, lowBits: 0, highBits: Self.lettersAndUnderscore) }

    /// `isIdentifierHead` or an ASCII digit. Identifiers are most of the bytes the lexer scans, so both are
    /// one bit test in a 256-bit set (bits for bytes 0–63, bits for 64–127, and every byte from 128 on)
    /// rather than a chain of comparisons.
    @inline(__always)
    var isIdentifierContinuation: Bool { Self.isMember(self, lowBits: Self.digits, highBits: Self.lettersAndUnderscore) }

    /// `0`–`9` as bits of bytes 0–63; `A`–`Z`, `_` and `a`–`z` as bits of bytes 64–127.
    private static let digits: UInt64 = 0x03FF_0000_0000_0000
    private static let lettersAndUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE

    @inline(__always)
    private static func isMember(_ byte: UInt8, lowBits: UInt64, highBits: UInt64) -> Bool {
        let bits = byte < 64 ? lowBits : byte < 128 ? highBits : ~0
        return bits >> UInt64(byte & 63) & 1 != 0
    }

    /// Bytes that begin no token at all (control characters, `'`, DEL): collapsed into one `unknown` token.
    var startsNoToken: Bool {
        switch self {
        case 0x00...0x08, 0x0E...0x1F, 0x27, 0x7F: true
        default: false
        }
    }

    var isOperatorCharacter: Bool {
        switch self {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F, 0x2E: true
        default: false
        }
    }
}
