import XCTest
@testable import RexGenCore

/// The lift planner on its own, over `TreeLinks`' walk: which enums get a conformance and what the warnings
/// say, where the walk's order makes it easy to get wrong.
final class LiftPlannerTests: XCTestCase {
    private func plan(_ source: String) -> (plan: LiftPlan, diagnostics: [Diagnostic]) {
        let model = SourceModel(files: [SwiftReader.parse(source: source, path: "App.swift")])
        var diagnostics: [Diagnostic] = []
        let options = GenerationOptions(sources: [])
        let tree = Pipeline.buildActionTree(model, options, diagnostics: &diagnostics)
        let plan = LiftPlanner(tree: tree, model: model).plan(diagnostics: &diagnostics)
        return (plan, diagnostics)
    }

    /// `ItemAction<Int>` carried by the root, and `ItemAction<T>` by `PageAction<T>`, which the root reaches as
    /// `PageAction<pageArgument>` through `ListAction`.
    private func itemTwiceDown(pageArgument: String) -> String {
        """
        enum AppAction {
            case list(ListAction)
            case item(ItemAction<Int>)
        }
        enum ListAction {
            case page(PageAction<\(pageArgument)>)
        }
        enum PageAction<T> {
            case item(ItemAction<T>)
        }
        enum ItemAction<T> {
            case set(T)
        }
        """
    }

    /// `ItemAction` is first reached from the root as `ItemAction<Int>`, and again, later in the walk, through
    /// `PageAction<Int>` as `ItemAction<T>` with `T` the page's argument: the second way's arguments are the
    /// page's, which the walk reaches after the item. The same arguments twice make it two paths, not two
    /// arguments.
    func testASecondWayDownIsJudgedWithItsParentsArguments() {
        let (plan, diagnostics) = plan(itemTwiceDown(pageArgument: "Int"))
        let warnings = diagnostics.map(\.message)
        XCTAssertEqual(warnings, ["'ItemAction' is reachable along two paths: AppAction.item and "
            + "AppAction.list → ListAction.page → PageAction.item; no AppActionConvertible conformance is generated for it"])
        XCTAssertEqual(plan.roots.first?.conformances.map(\.declaration.name), ["AppAction", "ListAction", "PageAction"])
        XCTAssertEqual(plan.roots.first?.conformances.last?.whereRequirements, ["T == Int"])
    }

    /// The same shape with another argument down the second way: two arguments.
    func testASecondWayWithOtherArgumentsIsNamedSo() {
        let (_, diagnostics) = plan(itemTwiceDown(pageArgument: "String"))
        XCTAssertEqual(diagnostics.map(\.message), ["'ItemAction' is used with two different generic arguments: "
            + "AppAction.item and AppAction.list → ListAction.page → PageAction.item; no AppActionConvertible "
            + "conformance is generated for it"])
    }

    /// A node below an ambiguous one is reached through it; a case back up the path is a cycle, no second way.
    func testNodesBelowAnAmbiguousOneAreReachedThroughIt() {
        let (plan, diagnostics) = plan("""
        enum AppAction {
            case a(SharedAction)
            case b(OtherAction)
        }
        enum OtherAction {
            case shared(SharedAction)
            case back(AppAction)
        }
        enum SharedAction {
            case leaf(LeafAction)
        }
        enum LeafAction {
            case tapped
        }
        """)
        XCTAssertEqual(diagnostics.map(\.message), [
            "'SharedAction' is reachable along two paths: AppAction.a and AppAction.b → OtherAction.shared; "
                + "no AppActionConvertible conformance is generated for it",
            "'LeafAction' is reached through 'SharedAction', which is ambiguous from 'AppAction'; "
                + "no AppActionConvertible conformance is generated for it",
        ])
        XCTAssertEqual(plan.roots.first?.conformances.map(\.declaration.name), ["AppAction", "OtherAction"])
    }

    /// A payload argument naming a generic parameter of a type around its enum is that type's argument along
    /// the path (`Entry` in `RowsAction<Int>.SectionAction`, `Outer` in `Holder<Bool>.InnerAction`), and one
    /// naming a type declared in a generic type is written with that type's arguments (`Holder<Bool>.Row`).
    func testArgumentsNamingAParameterOfATypeAroundTheEnum() {
        let (plan, diagnostics) = plan("""
        enum AppAction {
            case rows(RowsAction<Int>)
            case inner(Holder<Bool>.InnerAction)
        }
        enum RowsAction<Entry> {
            case section(SectionAction)
            enum SectionAction {
                case page(PageAction<Entry>)
            }
        }
        struct Holder<Outer> {
            struct Row {}
            enum InnerAction {
                case page(OtherPageAction<[Outer]>)
                case row(RowPageAction<Row>)
            }
        }
        enum RowPageAction<Value> {
            case set(Value)
        }
        enum PageAction<Value> {
            case set(Value)
        }
        enum OtherPageAction<Value> {
            case set(Value)
        }
        """)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let requirements = Dictionary(uniqueKeysWithValues: (plan.roots.first?.conformances ?? []).map {
            ($0.declaration.qualifiedName, $0.whereRequirements)
        })
        XCTAssertEqual(requirements["PageAction"], ["Value == Int"])
        XCTAssertEqual(requirements["OtherPageAction"], ["Value == [Bool]"])
        XCTAssertEqual(requirements["RowPageAction"], ["Value == Holder<Bool>.Row"])
        XCTAssertEqual(requirements["RowsAction.SectionAction"], ["Entry == Int"])
    }

    /// The same, where the path does not give the type's arguments (`Holder.InnerAction` without them, which
    /// Swift rejects, but RexGen reads what it is given): no conformance, and a warning, rather than a where
    /// clause that names the parameter where it means nothing; nor for an enum whose arguments name those.
    func testAnArgumentNamingAParameterWhoseArgumentsThePathDoesNotGive() {
        let (plan, diagnostics) = plan("""
        enum AppAction {
            case inner(Holder.InnerAction)
        }
        struct Holder<Outer> {
            struct Row {}
            enum InnerAction {
                case page(PageAction<Outer>)
                case other(OtherPageAction<Row>)
            }
        }
        enum PageAction<Value> {
            case set(Value)
            case inner(InnerPageAction<Value>)
        }
        enum InnerPageAction<Value> {
            case set(Value)
        }
        enum OtherPageAction<Value> {
            case set(Value)
        }
        """)
        XCTAssertEqual(diagnostics.map(\.message), [
            "'Holder.InnerAction' is inside generic type 'Holder', whose arguments its path from 'AppAction' does "
                + "not give; no AppActionConvertible conformance is generated for it",
            "'PageAction' is used with generic arguments that name 'Outer', which at file scope needs the arguments "
                + "of generic type 'Holder', and its path from 'AppAction' does not give them; no AppActionConvertible "
                + "conformance is generated for it",
            "'OtherPageAction' is used with generic arguments that name 'Row', which at file scope needs the "
                + "arguments of generic type 'Holder', and its path from 'AppAction' does not give them; no "
                + "AppActionConvertible conformance is generated for it",
            // Unknown down the path too: `Value` is PageAction's argument.
            "'InnerPageAction' is used with generic arguments that name 'Value', which at file scope needs the "
                + "arguments of generic type 'PageAction', and its path from 'AppAction' does not give them; no "
                + "AppActionConvertible conformance is generated for it",
        ])
        XCTAssertEqual(plan.roots.first?.conformances.map(\.declaration.name), ["AppAction"])
    }
}
