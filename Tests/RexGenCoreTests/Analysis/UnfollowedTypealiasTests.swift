import XCTest
@testable import RexGenCore

/// A case that names an action enum through a typealias the tree does not follow (its target's generic
/// arguments would read otherwise at the case) is no branch of the tree, and says so with a warning; the
/// typealiases the tree follows, and those of types that are no action, say nothing.
final class UnfollowedTypealiasTests: XCTestCase {
    private static let source = """
        enum AppAction {
            case paged(PagedBy<Int>)
            case screen(Screens.Page)
            case local(Local)
            typealias Local = PageAction<String>
            case top(TopPage)
            case plain(Screens.Plain)
            case data(Box<Int>)
            case chained(Chained)
        }
        enum PageAction<Value> { case value(Value) }
        enum LeafAction { case tapped }
        typealias PagedBy<Item> = PageAction<Item>
        typealias TopPage = PageAction<Bool>
        typealias Box<T> = Array<T>
        typealias Chained = Screens.Page
        enum Screens {
            typealias Page = PageAction<Int>
            typealias Plain = LeafAction
        }
        """

    private func tree(lift: LiftSelection = .swiftRex, asReference: Bool = false)
        -> (carried: [String], diagnostics: [String]) {
        let file = SwiftReader.parse(source: Self.source, path: "App.swift")
        let model = asReference ? SourceModel(files: [], referenceFiles: [file]) : SourceModel(files: [file])
        var options = GenerationOptions(sources: [])
        options.lift = lift
        var diagnostics: [Diagnostic] = []
        let tree = Pipeline.buildActionTree(model, options, diagnostics: &diagnostics)
        return (tree.edges.map(\.enumCase.name), diagnostics.map(\.description))
    }

    func testACaseThroughATypealiasTheTreeDoesNotFollowIsWarnedOf() {
        let (carried, diagnostics) = tree()
        XCTAssertEqual(carried, ["local", "top", "plain"])
        let rule = "which passes generic arguments and is followed only when declared at the top level or in the "
            + "case's enum and given no arguments itself; the case is no branch of the action tree, so nothing is "
            + "lifted through it (name the enum in the case, or move the typealias)"
        XCTAssertEqual(diagnostics, [
            "App.swift:2:10: warning: case 'paged' of 'AppAction' names action enum 'PageAction' through typealias "
                + "'PagedBy', \(rule)",
            "App.swift:3:10: warning: case 'screen' of 'AppAction' names action enum 'PageAction' through typealias "
                + "'Screens.Page', \(rule)",
            // Through a chain of typealiases: the one not followed is named.
            "App.swift:9:10: warning: case 'chained' of 'AppAction' names action enum 'PageAction' through typealias "
                + "'Screens.Page', \(rule)",
        ])
    }

    /// Without lifts nothing is lost; a reference's enum is another module's, warned of in its own build.
    func testNoWarningWithoutLiftsOrForAReference() {
        XCTAssertEqual(tree(lift: .none).diagnostics, [])
        XCTAssertEqual(tree(lift: .none).carried, tree().carried)
        XCTAssertEqual(tree(asReference: true).diagnostics, [])
    }
}
