import XCTest
@testable import RexGenCore

/// Reader bugs the differential test found on real packages, each pinned by the smallest input that
/// shows it. The comment on each names the code it came from.
final class ReliabilityReaderRegressionTests: XCTestCase {
    /// swift-protobuf `func register(enum e: EnumDescriptor)`, sql-kit `func alter(enum name: String)`:
    /// a keyword as an argument label read as a declaration (a phantom enum `S.e` whose "body" was the
    /// function's, so the function's local enums lost `local` and got wrong qualified names).
    func testKeywordArgumentLabelsAreNotDeclarations() {
        let file = Reader.parse("""
        struct S {
            func register(enum e: EnumDescriptor) {
                enum Local { case x }
            }
            init(class c: Int, struct s: Int, actor a: Int) {
                enum Local2 { case y }
            }
            subscript(enum e: Int) -> Int { 0 }
            func f(_ a: Int,
                   extension x: Int, protocol p: Int) { enum Local3 {} }
        }
        enum E {
            case a
            func f(case c: Int) {}
        }
        """)
        XCTAssertEqual(file.enumNames, ["Local", "Local2", "Local3", "E"])
        XCTAssertEqual(file.enums.map(\.isLocal), [true, true, true, false])
        XCTAssertEqual(file.cases(of: "E"), ["a"])
        XCTAssertEqual(file.errors, [])
    }

    /// A keyword label that is not followed by an inner name is a plain label, as before.
    func testKeywordLabelsInCallsAndPayloadsStillRead() {
        let file = Reader.parse("""
        enum AAction {
            case a(enum: Int, class: String)
            case b(for x: Int)
        }
        let x = register(enum: e, struct: s)
        enum BAction { case b }
        """)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.cases(of: "AAction"), ["a(enum: Int, class: String)", "b(for: Int)"])
    }

    /// SwiftGraph and swift-case-paths tests: `indirect enum Tree` inside a function lost `indirect`.
    func testLocalIndirectEnumKeepsIndirect() {
        let file = Reader.parse("""
        func f() {
            indirect enum Tree {
                case node(Int, Tree, Tree)
                case leaf(Int)
            }
            let indirect = 1
            print(indirect)
            enum NotIndirect { case a }
        }
        """)
        XCTAssertEqual(file.enumNames, ["Tree", "NotIndirect"])
        XCTAssertEqual(file.enums.map(\.isIndirect), [true, false])
        XCTAssertEqual(file.enums.map(\.isLocal), [true, true])
    }

    /// swift-openapi-runtime: `@abi(` with the declaration on the next line drew "expected ')'" on valid
    /// code, because a line starting with `func` inside an attribute was taken for a missing `)`.
    func testABIAttributeMayHoldADeclarationOnItsOwnLine() {
        let file = Reader.parse("""
        extension AsyncSequence {
            #if compiler(>=6.2)
            @abi(
                func asDecoded<Event: Decodable>(of eventType: Event.Type) -> Int
            )
            #endif
            public func decoded() -> Int { 0 }
        }
        enum AAction { case a }
        """)
        XCTAssertEqual(file.errors, [])
        XCTAssertEqual(file.enumNames, ["AAction"])
    }

    /// The recovery `@abi` is exempt from still works for other attributes.
    func testUnclosedAttributeStillStopsAtTheNextDeclarationLine() {
        let file = Reader.parse("@available(iOS 13, *\nenum AAction { case a }\n")
        XCTAssertEqual(file.enumNames, ["AAction"])
        XCTAssertEqual(file.errors, ["1:11 error: expected ')' to close the attribute's arguments"])
    }

    /// swift-case-paths: `{ /Result.success ~= $0 }).compactMap(/Result.success)` was lexed as one regex
    /// literal from the first `/` to the second, swallowing `}` and `)`; Swift's lexer rejects a bare
    /// `/…/` holding an unbalanced `)`, and so must ours, or the braces after it no longer balance.
    func testBareRegexWithAnUnbalancedParenIsAnOperator() {
        let file = Reader.parse("""
        final class T {
          func testA() {
            _ = Array(results.prefix(while: { /Result.success ~= $0 }).compactMap(/Result.success))
            XCTAssertEqual(42, (/Foo.foo .. /Foo.bar).extract(from: x))
          }
          func testB() { enum Local { case a } }
        }
        enum AAction { case a }
        """)
        XCTAssertEqual(file.errors, [])
        XCTAssertEqual(file.enumNames, ["Local", "AAction"])
        XCTAssertEqual(file.enums.map(\.isLocal), [true, false])
    }

    /// A bare regex holding balanced groups, or a `)` inside a character class, is still one literal.
    func testBareRegexWithBalancedGroupsIsStillARegex() {
        let file = Reader.parse("""
        func f() {
          let a = /(a|b)+ \\) [)}]/
          let b = /x/ // a regex, then a comment
        }
        enum AAction { case a }
        """)
        XCTAssertEqual(file.errors, [])
        XCTAssertEqual(file.enumNames, ["AAction"])
    }
}
