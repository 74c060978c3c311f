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
    /// Offset where the whitespace and comments before this token begin (the previous token's end).
    public var triviaStart: Int
    /// Whether that trivia contains a line break.
    public var isAtLineStart: Bool

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
