import XCTest
@testable import RexGenCore

/// Broken, truncated, hostile and huge input: always an answer, a located error, and the rest still read.
extension ReaderTests {
    func testUnterminatedBlockComment() {
        let file = Reader.parse("enum AAction { case a }\n  /* open /* nested */\nenum BAction { case b }\n")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.errors, ["2:3 error: unterminated '/*' comment"])
    }

    func testUnterminatedStringsResumeOnTheNextLine() {
        let file = Reader.parse("""
        enum AAction { case a }
        let s = "abc {
        let r = #"raw { "
        let i = "\\(f(x
        enum BAction { case b }
        """)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.errors, ["2:9 error: unterminated string literal", "3:9 error: unterminated string literal",
                                     "4:9 error: unterminated string literal"])
    }

    func testUnterminatedMultiLineStringRunsToTheEnd() {
        let file = Reader.parse("enum AAction { case a }\nlet s = #\"\"\"\nenum BAction { case b }\n\"\"\"\n")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.errors, ["2:9 error: unterminated string literal"])
    }

    func testUnterminatedIfConfig() {
        let file = Reader.parse("enum AAction { case a }\n#if DEBUG\nenum BAction { case b }\n")
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.enumNamed("BAction")?.ifConfig.map(\.condition), ["DEBUG"])
        XCTAssertEqual(file.errors, ["2:1 error: '#if' has no matching '#endif'"])
    }

    func testUnterminatedIfConfigInsideAnEnumBody() {
        let file = Reader.parse("enum AAction {\n  #if X\n  case a\n}\nenum BAction { case b }\n")
        XCTAssertEqual(file.cases(of: "AAction"), ["a"])
        XCTAssertEqual(file.enumNamed("BAction")?.ifConfig, [])
        XCTAssertEqual(file.errors, ["2:3 error: '#if' has no matching '#endif' before the end of its block"])
    }

    func testDirectivesThatCloseAnOuterBlockFromInsideABody() {
        let file = Reader.parse("#if A\nenum EAction {\n#endif\ncase a\n#else\ncase b\n}\nenum FAction { case f }\n")
        XCTAssertEqual(file.enumNames, ["EAction", "FAction"])
        XCTAssertEqual(file.cases(of: "EAction"), ["a", "b"])
        XCTAssertEqual(file.errors, ["1:1 error: '#if' has no matching '#endif'",
                                     "3:1 error: '#endif' has no matching '#if' in this block",
                                     "5:1 error: '#else' has no matching '#if' in this block"])
    }

    func testStrayDirectives() {
        let file = Reader.parse("#endif\n#else\nenum AAction { case a }\n#elseif X\n")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.errors, ["1:1 error: '#endif' has no matching '#if'", "2:1 error: '#else' has no matching '#if'",
                                     "4:1 error: '#elseif' has no matching '#if'"])
    }

    func testExtraClosingBrace() {
        let file = Reader.parse("enum AAction { case a }\n}\nenum BAction { case b }\n")
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.errors, ["2:1 error: unbalanced braces: '}' has no matching '{'"])
    }

    func testMissingClosingBrace() {
        let file = Reader.parse("enum AAction {\n  case a\n\nenum BAction { case b }\n")
        XCTAssertEqual(file.enumNames, ["AAction", "AAction.BAction"])
        XCTAssertEqual(file.cases(of: "AAction"), ["a"])
        XCTAssertEqual(file.errors, ["1:14 error: unbalanced braces: '{' has no matching '}'"])
    }

    func testMissingClosingBraceInAFunction() {
        let file = Reader.parse("enum AAction { case a }\nfunc f() {\n  if x {\n}\nenum BAction { case b }\n")
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.enums.map(\.isLocal), [false, true])
        XCTAssertEqual(file.errors, ["2:10 error: unbalanced braces: '{' has no matching '}'"])
    }

    func testBrokenPayloadListsEndAtTheNextDeclaration() {
        let file = Reader.parse("""
        enum AAction {
            case a(Int])
            case b(x: Int; case c
            case d(String
            case e(#if X)
            case f(Int
        }
        enum BAction { case g }
        """)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.cases(of: "AAction"), ["a(Int)", "b(x: Int)", "c", "d(String)", "e()", "f(Int)"])
        XCTAssertEqual(file.errors, ["2:11 error: expected ')' to close the case's associated values",
                                     "3:11 error: expected ')' to close the case's associated values",
                                     "4:11 error: expected ')' to close the case's associated values",
                                     "5:11 error: expected ')' to close the case's associated values",
                                     "5:12 error: '#if' has no matching '#endif' before the end of its block",
                                     "6:11 error: expected ')' to close the case's associated values"])
    }

    func testMissingBodiesDoNotSwallowTheNextDeclaration() {
        let file = Reader.parse("""
        enum AAction: Equatable
        struct S: P
        enum BAction<T
        @available(iOS 13, *
        enum CAction { case c }
        typealias X = Foo<(Int
        enum DAction { case d }
        """)
        XCTAssertEqual(file.enumNames, ["CAction", "DAction"])
        XCTAssertEqual(file.cases(of: "CAction"), ["c"])
        XCTAssertEqual(file.errors, ["1:6 error: expected '{' to begin the body of 'AAction'",
                                     "2:8 error: expected '{' to begin the body of 'S'",
                                     "3:6 error: expected '{' to begin the body of 'BAction'"])
    }

    /// Every kind of type header stops at a line that starts a declaration, `where` clause or not.
    func testMissingBodiesOfClassesActorsAndProtocolsDoNotSwallowTheNextDeclaration() {
        let file = Reader.parse("""
        class C<T>: Base where T: Sendable
        enum AAction { case a }
        protocol P where Self: Sendable
        enum BAction { case b }
        actor A: Sendable
        enum CAction { case c }
        """)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction", "CAction"])
        XCTAssertEqual(file.errors, ["1:7 error: expected '{' to begin the body of 'C'",
                                     "3:10 error: expected '{' to begin the body of 'P'"])
    }

    func testUnclosedAttributeStopsAtTheEnclosingBrace() {
        let file = Reader.parse("struct S { @available(iOS 13, * }\nenum AAction { case a }\nextension E\nfunc f()\n@x(\n")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.errors, ["1:22 error: expected ')' to close the attribute's arguments",
                                     "3:11 error: expected '{' to begin the body of the extension of 'E'",
                                     "5:3 error: expected ')' to close the attribute's arguments"])
    }

    func testGarbageBytesBetweenEnums() {
        let bytes = Array("enum AAction { case a }\n".utf8) + [0x00, 0x01, 0x27, 0x7F, 0x02] + Array(" x\n".utf8)
            + [0xFF, 0xFE, 0xC3] + Array("\nenum BAction { case b }\n".utf8)
        let file = Reader.parse(bytes: bytes)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.errors, ["2:1 error: unexpected character in source"])
    }

    func testRandomBytesTerminate() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in [1, 7, 100, 5000, 100_000] {
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Bias toward Swift's punctuation so the parser sees many half-formed constructs.
                let alphabet = Array("{}()[]<>\"#/*\\@:,=.`' \nenumcasestructextension#if#endif".utf8)
                let raw = UInt8(truncatingIfNeeded: state >> 33)
                bytes.append(raw < 200 ? alphabet[Int(raw) % alphabet.count] : raw)
            }
            let file = Reader.parse(bytes: bytes)
            XCTAssertTrue(file.diagnostics.allSatisfy { $0.location != nil }, "length \(length)")
        }
    }

    /// Many stray bytes right after modifiers, which the reader looks ahead past.
    func testManyIssuesStayLinear() {
        let file = Reader.parse(String(repeating: "public \u{1} case ' ", count: 100_000) + "\nenum AAction { case a }")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.diagnostics.count, 200_000)
    }
}
