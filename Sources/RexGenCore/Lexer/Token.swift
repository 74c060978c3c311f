/// A token of Swift source, as byte offsets into the file's UTF-8 text.
///
/// Tokens carry no text of their own: the reader materialises strings only for the few declarations that
/// matter, which keeps lexing a byte scan.
public struct Token: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        case identifier          // plain or backticked; keywords too (the parser tells them apart)
        case poundKeyword        // `#if`, `#else`, `#available`, `#selector`, macro expansions
        case stringLiteral       // every form, including interpolations, as one token
        case regexLiteral
        case number
        case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
        case comma, colon, semicolon, dot, at, equal, question, exclamation, lessThan, greaterThan
        case ampersand, arrow, backslash, pound
        case otherOperator       // any other operator character, one byte at a time
        case unknown             // a byte that starts no Swift token
        case endOfFile
    }

    public var kind: Kind
    /// Offset of the first byte of the token.
    public var start: Int
    /// Offset one past the last byte.
    public var end: Int
    /// `triviaStart`, with `isAtLineStart` in the sign bit (offsets are never negative): four stored values
    /// rather than five let a token be returned in registers. (Returned through memory, each token was
    /// copied again and read back with wider loads than the stores that wrote it, which stalls.)
    private var triviaStartAndLineStart: Int

    public init(kind: Kind, start: Int, end: Int, triviaStart: Int, isAtLineStart: Bool) {
        self.kind = kind
        self.start = start
        self.end = end
        self.triviaStartAndLineStart = isAtLineStart ? triviaStart | Int.min : triviaStart
    }

    /// Offset where the whitespace and comments before this token begin (the previous token's end).
    public var triviaStart: Int {
        get { triviaStartAndLineStart & Int.max }
        set { triviaStartAndLineStart = isAtLineStart ? newValue | Int.min : newValue }
    }

    /// Whether that trivia contains a line break.
    public var isAtLineStart: Bool {
        get { triviaStartAndLineStart < 0 }
        set { triviaStartAndLineStart = newValue ? triviaStart | Int.min : triviaStart }
    }

    public var hasTrivia: Bool { triviaStart < start }
}

/// A problem the lexer found, by byte offset; the parser turns it into a located diagnostic.
public struct LexerIssue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case unterminatedBlockComment
        case unterminatedString
        case unterminatedRegex
        case unexpectedCharacter
    }

    public var kind: Kind
    public var offset: Int

    public var message: String {
        switch kind {
        case .unterminatedBlockComment: "unterminated '/*' comment"
        case .unterminatedString: "unterminated string literal"
        case .unterminatedRegex: "unterminated regex literal"
        case .unexpectedCharacter: "unexpected character in source"
        }
    }
}
