/// Swift's lexical structure, scanned over UTF-8 bytes in place.
///
/// The lexer knows exactly as much as declaration reading needs: where comments, string literals (every
/// form, with nested interpolations), regex literals and brackets begin and end. Nesting of literals is
/// tracked on a heap stack, never by recursion, so no input can exhaust the call stack.
public struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    private var previousKind: Token.Kind = .semicolon
    /// Where the previous token starts and ends, to tell `return /re/` from `count / 2`.
    private var previousStart = 0, previousEnd = 0
    /// Problems found so far, in order.
    public private(set) var issues: [LexerIssue] = []
    /// Off in lookahead copies: appending to a copied array would copy every issue found so far.
    var recordsIssues = true
    /// Failed regex scans, remembered so that a line full of `/` or `#/` is scanned once rather than once per
    /// `/` (which would be quadratic): a later attempt inside a range already searched in vain fails at once.
    var bareRegexSearchedUntil = 0
    var singleLineExtendedRegexFailure = RegexFailure()
    var multiLineExtendedRegexFailure = RegexFailure()

    /// No closing `/` plus `hashes` or more `#` lies between a failed start and `searchedUntil`.
    struct RegexFailure {
        var searchedUntil = 0
        var hashes = Int.max

        func excludes(start: Int, hashes count: Int) -> Bool { start < searchedUntil && count >= hashes }

        mutating func record(searchedUntil end: Int, hashes count: Int) {
            hashes = end == searchedUntil ? min(hashes, count) : count
            searchedUntil = end
        }
    }

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
        previousStart = start
        previousEnd = position
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
    @inline(__always)  // into `next`: it runs before every token
    private mutating func skipTrivia() -> Bool {
        var sawNewline = false
        // A local index and buffer rather than `position` and `self.bytes` keep the hot loop in registers.
        let bytes = self.bytes
        var index = position
        defer { position = index }
        while index < bytes.count {
            let current = bytes[index]
            // Most tokens start right here, at a byte that is neither whitespace nor `/`: one comparison
            // answers that, where the switch below would take an indirect jump.
            if current > .space && current != .slash { return sawNewline }
            switch current {
            case .space:
                // A run of spaces (indentation) is skipped eight bytes at a time; a single one at once.
                index += 1
                if index < bytes.count, bytes[index] == .space { index = bytes.spacesEnd(from: index) }
            case .tab, 0x0B, 0x0C:
                index += 1
            case .newline, .carriageReturn:
                sawNewline = true
                index += 1
            case .slash where byte(at: index + 1) == .slash:
                index = bytes.lineEnd(from: index + 2)
            case .slash where byte(at: index + 1) == .star:
                position = index
                if skipBlockComment() { sawNewline = true }
                index = position
            default:
                return sawNewline
            }
        }
        return sawNewline
    }

    mutating func skipLineComment() {
        position = bytes.lineEnd(from: position)
    }

    /// Skips a possibly nested block comment; returns whether it spans lines.
    @discardableResult
    mutating func skipBlockComment() -> Bool {
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
        report(.unterminatedBlockComment, at: start)
        return sawNewline
    }

    // MARK: - Tokens

    /// Punctuation and identifiers here; the longer forms in functions of their own, kept out of line so
    /// that this common path stays small.
    private mutating func scanToken() -> Token.Kind {
        let current = bytes[position]
        // Words are the most common token: one bit test finds them before the switch's indirect jump.
        if current.isIdentifierHead {
            skipIdentifierCharacters(from: position + 1)
            return .identifier
        }
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
            if canStartBareRegex, scanBareRegex() { return .regexLiteral }
            position += 1
            return .otherOperator
        case .dollar:
            skipIdentifierCharacters(from: position + 1)
            return .identifier
        default:
            if current.isDigit {
                scanNumber()
                return .number
            }
            position += 1
            if current.isOperatorCharacter { return .otherOperator }
            return scanStrayBytes()
        }
    }

    /// A run of stray bytes (binary data, `'`) is one token and one issue, not one per byte.
    @inline(never)
    private mutating func scanStrayBytes() -> Token.Kind {
        let start = position - 1
        while let following = byte(at: position), following.startsNoToken { position += 1 }
        report(.unexpectedCharacter, at: start)
        return .unknown
    }

    /// Whether a `/` here may open a regex literal: where an expression starts, not after an operand.
    private var canStartBareRegex: Bool {
        guard position >= bareRegexSearchedUntil else { return false }
        if previousKind == .identifier { return previousIsKeywordBeforeExpression }
        return !previousKind.endsExpressionForRegex
    }

    /// Keywords after which an expression starts (`return /re/`); any other word is an operand (`n / 2`).
    private static let keywordsBeforeExpression: [[UInt8]] = [
        "return", "case", "in", "try", "await", "throw", "where", "if", "guard", "while", "switch", "yield",
    ].map { Array($0.utf8) }

    private var previousIsKeywordBeforeExpression: Bool {
        let length = previousEnd - previousStart
        guard length >= 2, length <= 7 else { return false }
        candidates: for keyword in Self.keywordsBeforeExpression where keyword.count == length {
            for index in 0..<length where keyword[index] != bytes[previousStart + index] { continue candidates }
            return true
        }
        return false
    }

    @inline(never)
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

    @inline(never)
    private mutating func scanBacktickIdentifier() -> Token.Kind {
        let start = position
        position += 1
        while position < bytes.count {
            let current = bytes[position]
            if current == .backtick {
                position += 1
                if position == start + 2 {
                    // An empty pair names nothing: one stray token, so the next backtick pairs correctly.
                    report(.unexpectedCharacter, at: start)
                    return .unknown
                }
                return .identifier
            }
            if current == .newline || current == .carriageReturn { break }
            position += 1
        }
        position = start + 1
        report(.unexpectedCharacter, at: start)
        return .unknown
    }

    /// `#if`, `#"raw"#`, `#/regex/#`, or a lone `#`.
    @inline(never)
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
            // Only `#/` followed by a line break opens a multi-line regex, as in Swift.
            let isMultiline = byte(at: position) == .newline || byte(at: position) == .carriageReturn
            if isMultiline {
                if !multiLineExtendedRegexFailure.excludes(start: start, hashes: hashes) {
                    if scanRegexBody(closingHashes: hashes, allowsNewlines: true) { return .regexLiteral }
                    multiLineExtendedRegexFailure.record(searchedUntil: position, hashes: hashes)
                }
            } else if !singleLineExtendedRegexFailure.excludes(start: start, hashes: hashes) {
                if scanRegexBody(closingHashes: hashes, allowsNewlines: false) { return .regexLiteral }
                singleLineExtendedRegexFailure.record(searchedUntil: position, hashes: hashes)
            }
            report(.unterminatedRegex, at: start)
            position = start + hashes
            return .pound
        }
        if hashes == 1, let head = byte(at: position + 1), head.isIdentifierHead {
            skipIdentifierCharacters(from: position + 1)
            return .poundKeyword
        }
        // A run of `#` is one token, so that a long run is not recounted from each of its bytes.
        position += hashes
        return .pound
    }

    /// Moves `position` past the identifier characters from `start` on.
    @inline(__always)
    private mutating func skipIdentifierCharacters(from start: Int) {
        position = bytes.identifierEnd(from: start)
    }

    mutating func report(_ kind: LexerIssue.Kind, at offset: Int) {
        if recordsIssues { issues.append(LexerIssue(kind: kind, offset: offset)) }
    }

    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }
}
