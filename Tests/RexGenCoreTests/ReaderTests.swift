import XCTest
@testable import RexGenCore

/// Reader tests share these: the parse of a snippet, and compact one-line renderings of what it found, so
/// each expectation states exact values in a form that reads like the Swift it came from.
enum Reader {
    static func parse(_ source: String) -> ParsedFile {
        SwiftReader.parse(source: source, path: "T.swift")
    }

    static func parse(bytes: [UInt8]) -> ParsedFile {
        bytes.withUnsafeBufferPointer { SwiftReader.parse($0, path: "T.swift") }
    }

    /// `a(x: Int = 1, String)`, `b = "raw"`, `c`: a case as it could be written back.
    static func render(_ enumCase: EnumCaseDeclaration) -> String {
        var text = enumCase.name
        if let values = enumCase.associatedValues {
            let parts = values.map { value -> String in
                var part = value.label.map { "\($0): " } ?? ""
                part += value.typeText + (value.isVariadic ? "..." : "")
                if let defaultValue = value.defaultValue { part += " = \(defaultValue)" }
                return part
            }
            text += "(" + parts.joined(separator: ", ") + ")"
        }
        if let rawValue = enumCase.rawValue { text += " = \(rawValue)" }
        return text
    }

    /// `1:6 error: message`: a diagnostic without its file.
    static func render(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location.map { "\($0.line):\($0.column) " } ?? ""
        return "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message)"
    }

    /// `Owner.name property static`.
    static func render(_ member: MemberDeclaration) -> String {
        "\(member.ownerName).\(member.name) \(member.kind.rawValue)\(member.isStatic ? " static" : "")"
    }
}

extension ParsedFile {
    var enumNames: [String] { enums.map(\.qualifiedName) }
    var errors: [String] { diagnostics.map(Reader.render) }

    func enumNamed(_ qualifiedName: String, file: StaticString = #filePath, line: UInt = #line) -> EnumDeclaration? {
        let matches = enums.filter { $0.qualifiedName == qualifiedName }
        if matches.count != 1 {
            XCTFail("\(matches.count) enums named \(qualifiedName) in \(enumNames)", file: file, line: line)
        }
        return matches.first
    }

    func cases(of qualifiedName: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        enumNamed(qualifiedName, file: file, line: line)?.cases.map(Reader.render) ?? []
    }
}

final class ReaderTests: XCTestCase {
    // MARK: - Comments

    func testNestedBlockCommentsAroundEnums() {
        let file = Reader.parse("""
        /* a /* b */ c */
        enum AAction { /* case hidden */ case a }
        /* outer /* enum Hidden { case x } */ still a comment { */
        enum BAction { case b /* } */ }
        """)
        XCTAssertEqual(file.enumNames, ["AAction", "BAction"])
        XCTAssertEqual(file.cases(of: "AAction"), ["a"])
        XCTAssertEqual(file.cases(of: "BAction"), ["b"])
        XCTAssertEqual(file.errors, [])
    }

    func testLineCommentsWithBracesAndKeywords() {
        let file = Reader.parse("""
        // enum Fake {
        enum BAction { // {
            case b // }  case c
            // case d
        }
        """)
        XCTAssertEqual(file.enumNames, ["BAction"])
        XCTAssertEqual(file.cases(of: "BAction"), ["b"])
        XCTAssertEqual(file.errors, [])
    }

    // MARK: - Literals

    func testStringsOfEveryFormHidingBracesAndKeywords() {
        let file = Reader.parse(#####"""
        enum Raw: String {
            case a = "{ enum X {", b = #"} "case" }"#
            case c = """
                multi } { enum
                """
            case d = ##"a"#b"##
            static let s = "\(f("\(x)")) }"
            static let t = "esc \" } \\"
            static let u = #"\#(g(")")) {"#
            static let v = #"raw \( { "#
            static let w = #"""
                enum Y { \#(h) """ \(
                """#
        }
        enum After { case z }
        """#####)
        XCTAssertEqual(file.enumNames, ["Raw", "After"])
        XCTAssertEqual(file.cases(of: "Raw"), [
            #"a = "{ enum X {""#, ##"b = #"} "case" }"#"##,
            "c = \"\"\"\n        multi } { enum\n        \"\"\"", ###"d = ##"a"#b"##"###,
        ])
        XCTAssertEqual(file.members.map(Reader.render), ["Raw.s property static", "Raw.t property static",
                                                         "Raw.u property static", "Raw.v property static",
                                                         "Raw.w property static"])
        XCTAssertEqual(file.cases(of: "After"), ["z"])
        XCTAssertEqual(file.errors, [])
    }

    func testRegexLiteralsInFunctionBodies() {
        let file = Reader.parse(#"""
        enum RAction { case a }
        func f(x: String, y: Character) -> Bool {
            let r = /"{/
            let s = #/ } " /#
            let t = #/
              "  {
            /#
            _ = x.firstMatch(of: /[}"]+/)
            if y ~= /\}/ { return true }
            return /"}/ ~= x
        }
        enum AfterRegexAction { case b }
        """#)
        XCTAssertEqual(file.enumNames, ["RAction", "AfterRegexAction"])
        XCTAssertEqual(file.enums.map(\.isLocal), [false, false])
        XCTAssertEqual(file.errors, [])
    }

    // MARK: - Attributes, generics, modifiers

    func testAttributesWithArguments() {
        let file = Reader.parse("""
        @available(iOS 13, *)
        @MainActor
        public enum AttrAction: Sendable {
            @available(*, deprecated, message: "use b")
            case a
            @available(iOS, introduced: 16.0) case b(Int)
        }
        @frozen public enum F { case x }
        """)
        let attr = file.enumNamed("AttrAction")
        XCTAssertEqual(attr?.attributes, ["@available(iOS 13, *)", "@MainActor"])
        XCTAssertEqual(attr?.declaredAccess, .public)
        XCTAssertEqual(attr?.inheritance, ["Sendable"])
        XCTAssertEqual(attr?.cases.map(\.attributes), [[#"@available(*, deprecated, message: "use b")"#],
                                                        ["@available(iOS, introduced: 16.0)"]])
        XCTAssertEqual(file.enumNamed("F")?.attributes, ["@frozen"])
        XCTAssertEqual(file.enumNamed("F")?.declaredAccess, .public)
    }

    func testGenericEnumsWithConstraintsAndWhereClauses() {
        let file = Reader.parse("""
        public enum Loadable<Value: Equatable, Failure: Error>: Equatable, @unchecked Sendable
            where Value: Sendable, Failure == Never {
            case loaded(Value)
            case failed(Failure)
        }
        enum Wrapper<T, U: Collection<Int>> where T: Collection, T.Element == (Int, String) { case a(T) }
        """)
        let loadable = file.enumNamed("Loadable")
        XCTAssertEqual(loadable?.genericParameters, ["Value: Equatable", "Failure: Error"])
        XCTAssertEqual(loadable?.inheritance, ["Equatable", "@unchecked Sendable"])
        XCTAssertEqual(loadable?.whereClause, "Value: Sendable, Failure == Never")
        XCTAssertEqual(file.cases(of: "Loadable"), ["loaded(Value)", "failed(Failure)"])
        let wrapper = file.enumNamed("Wrapper")
        XCTAssertEqual(wrapper?.genericParameters, ["T", "U: Collection<Int>"])
        XCTAssertEqual(wrapper?.inheritance, [])
        XCTAssertEqual(wrapper?.whereClause, "T: Collection, T.Element == (Int, String)")
    }

    func testAccessModifiers() {
        let file = Reader.parse("""
        public enum P1 {}
        package enum P2 {}
        fileprivate enum P3 {}
        open class O { public enum P4 {} }
        internal enum P5 {}
        private enum P6 {}
        enum P7 {}
        extension S {
            public private(set) var x = 1
            private(set) var y = 2
            nonisolated(unsafe) static var z = 3
            package internal(set) var w = 4
        }
        """)
        XCTAssertEqual(file.enums.map(\.declaredAccess), [.public, .package, .fileprivate, .public, .internal,
                                                          .private, nil])
        XCTAssertEqual(file.enumNamed("O.P4")?.enclosingScopes, [.type(name: "O", declaredAccess: .open)])
        XCTAssertEqual(file.members.map(Reader.render), ["S.x property", "S.y property", "S.z property static",
                                                         "S.w property"])
    }

    func testPackageAsAVariableNameIsNotAModifier() {
        let file = Reader.parse("""
        let package = Package(name: "Demo", targets: [])
        package.targets.append(.target(name: "X"))
        enum AfterPackageAction { case a }
        package
        enum PackageAction { case b }
        """)
        XCTAssertEqual(file.enumNames, ["AfterPackageAction", "PackageAction"])
        XCTAssertEqual(file.enums.map(\.declaredAccess), [nil, .package])
    }

    // MARK: - #if

    func testIfConfigAroundCasesAndEnums() {
        let file = Reader.parse("""
        #if DEBUG
        enum DebugAction {
            case a
            #if os(iOS) && !targetEnvironment(simulator) // a comment
            case device
            #if canImport(UIKit)
            case uikit
            #endif
            #elseif os(macOS) ||
                os(Linux)
            case desktop
            #else
            case other
            #endif
            case b
        }
        #else
        enum ReleaseAction { case r }
        #endif
        enum AlwaysAction { case x }
        struct Outer {
            #if os(iOS)
            enum Nested {
                #if FLAG
                case n
                #endif
            }
            #endif
        }
        """)
        let device = "os(iOS) && !targetEnvironment(simulator)", desktop = "os(macOS) || os(Linux)"
        let debugClause = IfConfigClause(blockID: 0, kind: .if, condition: "DEBUG", precedingConditions: [])
        XCTAssertEqual(file.enumNamed("DebugAction")?.ifConfig, [debugClause])
        XCTAssertEqual(file.enumNamed("ReleaseAction")?.ifConfig,
                       [IfConfigClause(blockID: 0, kind: .else, condition: "", precedingConditions: ["DEBUG"])])
        XCTAssertEqual(file.enumNamed("AlwaysAction")?.ifConfig, [])
        XCTAssertEqual(file.enumNamed("Outer.Nested")?.ifConfig.map(\.directiveText), ["#if os(iOS)"])
        XCTAssertEqual(file.enumNamed("Outer.Nested")?.cases.first?.ifConfig.map(\.directiveText), ["#if FLAG"])
        let cases = file.enumNamed("DebugAction")?.cases ?? []
        XCTAssertEqual(cases.map(\.name), ["a", "device", "uikit", "desktop", "other", "b"])
        let ifDevice = IfConfigClause(blockID: 1, kind: .if, condition: device, precedingConditions: [])
        XCTAssertEqual(cases.map(\.ifConfig), [
            [],
            [ifDevice],
            [ifDevice, IfConfigClause(blockID: 2, kind: .if, condition: "canImport(UIKit)", precedingConditions: [])],
            [IfConfigClause(blockID: 1, kind: .elseif, condition: desktop, precedingConditions: [device])],
            [IfConfigClause(blockID: 1, kind: .else, condition: "", precedingConditions: [device, desktop])],
            [],
        ])
        XCTAssertEqual(file.errors, [])
    }

    // MARK: - Nesting

    func testNestedTypesAndExtensionsGiveQualifiedNames() {
        let file = Reader.parse("""
        struct Feature {
            enum Action { case a }
            struct Inner { enum Event { case e } }
        }
        extension Feature { enum Extra { case x } }
        extension Feature.Inner { indirect enum Deep { case d } }
        public extension Foo { enum Action { case f } }
        enum Outer { enum Inner { case i }; case o }
        extension Array where Element == Int { enum Local { case l } }
        final class C<T>: NSObject, P where T: P { enum K { case k } }
        extension Dictionary<String, Int>: P { enum G { case g } }
        extension [Int] { enum H { case h } }
        extension [String: [Int]] { enum I { case i } }
        """)
        XCTAssertEqual(file.enumNames, ["Feature.Action", "Feature.Inner.Event", "Feature.Extra",
                                        "Feature.Inner.Deep", "Foo.Action", "Outer", "Outer.Inner", "Array.Local",
                                        "C.K", "Dictionary.G", "Array.H", "Dictionary.I"])
        XCTAssertEqual(file.enums.map(\.isLocal), Array(repeating: false, count: 12))
        XCTAssertEqual(file.enumNamed("Foo.Action")?.enclosingScopes,
                       [.extension(extendedType: "Foo", declaredAccess: .public)])
        XCTAssertEqual(file.enumNamed("Feature.Inner.Event")?.enclosingScopes,
                       [.type(name: "Feature", declaredAccess: nil), .type(name: "Inner", declaredAccess: nil)])
        XCTAssertEqual(file.enumNamed("Outer.Inner")?.enclosingScopes, [.type(name: "Outer", declaredAccess: nil)])
        XCTAssertEqual(file.cases(of: "Outer"), ["o"])
        XCTAssertEqual(file.types.map(\.qualifiedName), ["Feature", "Feature.Action", "Feature.Inner",
                                                         "Feature.Inner.Event", "Feature.Extra", "Feature.Inner.Deep",
                                                         "Foo.Action", "Outer", "Outer.Inner", "Array.Local", "C",
                                                         "C.K", "Dictionary.G", "Array.H", "Dictionary.I"])
    }

    func testLocalTypesAreMarkedLocal() {
        let file = Reader.parse("""
        func f() { enum InFunction { case a } }
        let closure = { enum InClosure { case b } }
        var computed: Int { enum InComputed { case c }; return 0 }
        extension S {
            var initialized: Int = { enum InInitializer { case d }; return 1 }()
            var observed: Int = 0 { didSet { enum InObserver { case e } } }
            init() { @MainActor enum InInit { case f } }
            subscript(i: Int) -> Int { get { enum InGetter { case g }; return i } }
            static func make() -> S { struct Local { enum Nested { case h } }; return S() }
        }
        enum Top { case t; func m() { if true { enum InMethod { case i } } } }
        """)
        XCTAssertEqual(file.enumNames, ["InFunction", "InClosure", "InComputed", "InInitializer", "InObserver",
                                        "InInit", "InGetter", "Local.Nested", "Top", "InMethod"])
        XCTAssertEqual(file.enums.filter(\.isLocal).count, 9)
        XCTAssertEqual(file.enumNamed("Top")?.isLocal, false)
        XCTAssertEqual(file.enumNamed("InClosure")?.cases.map(\.name), ["b"])
        XCTAssertEqual(file.types.map(\.qualifiedName), ["Top"])
        XCTAssertEqual(file.members.map(Reader.render), ["S.initialized property", "S.observed property",
                                                         "S.make function static", "Top.m function"])
    }
}
