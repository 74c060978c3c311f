import XCTest
@testable import RexGenCore

/// Cases and their payloads, members, type aliases, imports, annotations and locations.
extension ReaderTests {
    func testIndirectEnumsAndCases() {
        let file = Reader.parse("""
        indirect enum Tree { case leaf, node(Tree, Tree) }
        enum List { indirect case cons(Int, List); case empty }
        public indirect enum Expr { case value(Int) }
        """)
        XCTAssertEqual(file.enums.map(\.isIndirect), [true, false, true])
        XCTAssertEqual(file.enumNamed("Tree")?.cases.map(\.isIndirect), [false, false])
        XCTAssertEqual(file.enumNamed("List")?.cases.map(\.isIndirect), [true, false])
        XCTAssertEqual(file.enumNamed("Expr")?.declaredAccess, .public)
        XCTAssertEqual(file.cases(of: "Tree"), ["leaf", "node(Tree, Tree)"])
    }

    func testBacktickedUnicodeAndSeveralDeclarationsOnOneLine() {
        let file = Reader.parse("""
        enum NameAction { case `default`, `self`(Int), café, 名前 }; enum Second { case a; case b, c }; enum Third {
        case d }
        enum `Type` { case `case` }
        """)
        XCTAssertEqual(file.enumNames, ["NameAction", "Second", "Third", "Type"])
        XCTAssertEqual(file.cases(of: "NameAction"), ["default", "self(Int)", "café", "名前"])
        XCTAssertEqual(file.cases(of: "Second"), ["a", "b", "c"])
        XCTAssertEqual(file.cases(of: "Third"), ["d"])
        XCTAssertEqual(file.cases(of: "Type"), ["case"])
    }

    func testLabelledUnlabelledAndDefaultedPayloads() {
        let file = Reader.parse("""
        enum PayloadAction {
            case a(x: Int = 1, String)
            case b(_ name: String, _: Int, label inner: Double)
            case c(for: Int, in: String, default: Bool, case: Int)
            case d(Int...)
            case e()
            case f(x: Int = max(1, 2), y: [Int] = [1, 2], z: () -> Int = { 1 },
                   w: (Int, Int) -> Int = { a, b in a + b }, v: String = "a, b)")
            case g(x: [String: Int] = Dictionary<String, Int>(), y: Int = Array<Int>().count)
            case h(file: String = #file, line: UInt = #line, id: Int = #column)
            case i(x: Bool = 1 < 2, y: Int = 3 > 2 ? 1 : 0)
        }
        """)
        XCTAssertEqual(file.cases(of: "PayloadAction"), [
            "a(x: Int = 1, String)",
            "b(String, Int, label: Double)",
            "c(for: Int, in: String, default: Bool, case: Int)",
            "d(Int...)",
            "e()",
            #"f(x: Int = max(1, 2), y: [Int] = [1, 2], z: () -> Int = { 1 }, w: (Int, Int) -> Int = { a, b in a + b }, v: String = "a, b)")"#,
            "g(x: [String: Int] = Dictionary<String, Int>(), y: Int = Array<Int>().count)",
            "h(file: String = #file, line: UInt = #line, id: Int = #column)",
            "i(x: Bool = 1 < 2, y: Int = 3 > 2 ? 1 : 0)",
        ])
        let values = file.enumNamed("PayloadAction")?.cases[3].associatedValues
        XCTAssertEqual(values, [AssociatedValue(label: nil, typeText: "Int", isVariadic: true)])
        XCTAssertEqual(file.errors, [])
    }

    func testFunctionTupleAndGenericPayloadTypes() {
        let file = Reader.parse("""
        enum TypeAction {
            case a((Int) -> Void)
            case b(@Sendable (Int) async throws -> Void)
            case c(callback: @MainActor @Sendable () -> Void, (String, Int)->Bool)
            case d((a: Int, b: String), (Int, Int))
            case e(any Error, some: Int, P & Q, any P & Q)
            case f([String: Int], Result<Int, Error>, [Int], Dictionary<String, [Int]>)
            case g(value: Swift.Result<[Int], any Error>?, [String: (Int) -> Void]!)
            case h(Array<Set<Int>>, (Int) throws(MyError) -> sending Int)
        }
        """)
        XCTAssertEqual(file.cases(of: "TypeAction"), [
            "a((Int) -> Void)",
            "b(@Sendable (Int) async throws -> Void)",
            "c(callback: @MainActor @Sendable () -> Void, (String, Int)->Bool)",
            "d((a: Int, b: String), (Int, Int))",
            "e(any Error, some: Int, P & Q, any P & Q)",
            "f([String: Int], Result<Int, Error>, [Int], Dictionary<String, [Int]>)",
            "g(value: Swift.Result<[Int], any Error>?, [String: (Int) -> Void]!)",
            "h(Array<Set<Int>>, (Int) throws(MyError) -> sending Int)",
        ])
        XCTAssertEqual(file.errors, [])
    }

    func testCommentsAndLineBreaksNeverReachTypeText() {
        let file = Reader.parse("""
        enum CommentAction {
            case k(
                first: Int, // comment with , and ) and enum
                /* inline ( */ second: [String /* : */ :
                    Int],
                third: (Int) /* -> */ ->
                    Void = { _ in /* } */ }
            )
            case l(Int /* , */, String) // trailing
        }
        """)
        XCTAssertEqual(file.cases(of: "CommentAction"), [
            "k(first: Int, second: [String : Int], third: (Int) -> Void = { _ in })",
            "l(Int, String)",
        ])
        XCTAssertEqual(file.errors, [])
    }

    func testRawValues() {
        let file = Reader.parse("""
        enum Numbers: Int { case a = 1, b = -2; case c = 0x10
            case d }
        enum Strings: String { case a = "x", b = "y, z"; case c = #"q"#, d }
        """)
        XCTAssertEqual(file.cases(of: "Numbers"), ["a = 1", "b = -2", "c = 0x10", "d"])
        XCTAssertEqual(file.cases(of: "Strings"), [#"a = "x""#, #"b = "y, z""#, ##"c = #"q"#"##, "d"])
    }

    func testMembersInEnumBodiesAndExtensions() {
        let file = Reader.parse("""
        enum MAction {
            case a
            var isA: Bool { false }
            static var all: [MAction] { [] }
            func describe() -> String { "" }
            static func make() -> MAction { .a }
            static func == (lhs: Self, rhs: Self) -> Bool { true }
        }
        extension MAction {
            var a: Void? { nil }
            mutating func reset() {}
            static let shared = MAction.a
            public var `default`: Int { 0 }
            @available(*, unavailable) public nonisolated var marked: Int { 0 }
        }
        extension Feature.Action { var x: Int { 0 } }
        extension Holder { var stored = 1; let (t1, t2) = (1, 2); class func cf() {}; final class var cv: Int { 0 } }
        """)
        XCTAssertEqual(file.members.map(Reader.render), [
            "MAction.isA property", "MAction.all property static", "MAction.describe function",
            "MAction.make function static", "MAction.a property", "MAction.reset function",
            "MAction.shared property static", "MAction.default property", "MAction.marked property",
            "Feature.Action.x property", "Holder.stored property", "Holder.t1 property", "Holder.t2 property",
            "Holder.cf function static", "Holder.cv property static",
        ])
        XCTAssertEqual(file.members.first?.location, SourceLocation(file: "T.swift", line: 3, column: 9))
    }

    /// Members are read for what they can collide with: an enum's generated properties. A struct's,
    /// class's, actor's or protocol's own body declares none of an enum's, so none of its members is kept;
    /// an extension of such a type still is (the extended name could be an enum declared elsewhere).
    func testMembersOfOtherTypesBodiesAreNotRead() {
        let source = """
        struct S { var s = 1; func f() {}; enum Inner { case a; var i: Int { 0 } } }
        class C { var c = 1 }
        actor A { func run() {} }
        protocol P { var p: Int { get } }
        extension S { var e: Int { 0 } }
        """
        XCTAssertEqual(Reader.parse(source).members.map(Reader.render), ["S.Inner.i property", "S.e property"])
        // A file Sourcery wrote is read whole: its properties are compared with what RexGen would write.
        let sourcery = Reader.parse("// Generated using Sourcery 2.1.7 — https://github.com/krzysztofzablocki/Sourcery\n" + source)
        XCTAssertEqual(sourcery.members.map(Reader.render), ["S.s property", "S.f function", "S.Inner.i property",
                                                             "C.c property", "A.run function", "P.p property", "S.e property"])
    }

    func testTypeAliasesAndImports() {
        let file = Reader.parse("""
        import Foundation
        @testable import MyApp
        import struct Foo.Bar // why
        @preconcurrency import Combine; import Dispatch
        @_exported public import Shared
        @_spi(Internals) @_spi( Tools ) @testable import Feature
        #if canImport(UIKit)
        import UIKit
        #endif
        typealias Handler = (Int) -> Void
        typealias Pair<T> = (T, T)
        struct T { typealias ID = String; func f() { typealias Local = Int } }
        enum E { typealias Payload = [String:
            Int] }
        """)
        XCTAssertEqual(file.imports.map(\.text), ["import Foundation", "@testable import MyApp", "import struct Foo.Bar",
                                                  "@preconcurrency import Combine", "import Dispatch",
                                                  "@_exported public import Shared",
                                                  "@_spi(Internals) @_spi(Tools) @testable import Feature", "import UIKit"])
        XCTAssertEqual(file.imports.map(\.isReExport), [false, false, false, false, false, true, false, false])
        XCTAssertEqual(file.imports.map(\.ifConfig.count), [0, 0, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(file.imports[6].moduleName, "Feature")
        XCTAssertEqual(file.imports.last?.ifConfig.first?.condition, "canImport(UIKit)")
        XCTAssertEqual(file.typeAliases.map { "\($0.qualifiedName) = \($0.targetText)" },
                       ["Handler = (Int) -> Void", "Pair = (T, T)", "T.ID = String", "E.Payload = [String: Int]"])
    }

    func testAnnotationsInCommentsAboveEnums() {
        let file = Reader.parse("""
        // rexgen: prism
        enum Plain { case a }

        /// Documentation.
        // sourcery: Prism
        @available(iOS 13, *)
        public enum SourceryStyle { case b }

        /* rexgen: skip */
        enum SkippedAction { case c }

        // sourcery: Prism, imports = "Foundation"
        enum Two { case d }

        /// Doc comment.
        /// rexgen: prism
        enum Doc { case e }

        @available(iOS 13, *)
        // rexgen: prism
        @MainActor
        enum AfterAttribute { case f }

        enum None { case g }

        enum Trailing { case h } // rexgen: skip
        enum AfterTrailing {
            case i // sourcery: skip
            case j
        }
        """)
        func annotations(_ name: String) -> [String] {
            file.enumNamed(name)?.annotations.map { "\($0.namespace): \($0.name)\($0.value.map { " = \($0)" } ?? "")" } ?? []
        }
        XCTAssertEqual(annotations("Plain"), ["rexgen: prism"])
        XCTAssertEqual(annotations("SourceryStyle"), ["sourcery: Prism"])
        XCTAssertEqual(annotations("SkippedAction"), ["rexgen: skip"])
        XCTAssertEqual(annotations("Two"), ["sourcery: Prism", #"sourcery: imports = "Foundation""#])
        XCTAssertEqual(annotations("Doc"), ["rexgen: prism"])
        XCTAssertEqual(annotations("AfterAttribute"), ["rexgen: prism"])
        XCTAssertEqual(file.enumNamed("AfterAttribute")?.attributes, ["@available(iOS 13, *)", "@MainActor"])
        XCTAssertEqual(annotations("None"), [])
        // A comment at the end of a line belongs to that line, not to the next declaration.
        XCTAssertEqual(annotations("AfterTrailing"), [])
        XCTAssertEqual(file.enumNamed("AfterTrailing")?.cases.map { $0.annotations.count }, [0, 0])
        XCTAssertEqual(file.enumNamed("SourceryStyle")?.hasAnnotation("prism", namespace: "sourcery"), true)
    }

    func testLocationsOfEnumsAndCases() {
        let file = Reader.parse("""
        import Foundation

        public enum LocAction {
          case first, second(Int)
            case café, third
        }
        struct S { enum Inner { case x } }
        """)
        let loc = file.enumNamed("LocAction")
        XCTAssertEqual(loc?.location, SourceLocation(file: "T.swift", line: 3, column: 13))
        XCTAssertEqual(loc?.cases.map { "\($0.name)@\($0.location.line):\($0.location.column)" },
                       ["first@4:8", "second@4:15", "café@5:10", "third@5:17"])
        XCTAssertEqual(file.enumNamed("S.Inner")?.location, SourceLocation(file: "T.swift", line: 7, column: 17))
        XCTAssertEqual(file.enumNamed("S.Inner")?.cases.first?.location.column, 30)
    }
}
