import Foundation
import XCTest

/// Small action trees whose generated lift file must compile (Swift 6 mode, warnings as errors) against
/// the SwiftRex stand-in. Each test is one shape a real app has; the generated code, not a string in it,
/// is what is checked. Sources are written inline so each test shows its whole input.
final class LiftCompileEdgeCaseTests: XCTestCase {
    /// A generic parent passes its own parameter to a generic child: `RowsAction<Int>` carries
    /// `PageAction<Item>`, so along this path the child is `PageAction<Int>` and its conformance must say
    /// `where Value == Int` (not `Value == Item`, a name that means nothing outside RowsAction).
    func testGenericArgumentThatIsTheParentsParameter() throws {
        let output = try assertLiftsCompile("""
            public enum RootAction {
                case rows(RowsAction<Int>)
            }
            public enum RowsAction<Item> {
                case page(PageAction<Item>)
                case reset
            }
            public enum PageAction<Value> {
                case loaded([Value])
                case next
            }
            """)
        XCTAssertTrue(output.contains("extension PageAction: RootActionConvertible where Value == Int {"),
                      "PageAction's conformance does not pin Value to Int")
    }

    /// A typealias at the top level gives its target arguments that read at file scope, even where the case
    /// that names the alias sees a member type of the same name (`Int` here is `Feature.Int` inside `Feature`).
    func testTopLevelTypealiasArgumentsReadAtFileScope() throws {
        let output = try assertLiftsCompile("""
            public typealias Loop = Feature.PageAction<Int>
            public enum RootAction {
                case feature(Feature.ScreenAction)
            }
            public enum Feature {
                public enum ScreenAction {
                    case loop(Loop)
                }
                public enum PageAction<Value> {
                    case loaded([Value])
                }
                public enum Int {}
            }
            """)
        XCTAssertTrue(output.contains("extension Feature.PageAction: RootActionConvertible where Value == Int {"),
                      "the alias's Int is the standard library's")
    }

    /// A generic argument naming a type nested in the parent: at file scope it must be qualified
    /// (`Value == ListAction.Row`).
    func testGenericArgumentThatIsANestedType() throws {
        try assertLiftsCompile("""
            public enum RootAction {
                case list(ListAction)
            }
            public enum ListAction {
                public struct Row {}
                case page(PageAction<Row>)
            }
            public enum PageAction<Value> {
                case loaded([Value])
            }
            """)
    }

    /// A generic argument naming a generic parameter of a type around the parent, or a type declared in a
    /// generic type around it (or in the parent, inside one): at file scope each needs the arguments of that
    /// type along the path (`Holder<Int>.Row`, `RowsAction<Int>.SectionAction.Entry`), which the conformance
    /// wrote neither (`Value == Entry`, `Value == Holder.Row`: no type, or another).
    func testGenericArgumentNamingAParameterOrATypeOfAGenericTypeAroundTheParent() throws {
        let output = try assertLiftsCompile("""
            public enum RootAction {
                case rows(RowsAction<Int>)
                case held(Holder<String>.InnerAction)
            }
            public enum RowsAction<Entry> {
                case section(SectionAction)
                public enum SectionAction {
                    public struct Entry {}
                    case page(PageAction<Entry>)
                    case other(SiblingAction)
                }
                public enum SiblingAction {
                    case wrapped(ListAction<Holder<Entry>.Row>)
                    case passed(PassedAction<Entry>)
                }
            }
            public struct Holder<T> {
                public struct Row {}
                public enum InnerAction {
                    case page(OtherPageAction<Row>)
                }
            }
            public enum PageAction<Value> { case set(Value) }
            public enum ListAction<Value> { case set(Value) }
            public enum OtherPageAction<Value> { case set(Value) }
            public enum PassedAction<Value> { case set(Value) }
            """)
        for conformance in ["PageAction: RootActionConvertible where Value == RowsAction<Int>.SectionAction.Entry",
                            "ListAction: RootActionConvertible where Value == Holder<Int>.Row",
                            "PassedAction: RootActionConvertible where Value == Int",
                            "OtherPageAction: RootActionConvertible where Value == Holder<String>.Row"] {
            XCTAssertTrue(output.contains("extension \(conformance) {"), "no \(conformance)\n\(output)")
        }
    }

    /// The same, but the generic child declares a member named like the argument's first name: in the
    /// conformance's `where` clause `Outer` would mean `PageAction.Outer`. No conformance, and a warning.
    func testGenericArgumentWhoseNameTheChildsMemberHides() throws {
        let result = try generateAndTypecheck("""
            public enum RootAction {
                case list(Outer.ListAction)
            }
            public enum Outer {
                public struct Row {}
                public enum ListAction {
                    case page(PageAction<Row>)
                }
            }
            public enum PageAction<Value> {
                case loaded([Value])
                public enum Outer { case none }
            }
            """)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))")
        XCTAssertFalse(result.lifts.contains("extension PageAction: RootActionConvertible"), result.lifts)
        XCTAssertTrue(result.rexgen.stderrLines.contains {
            $0.contains("warning: 'PageAction' is used with generic arguments that name 'Outer'")
        }, result.rexgen.stderr)
    }

    /// A generic parameter named like an action enum (`PageAction<ListAction>`, `Outer<Child>.Sheet`) is the
    /// parameter inside its type, as Swift looks it up: a case carrying it carries whatever the argument is,
    /// not the enum. Taking it for the enum gave `ListAction` a conformance that embedded it where an `Int`
    /// goes. A member type of the same name does not win over the parameter either; a typealias inside a
    /// generic type that names the parameter is the parameter too.
    func testGenericParametersNamedLikeActionEnums() throws {
        let result = try generateAndTypecheck("""
            public enum RootAction {
                case page(PageAction<Int>)
                case sheet(Outer<String>.SheetAction)
                case alias(AliasAction<Bool>)
                case list(ListAction)
            }
            public enum PageAction<ListAction> {
                case list(ListAction)
                case close
                public enum ListAction { case member }
            }
            public enum Outer<Child> {
                public enum SheetAction {
                    case child(Child)
                }
            }
            public enum AliasAction<ListAction> {
                public typealias Carried = ListAction
                case carried(Carried)
            }
            public enum ListAction {
                case tap
            }
            public enum Child {
                case tap
            }
            """)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))")
        XCTAssertTrue(result.lifts.contains("extension ListAction: RootActionConvertible"), result.lifts)
        XCTAssertTrue(result.lifts.contains("guard case let .list(value) = rootAction"), result.lifts)
        XCTAssertFalse(result.lifts.contains(".page(.list("), result.lifts)
        XCTAssertFalse(result.lifts.contains("ChildConvertible"), result.lifts)
        XCTAssertFalse(result.lifts.contains("extension Child: RootActionConvertible"), result.lifts)
    }

    /// Action enums declared inside a generic action enum (`PageAction<Value>.InnerAction`) are as generic as
    /// it is: reached through `PageAction<Int>`, their conformance must say `where Value == Int` too (it said
    /// nothing, and `PageAction<Value>.InnerAction` is not `PageAction<Int>.InnerAction`). The same two levels
    /// down, through a sibling; left out with a warning where the enum hides the parameter's name. A root
    /// inside a generic type has no name outside it (`Lonely.LonelyAction` needs Lonely's arguments): no lifts.
    func testActionEnumsInsideGenericActionEnums() throws {
        let result = try generateAndTypecheck("""
            public enum RootAction {
                case page(PageAction<Int>)
            }
            public enum PageAction<Value> {
                case loaded([Value])
                case inner(InnerAction)
                case sibling(SiblingAction)
                case hiding(HidingAction)
                public enum InnerAction {
                    case tap
                }
                public enum SiblingAction {
                    case inner(InnerAction)
                    case deeper(DeeperAction)
                    public enum DeeperAction {
                        case value(Value)
                    }
                }
                public enum HidingAction {
                    case tap
                    public struct Value {}
                }
            }
            public enum Lonely<T> {
                public enum LonelyAction {
                    case child(ChildAction)
                }
            }
            public enum ChildAction {
                case tap
            }
            """)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))")
        for name in ["PageAction.SiblingAction", "PageAction.SiblingAction.DeeperAction"] {
            XCTAssertTrue(result.lifts.contains("extension \(name): RootActionConvertible where Value == Int {"), name)
        }
        // InnerAction is reachable along two paths: no conformance, as for any enum.
        XCTAssertFalse(result.lifts.contains("extension PageAction.InnerAction:"), result.lifts)
        XCTAssertFalse(result.lifts.contains("extension PageAction.HidingAction:"), result.lifts)
        XCTAssertTrue(result.rexgen.stderrLines.contains {
            $0.contains("warning: 'PageAction.HidingAction' is inside generic type 'PageAction' and has a member type or generic parameter 'Value'")
        }, result.rexgen.stderr)
        XCTAssertFalse(result.lifts.contains("LonelyActionConvertible"), result.lifts)
        XCTAssertTrue(result.rexgen.stderrLines.contains {
            $0.contains("note: root 'Lonely.LonelyAction' is inside generic type 'Lonely', so no lift extensions")
        }, result.rexgen.stderr)
        let single = try generateAndTypecheck("""
            public enum RootAction {
                case page(PageAction<Int>)
            }
            public enum PageAction<Value> {
                case inner(InnerAction)
                public enum InnerAction {
                    case tap
                }
            }
            """)
        XCTAssertEqual(single.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(single.typecheck))")
        XCTAssertTrue(single.lifts.contains("extension PageAction.InnerAction: RootActionConvertible where Value == Int {"),
                      single.lifts)
    }

    /// The where clause of `extension PageAction.RowAction` looks names up among RowAction's member types, then
    /// among the generic parameters of RowAction and of the types around it, but not among those types' member
    /// types: `Item` there is the top-level `Item` even though `PageAction` declares one, and `Value` is
    /// FormAction's parameter even though `Section` declares a type `Value`. Those conformances are written
    /// (and used, so that they must mean the right types); the ones a name does hide are left out.
    func testWhereClauseNamesTheTypesAroundTheEnumDoNotHide() throws {
        let result = try generateAndTypecheck("""
            public struct Item {}
            public enum RootAction {
                case page(PageAction<Item>)
                case form(FormAction<Int>)
                case shelf(ShelfAction<Item>)
            }
            public enum ShelfAction<Value> {
                case tap
                public typealias Item = Int
            }
            public enum PageAction<Value> {
                case row(RowAction)
                public struct Item {}
                public enum RowAction {
                    case tap
                }
            }
            public enum FormAction<Value> {
                case field(Section.FieldAction)
                public enum Section {
                    public struct Value {}
                    public enum FieldAction {
                        case clear
                    }
                }
            }
            func use() -> [RootAction] {
                [PageAction<Item>.RowAction.tap.rootAction, FormAction<Int>.Section.FieldAction.clear.rootAction]
            }
            """)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))")
        XCTAssertTrue(result.lifts.contains("extension PageAction.RowAction: RootActionConvertible where Value == Item {"),
                      result.lifts)
        XCTAssertTrue(result.lifts.contains("extension FormAction.Section.FieldAction: RootActionConvertible where Value == Int {"),
                      result.lifts)
        // An enum's own member type or typealias `Item` does hide the argument in its own conformance.
        for name in ["PageAction", "ShelfAction"] {
            XCTAssertFalse(result.lifts.contains("extension \(name):"), result.lifts)
            XCTAssertTrue(result.rexgen.stderrLines.contains {
                $0.contains("warning: '\(name)' is used with generic arguments that name 'Item', which in its conformance's")
            }, result.rexgen.stderr)
        }
    }

    /// `App.Action` and `AppAction` both join to `AppAction`: two `AppActionConvertible` protocols do not
    /// compile. RexGen must not write both; whatever it drops, a warning must name the clash.
    func testTwoRootsWhoseNamesJoinToTheSameName() throws {
        let sources = """
            public enum App {
                public enum Action {
                    case tab(TabAction)
                }
            }
            public enum AppAction {
                case tab(TabAction)
            }
            public enum TabAction {
                case select(Int)
            }
            """
        let result = try generateAndTypecheck(sources)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))")
        XCTAssertTrue(result.rexgen.stderrLines.contains { $0.contains("warning:") && $0.contains("AppActionConvertible") },
                      "no warning names the clash:\n\(result.rexgen.stderr)")
    }

    /// A deprecated case on the path: the enum properties copy its `@available`, so must the conformance
    /// that embeds through it, or the generated file draws a deprecation warning (an error under
    /// -warnings-as-errors, and noise in every user's build).
    func testDeprecatedCaseOnThePath() throws {
        try assertLiftsCompile("""
            public enum RootAction {
                @available(*, deprecated, message: "use modern")
                case legacy(LegacyAction)
                case modern(ModernAction)
            }
            public enum LegacyAction {
                case run
            }
            public enum ModernAction {
                case run
            }
            """)
    }

    /// Action enums isolated to a global actor, by an attribute or by a protocol they conform to: the
    /// conformance's witnesses are nonisolated, as Swift's synthesized `allCases` is, or the conformance would
    /// cross into the main actor, which Swift 6 rejects.
    func testActionEnumsIsolatedToAGlobalActor() throws {
        try assertLiftsCompile("""
            @MainActor public protocol Screen {}
            @MainActor
            public enum RootAction {
                case list(ListAction)
                case detail(DetailAction)
            }
            @MainActor
            public enum ListAction { case reload }
            public enum DetailAction: Screen { case close }
            """)
    }

    /// Names RexGen derives from a root's must be plain names: a raw identifier's words are capitalised and
    /// joined (`` `Sign In`.Action `` → `SignInActionConvertible`), a root whose lowered name is a keyword gets
    /// `caseRoot`, and a root nested in `` `Self` `` is named by its alias in the protocol, where `Self` is the
    /// conforming type. Cases and payloads with raw identifiers are backticked wherever they are written.
    func testRootsWithRawIdentifiersAndKeywordNames() throws {
        let output = try assertLiftsCompile("""
            public enum `Sign In` {
                public enum Action {
                    case `did tap`(`2nd Screen`.Action)
                    case `a, b`(`label one`: Int)
                }
            }
            public enum `2nd Screen` {
                public enum Action { case `go (back)`(code: Int) }
            }
            // rexgen: action
            public enum Case {
                case tab(`2nd Screen`.Action)
            }
            public enum `Self` {
                public enum Event { case screen(`2nd Screen`.Action) }
            }
            """)
        for expected in ["protocol SignInActionConvertible {", "init?(signInAction: `Sign In`.Action)",
                         "protocol CaseConvertible {", "init?(caseRoot: Case)", "liftToCase(",
                         "protocol SelfEventConvertible {", "init?(selfEvent: _SelfEventConvertibleRoot)",
                         "extension `2nd Screen`.Action: SignInActionConvertible {",
                         "guard case let .`did tap`(value) = signInAction else { return nil }"] {
            XCTAssertTrue(output.contains(expected), "\(expected)\n\(output)")
        }
    }

    /// Control for the tests above: the shapes they vary compile when nothing is special, and the
    /// harness reports a broken file as broken (so their failures mean what they say).
    /// Each conformance declares a property named after the root (`var event` for a root `Event`). An enum of
    /// the sources with a case of that name (a property itself, or given one among the enum properties) or a
    /// hand-written member of that name gets no conformance, with a warning, and the build still compiles;
    /// the enums below it keep theirs (their paths are written as patterns).
    func testACaseOrMemberNamedLikeTheRootsPropertyLeavesThatConformanceOut() throws {
        let work = try temporaryDirectory()
        let source = work.appendingPathComponent("Sources.swift")
        try Data("""
            enum Event {
                case counter(CounterEvent)
                case list(ListEvent)
                case settings(SettingsEvent)
                case about(AboutEvent)
            }
            enum CounterEvent {
                case event(Int)
                case increment
            }
            enum ListEvent {
                case event
                case row(RowEvent)
            }
            enum RowEvent {
                case tap
            }
            enum SettingsEvent {
                case close
            }
            extension SettingsEvent {
                var event: Event { .settings(self) }
            }
            enum AboutEvent {
                case close
            }
            typealias About = AboutEvent
            extension About {
                var event: Event { .about(self) }
            }
            """.utf8).write(to: source)
        let generated = work.appendingPathComponent("Generated")
        let rexgen = try LiftTestSupport.generate([source.path], into: generated)
        let lifts = try LiftTestSupport.read(generated.appendingPathComponent(LiftTestSupport.liftFileName))
        for (name, clash) in [("CounterEvent", "a case"), ("ListEvent", "a case"), ("SettingsEvent", "a member"),
                               ("AboutEvent", "a member")] {
            XCTAssertTrue(rexgen.stderr.contains("warning: '\(name)' has \(clash) named 'event', which its EventConvertible "
                                                 + "conformance would declare again as a property"), rexgen.stderr)
            XCTAssertFalse(lifts.contains("extension \(name): EventConvertible"), lifts)
        }
        XCTAssertTrue(lifts.contains("extension RowEvent: EventConvertible {"), lifts)
        XCTAssertTrue(lifts.contains("extension Event: EventConvertible {"), lifts)
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: .swift6,
                                               into: modules)
        let typecheck = try LiftTestSupport.typecheck([source] + LiftTestSupport.swiftFiles(in: generated), modules: modules,
                                                      mode: .swift6)
        try LiftTestSupport.require(typecheck, "type-checking the sources with their enum properties and lifts")
    }

    func testHarnessAcceptsPlainTreeAndRejectsBrokenCode() throws {
        let plain = """
            public enum RootAction {
                case list(ListAction)
            }
            public enum ListAction {
                case page(PageAction<Int>)
            }
            public enum PageAction<Value> {
                case loaded([Value])
            }
            """
        try assertLiftsCompile(plain)
        let broken = try generateAndTypecheck(plain + "\nlet unused: Int = \"not an Int\"\n")
        XCTAssertNotEqual(broken.typecheck.exitCode, 0, "the harness accepted code that cannot compile")
    }

    // MARK: - Harness

    /// Generates for `source` (as Sources.swift), then type-checks it with the lift file only: lifts must
    /// not depend on the enum properties. Returns the lift file.
    @discardableResult
    private func assertLiftsCompile(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try generateAndTypecheck(source, file: file, line: line)
        XCTAssertEqual(result.typecheck.exitCode, 0, "the generated lifts do not compile:\n\(LiftTestSupport.excerpt(result.typecheck))",
                       file: file, line: line)
        return result.lifts
    }

    private func generateAndTypecheck(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> (rexgen: ProcessResult, lifts: String, typecheck: ProcessResult) {
        let work = try temporaryDirectory()
        let sourceURL = work.appendingPathComponent("Sources.swift")
        try Data(source.utf8).write(to: sourceURL)
        let generated = work.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        let rexgen = try LiftTestSupport.generate([sourceURL.path], into: generated, file: file, line: line)
        let liftURL = generated.appendingPathComponent(LiftTestSupport.liftFileName)
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: .swift6,
                                               into: modules, file: file, line: line)
        let typecheck = try LiftTestSupport.typecheck([sourceURL, liftURL], modules: modules, mode: .swift6)
        return (rexgen, try LiftTestSupport.read(liftURL), typecheck)
    }
}
