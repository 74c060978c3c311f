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
}
