import XCTest
@testable import RexGenCore

/// One token as the tests compare it: its kind and its exact source text.
private struct LexedToken: Equatable, CustomStringConvertible {
    var kind: Token.Kind
    var text: String
    var isAtLineStart = false

    var description: String { "\(kind):\(text)" }

    static func == (lhs: LexedToken, rhs: LexedToken) -> Bool { lhs.kind == rhs.kind && lhs.text == rhs.text }
}

/// Lexes the whole input; gives up (and fails the caller's assertions) if the lexer stops making progress.
private func lex(_ source: String) -> (tokens: [LexedToken], issues: [LexerIssue]) {
    lex(bytes: Array(source.utf8))
}

private func lex(bytes: [UInt8]) -> (tokens: [LexedToken], issues: [LexerIssue]) {
    bytes.withUnsafeBufferPointer { buffer in
        var lexer = Lexer(bytes: buffer)
        var tokens: [LexedToken] = []
        var lastEnd = -1
        while true {
            let token = lexer.next()
            if token.kind == .endOfFile || token.end <= lastEnd { break }
            lastEnd = token.end
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]), as: UTF8.self)
            tokens.append(LexedToken(kind: token.kind, text: text, isAtLineStart: token.isAtLineStart))
        }
        return (tokens, lexer.issues)
    }
}

private func ident(_ text: String) -> LexedToken { LexedToken(kind: .identifier, text: text) }
private func string(_ text: String) -> LexedToken { LexedToken(kind: .stringLiteral, text: text) }
private func regex(_ text: String) -> LexedToken { LexedToken(kind: .regexLiteral, text: text) }
private func op(_ kind: Token.Kind, _ text: String) -> LexedToken { LexedToken(kind: kind, text: text) }

final class LexerTests: XCTestCase {
    // MARK: - Comments

    func testNestedBlockCommentIsOneTrivia() {
        let (tokens, issues) = lex("/* a /* b */ c */ enum X { /* } */ }")
        XCTAssertEqual(tokens, [ident("enum"), ident("X"), op(.leftBrace, "{"), op(.rightBrace, "}")])
        XCTAssertEqual(issues, [])
    }

    func testLineCommentHidesBracesAndKeywords() {
        let (tokens, _) = lex("// { enum X {\nenum Y // }\n}")
        XCTAssertEqual(tokens, [ident("enum"), ident("Y"), op(.rightBrace, "}")])
        XCTAssertEqual(tokens.map(\.isAtLineStart), [true, false, true])
    }

    func testMultiLineBlockCommentPutsNextTokenAtLineStart() {
        let (tokens, _) = lex("a /* x\n y */ b /* z */ c")
        XCTAssertEqual(tokens.map(\.isAtLineStart), [true, true, false])
    }

    func testCommentMarkersInsideStringsAreText() {
        let (tokens, _) = lex(#"let s = "/* not a comment" + "// nor this""#)
        XCTAssertEqual(tokens.map(\.text), ["let", "s", "=", #""/* not a comment""#, "+", #""// nor this""#])
    }

    // MARK: - String literals

    func testSingleLineStringWithBracesAndKeywords() {
        let (tokens, issues) = lex(#"x = "{ } enum X case y" }"#)
        XCTAssertEqual(tokens, [ident("x"), op(.equal, "="), string(#""{ } enum X case y""#), op(.rightBrace, "}")])
        XCTAssertEqual(issues, [])
    }

    func testEscapedQuotesAndBackslashes() {
        let (tokens, issues) = lex(#""a\"b" "c\\" "\\\"" d"#)
        XCTAssertEqual(tokens, [string(#""a\"b""#), string(#""c\\""#), string(#""\\\"""#), ident("d")])
        XCTAssertEqual(issues, [])
    }

    func testMultiLineStringWithQuotesBracesAndInterpolation() {
        let source = "let s = \"\"\"\n  \"quoted\" \"\" \\(a) { enum X\n  case \\\"\"\"\n  \"\"\"\n}"
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens.count, 5)
        XCTAssertEqual(tokens[3].kind, .stringLiteral)
        XCTAssertTrue(tokens[3].text.hasSuffix("  \"\"\""))
        XCTAssertEqual(tokens[4], op(.rightBrace, "}"))
        XCTAssertEqual(issues, [])
    }

    func testRawStringsIgnoreEscapesAndInnerQuotes() {
        let source = ##"#"a\"# #"b"c"# #"\("#"## + " " + ###"##"x "# y"## z"###
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens, [string(##"#"a\"#"##), string(##"#"b"c"#"##), string(##"#"\("#"##),
                                string(###"##"x "# y"##"###), ident("z")])
        XCTAssertEqual(issues, [])
    }

    func testRawStringInterpolationNeedsHashes() {
        // `\(` in a raw string is text, so its `"` does not start a nested string; `\#(` interpolates.
        let (tokens, issues) = lex(##"#"\(")"# #"\#(f("a)"))"# end"##)
        XCTAssertEqual(tokens, [string(##"#"\(")"#"##), string(##"#"\#(f("a)"))"#"##), ident("end")])
        XCTAssertEqual(issues, [])
    }

    func testRawTripleQuoteClosedOnTheSameLineIsSingleLine() {
        let (tokens, issues) = lex(##"if tmp.is(at: #"""#) { x(#"""#, #"a""b"#) }"##)
        XCTAssertEqual(tokens.filter { $0.kind == .stringLiteral }.map(\.text), [##"#"""#"##, ##"#"""#"##, ##"#"a""b"#"##])
        XCTAssertEqual(tokens.filter { $0.kind == .rightBrace }.count, 1)
        XCTAssertEqual(issues, [])
    }

    func testRawMultiLineString() {
        let source = "#\"\"\"\n  a \"\"\" b \\(c \\#(d)\n  \"\"\"# }"
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens.map(\.kind), [.stringLiteral, .rightBrace])
        XCTAssertEqual(issues, [])
    }

    func testNestedInterpolationsWithParensAndStrings() {
        let source = #"s = "\(f("\(x)")) and \(g((1), ")", "(")) \(a /* ) */) \(xs.map { "\($0)}" })" ; }"#
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .equal, .stringLiteral, .semicolon, .rightBrace])
        XCTAssertEqual(issues, [])
    }

    func testMultiLineStringInsideInterpolation() {
        let source = "\"\"\"\n\\(\"\"\"\n  inner \" \"\"\n  \"\"\")\n\"\"\" x"
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens.map(\.kind), [.stringLiteral, .identifier])
        XCTAssertEqual(issues, [])
    }

    // MARK: - Regex literals

    func testBareRegexWithQuotesAndBraces() {
        let (tokens, issues) = lex(#"let r = /"{[/]}\/"/; }"#)
        XCTAssertEqual(tokens, [ident("let"), ident("r"), op(.equal, "="), regex(#"/"{[/]}\/"/"#),
                                op(.semicolon, ";"), op(.rightBrace, "}")])
        XCTAssertEqual(issues, [])
    }

    func testRegexAfterKeywords() {
        let (tokens, issues) = lex(#"{ return /"}/ } { if x ~= /"/ {} } { try /a"/.f() }"#)
        XCTAssertEqual(tokens.filter { $0.kind == .regexLiteral }.map(\.text), [#"/"}/"#, #"/"/"#, #"/a"/"#])
        XCTAssertEqual(tokens.filter { $0.kind == .leftBrace }.count, 4)
        XCTAssertEqual(tokens.filter { $0.kind == .rightBrace }.count, 4)
        XCTAssertEqual(issues, [])
    }

    func testDivisionIsNotARegex() {
        let (tokens, _) = lex("a / b / c; (g)(1) / 2 / 3; x[0] / y / z; n /= 2 / 3")
        XCTAssertEqual(tokens.filter { $0.kind == .regexLiteral }, [])
    }

    func testExtendedRegexLiterals() {
        let source = "#/a\"}/# ##/b/#\"{/## #/\n  a # comment \" }\n  /# x"
        let (tokens, issues) = lex(source)
        XCTAssertEqual(tokens, [regex("#/a\"}/#"), regex("##/b/#\"{/##"),
                                regex("#/\n  a # comment \" }\n  /#"), ident("x")])
        XCTAssertEqual(issues, [])
    }

    // MARK: - Other tokens

    func testPoundKeywordsAndLonePound() {
        let (tokens, _) = lex("#if DEBUG\n#elseif os(iOS)\n#endif #selector(f) # x")
        XCTAssertEqual(tokens.filter { $0.kind == .poundKeyword }.map(\.text), ["#if", "#elseif", "#endif", "#selector"])
        XCTAssertEqual(tokens.filter { $0.kind == .pound }.map(\.text), ["#"])
    }

    func testNumbersAndRanges() {
        let (tokens, _) = lex("0x1p-3 1_000.5e+3 0b1010 1..<2")
        XCTAssertEqual(tokens.map(\.text), ["0x1p-3", "1_000.5e+3", "0b1010", "1", ".", ".", "<", "2"])
    }

    func testIdentifiersBacktickedDollarAndUnicode() {
        let (tokens, issues) = lex("`default` $0 $x café 名前 _a1")
        XCTAssertEqual(tokens, [ident("`default`"), ident("$0"), ident("$x"), ident("café"), ident("名前"), ident("_a1")])
        XCTAssertEqual(issues, [])
    }

    func testArrowAndOperators() {
        let (tokens, _) = lex("(Int) -> Void & P ?? x!")
        XCTAssertEqual(tokens.map(\.kind), [.leftParen, .identifier, .rightParen, .arrow, .identifier, .ampersand,
                                            .identifier, .question, .question, .identifier, .exclamation])
    }

    func testByteOrderMarkAndShebangAreSkipped() {
        let (tokens, _) = lex(bytes: [0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/swift\nenum A {}".utf8))
        XCTAssertEqual(tokens.map(\.text), ["enum", "A", "{", "}"])
        XCTAssertTrue(tokens[0].isAtLineStart)
    }

    func testCarriageReturnLineEnds() {
        let (tokens, _) = lex("a // c\r\nb\rc")
        XCTAssertEqual(tokens.map(\.isAtLineStart), [true, true, true])
    }

    // MARK: - Bad input

    func testUnterminatedBlockComment() {
        let (tokens, issues) = lex("a /* b /* c */")
        XCTAssertEqual(tokens, [ident("a")])
        XCTAssertEqual(issues, [LexerIssue(kind: .unterminatedBlockComment, offset: 2)])
    }

    func testUnterminatedStringStopsAtLineEnd() {
        let (tokens, issues) = lex("x = \"abc {\nenum Y {}")
        XCTAssertEqual(tokens.map(\.text), ["x", "=", "\"abc {", "enum", "Y", "{", "}"])
        XCTAssertEqual(issues, [LexerIssue(kind: .unterminatedString, offset: 4)])
    }

    func testUnterminatedInterpolationStopsAtLineEnd() {
        // Swift ends a single-line literal at the line break even inside an interpolation.
        let (tokens, issues) = lex("x = \"\\(f(\nenum Y { case a(Int) }")
        XCTAssertEqual(tokens.map(\.text), ["x", "=", "\"\\(f(", "enum", "Y", "{", "case", "a", "(", "Int", ")", "}"])
        XCTAssertEqual(issues, [LexerIssue(kind: .unterminatedString, offset: 4)])
    }

    func testUnterminatedRawStringStopsAtLineEnd() {
        let (tokens, issues) = lex("x = #\"abc\"\nenum Y {}")
        XCTAssertEqual(tokens.map(\.text), ["x", "=", "#\"abc\"", "enum", "Y", "{", "}"])
        XCTAssertEqual(issues, [LexerIssue(kind: .unterminatedString, offset: 4)])
    }

    func testUnterminatedMultiLineStringRunsToEnd() {
        let (tokens, issues) = lex("a\n\"\"\"\nenum Y {}\n\"\"")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .stringLiteral])
        XCTAssertEqual(issues, [LexerIssue(kind: .unterminatedString, offset: 2)])
    }

    func testUnterminatedExtendedRegexIsReportedAndLexingResumes() {
        let (tokens, issues) = lex("x = #/abc\nenum Y {}")
        XCTAssertEqual(issues.map(\.kind), [.unterminatedRegex])
        XCTAssertEqual(issues.first?.offset, 4)
        XCTAssertEqual(Array(tokens.suffix(4).map(\.text)), ["enum", "Y", "{", "}"])
    }

    func testUnterminatedBacktick() {
        let (tokens, issues) = lex("case `a\nb `` `c d`")
        XCTAssertEqual(tokens.map(\.text), ["case", "`", "a", "b", "``", "`c d`"])
        XCTAssertEqual(issues, [LexerIssue(kind: .unexpectedCharacter, offset: 5),
                                LexerIssue(kind: .unexpectedCharacter, offset: 10)])
    }

    func testRunOfUnexpectedBytesIsOneIssue() {
        let (tokens, issues) = lex(bytes: Array("a ".utf8) + [0x00, 0x01, 0x27, 0x7F] + Array(" b".utf8))
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .unknown, .identifier])
        XCTAssertEqual(issues, [LexerIssue(kind: .unexpectedCharacter, offset: 2)])
    }

    func testEveryByteValueTerminates() {
        var bytes: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<200_000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let (tokens, _) = lex(bytes: bytes)
        XCTAssertGreaterThan(tokens.count, 1000)
    }

    /// Inputs where a naive regex or string scan restarts at every `/` or `#` and rescans the rest.
    func testPathologicalLinesStayLinear() {
        let count = 200_000
        for unit in ["(/\\", "[/[", "#/", "x = \"\\(", "##/\n"] {
            let (tokens, _) = lex(String(repeating: unit, count: count))
            XCTAssertGreaterThan(tokens.count, 0, unit)
        }
    }

    func testTokenKeepsItsTriviaStartAndLineStartApart() {
        for triviaStart in [0, 1, 12_345, Int.max] {
            for isAtLineStart in [false, true] {
                var token = Token(kind: .rightBrace, start: 7, end: 8, triviaStart: triviaStart, isAtLineStart: isAtLineStart)
                XCTAssertEqual(token.triviaStart, triviaStart)
                XCTAssertEqual(token.isAtLineStart, isAtLineStart)
                token.isAtLineStart.toggle()
                XCTAssertEqual(token.triviaStart, triviaStart)
                XCTAssertEqual(token.isAtLineStart, !isAtLineStart)
                token.triviaStart = 3
                XCTAssertEqual(token.isAtLineStart, !isAtLineStart)
                XCTAssertEqual(token, Token(kind: .rightBrace, start: 7, end: 8, triviaStart: 3, isAtLineStart: !isAtLineStart))
            }
        }
    }
}
