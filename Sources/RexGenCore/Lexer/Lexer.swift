/// Swift's lexical structure, scanned over UTF-8 bytes in place.
///
/// The lexer knows exactly as much as declaration reading needs: where comments, string literals (every
/// form, with nested interpolations), regex literals and brackets begin and end. Nesting of literals is
/// tracked on a heap stack, never by recursion, so no input can exhaust the call stack.
public struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private var previousKind: Token.Kind = .semicolon
    /// Problems found so far, in order.
    public private(set) var issues: [LexerIssue] = []

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.position = 0
        skipByteOrderMarkAndShebang()
    }

    public mutating func next() -> Token {
        let triviaStart = position
        let sawNewline = skipTrivia()
        let start = position
        guard start < bytes.count else {
            return Token(kind: .endOfFile, start: start, end: start, triviaStart: triviaStart,
                         isAtLineStart: sawNewline)
        }
        let kind = scanToken()
        previousKind = kind
        return Token(kind: kind, start: start, end: position, triviaStart: triviaStart,
                     isAtLineStart: sawNewline || triviaStart == 0)
    }

    // MARK: - Trivia

    private mutating func skipByteOrderMarkAndShebang() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        if byte(at: position) == .pound, byte(at: position + 1) == .exclamation {
            while position < bytes.count, bytes[position] != .newline { position += 1 }
        }
    }

    /// Skips whitespace and comments; returns whether a line break was among them.
    private mutating func skipTrivia() -> Bool {
        var sawNewline = false
        while position < bytes.count {
            switch bytes[position] {
            case .space, .tab, 0x0B, 0x0C:
                position += 1
            case .newline, .carriageReturn:
                sawNewline = true
                position += 1
            case .slash where byte(at: position + 1) == .slash:
                skipLineComment()
            case .slash where byte(at: position + 1) == .star:
                if skipBlockComment() { sawNewline = true }
            default:
                return sawNewline
            }
        }
        return sawNewline
    }

    private mutating func skipLineComment() {
        while position < bytes.count, bytes[position] != .newline, bytes[position] != .carriageReturn {
            position += 1
        }
    }

    /// Skips a possibly nested block comment; returns whether it spans lines.
    @discardableResult
    private mutating func skipBlockComment() -> Bool {
        let start = position
        var depth = 0
        var sawNewline = false
        while position < bytes.count {
            let current = bytes[position]
            if current == .slash, byte(at: position + 1) == .star {
                depth += 1
                position += 2
            } else if current == .star, byte(at: position + 1) == .slash {
                depth -= 1
                position += 2
                if depth == 0 { return sawNewline }
            } else {
                if current == .newline || current == .carriageReturn { sawNewline = true }
                position += 1
            }
        }
        issues.append(LexerIssue(kind: .unterminatedBlockComment, offset: start))
        return sawNewline
    }

    // MARK: - Tokens

    private mutating func scanToken() -> Token.Kind {
        let current = bytes[position]
        switch current {
        case .leftBrace: position += 1; return .leftBrace
        case .rightBrace: position += 1; return .rightBrace
        case .leftParen: position += 1; return .leftParen
        case .rightParen: position += 1; return .rightParen
        case .leftBracket: position += 1; return .leftBracket
        case .rightBracket: position += 1; return .rightBracket
        case .comma: position += 1; return .comma
        case .colon: position += 1; return .colon
        case .semicolon: position += 1; return .semicolon
        case .dot: position += 1; return .dot
        case .at: position += 1; return .at
        case .equal: position += 1; return .equal
        case .question: position += 1; return .question
        case .exclamation: position += 1; return .exclamation
        case .lessThan: position += 1; return .lessThan
        case .greaterThan: position += 1; return .greaterThan
        case .ampersand: position += 1; return .ampersand
        case .backslash: position += 1; return .backslash
        case .minus where byte(at: position + 1) == .greaterThan:
            position += 2
            return .arrow
        case .quote:
            scanString(hashCount: 0)
            return .stringLiteral
        case .pound:
            return scanPound()
        case .backtick:
            return scanBacktickIdentifier()
        case .slash:
            if !previousKind.endsExpressionForRegex, scanBareRegex() { return .regexLiteral }
            position += 1
            return .otherOperator
        case .dollar:
            position += 1
            while position < bytes.count, bytes[position].isIdentifierContinuation { position += 1 }
            return .identifier
        default:
            if current.isIdentifierHead {
                position += 1
                while position < bytes.count, bytes[position].isIdentifierContinuation { position += 1 }
                return .identifier
            }
            if current.isDigit {
                scanNumber()
                return .number
            }
            position += 1
            if current.isOperatorCharacter { return .otherOperator }
            issues.append(LexerIssue(kind: .unexpectedCharacter, offset: position - 1))
            return .unknown
        }
    }

    private mutating func scanNumber() {
        let isHex = bytes[position] == .zero && (byte(at: position + 1) == 0x78 || byte(at: position + 1) == 0x58)
        position += 1
        while position < bytes.count {
            let current = bytes[position]
            if current.isIdentifierContinuation {
                let isExponent = isHex ? (current == 0x70 || current == 0x50) : (current == 0x65 || current == 0x45)
                position += 1
                if isExponent, let sign = byte(at: position), sign == .plus || sign == .minus { position += 1 }
            } else if current == .dot, let following = byte(at: position + 1), following.isDigit {
                position += 1
            } else {
                return
            }
        }
    }

    private mutating func scanBacktickIdentifier() -> Token.Kind {
        let start = position
        position += 1
        while position < bytes.count {
            let current = bytes[position]
            if current == .backtick {
                position += 1
                return .identifier
            }
            if current == .newline || current == .carriageReturn { break }
            position += 1
        }
        position = start + 1
        issues.append(LexerIssue(kind: .unexpectedCharacter, offset: start))
        return .unknown
    }

    /// `#if`, `#"raw"#`, `#/regex/#`, or a lone `#`.
    private mutating func scanPound() -> Token.Kind {
        var hashes = 0
        while byte(at: position + hashes) == .pound { hashes += 1 }
        let afterHashes = byte(at: position + hashes)
        if afterHashes == .quote {
            position += hashes
            scanString(hashCount: hashes)
            return .stringLiteral
        }
        if afterHashes == .slash {
            let start = position
            position += hashes + 1
            if scanRegexBody(closingHashes: hashes, allowsNewlines: true) { return .regexLiteral }
            position = start + 1
            return .pound
        }
        position += 1
        if hashes == 1, let head = byte(at: position), head.isIdentifierHead {
            while position < bytes.count, bytes[position].isIdentifierContinuation { position += 1 }
            return .poundKeyword
        }
        return .pound
    }

    // MARK: - String literals

    private struct LiteralFrame {
        var isString: Bool
        var hashCount: Int
        var isMultiline: Bool
        var parenDepth: Int
    }

    /// Scans a string literal starting at its opening quote (after any `#`s), interpolations included.
    private mutating func scanString(hashCount: Int) {
        let literalStart = position - hashCount
        var frames: [LiteralFrame] = []
        frames.reserveCapacity(2)
        frames.append(openString(hashCount: hashCount))
        while position < bytes.count {
            let current = bytes[position]
            let frame = frames[frames.count - 1]
            if frame.isString {
                if current == .backslash {
                    if hashesFollow(count: frame.hashCount, at: position + 1) {
                        let afterHashes = position + 1 + frame.hashCount
                        if byte(at: afterHashes) == .leftParen {
                            frames.append(LiteralFrame(isString: false, hashCount: 0, isMultiline: false, parenDepth: 0))
                            position = afterHashes + 1
                        } else {
                            position = min(afterHashes + 1, bytes.count)
                        }
                    } else {
                        position += 1
                    }
                } else if current == .quote, closesString(frame) {
                    position += (frame.isMultiline ? 3 : 1) + frame.hashCount
                    frames.removeLast()
                    if frames.isEmpty { return }
                } else if (current == .newline || current == .carriageReturn) && !frame.isMultiline {
                    // Swift ends a single-line literal at the line break; so do we, to resynchronise.
                    issues.append(LexerIssue(kind: .unterminatedString, offset: literalStart))
                    return
                } else {
                    position += 1
                }
            } else {
                switch current {
                case .leftParen:
                    frames[frames.count - 1].parenDepth += 1
                    position += 1
                case .rightParen:
                    if frame.parenDepth == 0 { frames.removeLast() } else { frames[frames.count - 1].parenDepth -= 1 }
                    position += 1
                case .quote:
                    frames.append(openString(hashCount: 0))
                case .pound:
                    var hashes = 0
                    while byte(at: position + hashes) == .pound { hashes += 1 }
                    if byte(at: position + hashes) == .quote {
                        position += hashes
                        frames.append(openString(hashCount: hashes))
                    } else {
                        position += hashes
                    }
                case .slash where byte(at: position + 1) == .slash:
                    skipLineComment()
                case .slash where byte(at: position + 1) == .star:
                    skipBlockComment()
                default:
                    position += 1
                }
            }
        }
        issues.append(LexerIssue(kind: .unterminatedString, offset: literalStart))
    }

    /// Consumes the opening quote(s) at `position`.
    private mutating func openString(hashCount: Int) -> LiteralFrame {
        let isMultiline = byte(at: position + 1) == .quote && byte(at: position + 2) == .quote
        position += isMultiline ? 3 : 1
        return LiteralFrame(isString: true, hashCount: hashCount, isMultiline: isMultiline, parenDepth: 0)
    }

    private func closesString(_ frame: LiteralFrame) -> Bool {
        if frame.isMultiline {
            guard byte(at: position + 1) == .quote, byte(at: position + 2) == .quote else { return false }
            return hashesFollow(count: frame.hashCount, at: position + 3)
        }
        return hashesFollow(count: frame.hashCount, at: position + 1)
    }

    private func hashesFollow(count: Int, at offset: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        for index in offset..<(offset + count) where bytes[index] != .pound { return false }
        return true
    }

    // MARK: - Regex literals

    /// `/…/` where an expression may start: the body must not begin with a space and must end on its line.
    private mutating func scanBareRegex() -> Bool {
        guard let first = byte(at: position + 1), first != .space, first != .tab, first != .newline,
              first != .carriageReturn, first != .slash, first != .star, first != .equal
        else { return false }
        let start = position
        position += 1
        if scanRegexBody(closingHashes: 0, allowsNewlines: false), bytes[position - 2] != .space {
            return true
        }
        position = start
        return false
    }

    /// Scans to the closing `/` (plus `#`s); on failure leaves `position` somewhere after the start.
    private mutating func scanRegexBody(closingHashes: Int, allowsNewlines: Bool) -> Bool {
        var inCharacterClass = 0
        while position < bytes.count {
            let current = bytes[position]
            switch current {
            case .backslash:
                position += 2
                continue
            case .leftBracket:
                inCharacterClass += 1
            case .rightBracket:
                if inCharacterClass > 0 { inCharacterClass -= 1 }
            case .newline, .carriageReturn:
                if !allowsNewlines { return false }
            case .slash where inCharacterClass == 0 && hashesFollow(count: closingHashes, at: position + 1):
                position += 1 + closingHashes
                return true
            default:
                break
            }
            position += 1
        }
        if allowsNewlines { issues.append(LexerIssue(kind: .unterminatedRegex, offset: position)) }
        return false
    }

    @inline(__always)
    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }
}

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
    var isIdentifierHead: Bool {
        (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A || self == .underscore || self >= 0x80
    }

    var isIdentifierContinuation: Bool { isIdentifierHead || isDigit }

    var isOperatorCharacter: Bool {
        switch self {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F, 0x2E: true
        default: false
        }
    }
}
