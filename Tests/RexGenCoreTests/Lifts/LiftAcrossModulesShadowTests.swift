import Foundation
import XCTest

/// A module's own type comes before another module's of the same name, whatever kinds they are: a payload
/// naming it is no branch of the tree, though another module declares an action enum of that name.
extension LiftAcrossModulesTests {
    /// The app's `struct Event` hides `ListFeature`'s `enum Event`: `case event(Event)` carries the struct.
    func testASourcesTypeHidesAnotherModulesEnumOfItsName() throws {
        let (liftFile, _) = try generateAndTypecheck([
            "ListFeature/Event.swift": "public enum Event {\n    case tap\n}\n",
            "App/Event.swift": "struct Event {}\n",
            "App/AppAction.swift": """
                import ListFeature
                import SwiftRex

                enum AppAction {
                    case event(Event)
                    case list(ListFeature.Event)
                }
                """,
        ], modules: ["ListFeature"])
        XCTAssertTrue(liftFile.contains("extension ListFeature.Event: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("guard case let .list(value) = appAction"), liftFile)
        XCTAssertFalse(liftFile.contains("case let .event(value)"), liftFile)
    }

    /// The same in another module: `Rows`' own `struct Event` hides `ListFeature`'s `enum Event`, which `Rows`
    /// imports, so `RowAction.event(Event)` carries no action.
    func testAReferencesOwnTypeHidesAnotherModulesEnumOfItsName() throws {
        let (liftFile, _) = try generateAndTypecheck([
            "ListFeature/Event.swift": "public enum Event {\n    case tap\n}\n",
            "Rows/Event.swift": "public struct Event {}\n",
            "Rows/RowAction.swift": """
                import ListFeature

                public enum RowAction {
                    case event(Event)
                    case list(ListFeature.Event)
                }
                """,
            "App/AppAction.swift": """
                import Rows
                import SwiftRex

                enum AppAction {
                    case row(RowAction)
                    case quit
                }
                """,
        ], modules: ["ListFeature", "Rows"])
        XCTAssertTrue(liftFile.contains("extension ListFeature.Event: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("guard case let .row(.list(value)) = appAction"), liftFile)
        XCTAssertFalse(liftFile.contains(".event(value)"), liftFile)
    }

    /// `Detail`'s enums cannot be named `Detail.RowAction` (`ListFeature` declares an `enum Detail`), and the app
    /// imports `GridFeature`, which RexGen does not read, and which declares a `RowAction` too: their conformances
    /// are left out with a warning, since `RowAction` alone would be ambiguous in the lift file.
    func testAnEnumOfAModuleNamedLikeATypeIsLeftOutBesideAModuleRexGenDoesNotRead() throws {
        let files = [
            "Detail/Action.swift": """
                public enum RowAction {
                    case tap
                }

                public enum Action<Element> {
                    case element(Element)
                    case row(RowAction)
                }
                """,
            "ListFeature/Detail.swift": "public enum Detail {\n    case shown\n}\n",
            "GridFeature/RowAction.swift": "public enum RowAction {\n    case none\n}\n",
            "App/AppAction.swift": """
                import Detail
                import ListFeature
                import GridFeature
                import SwiftRex

                enum AppAction {
                    case action(Action<Int>)
                    case quit
                }
                """,
        ]
        let work = try temporaryDirectory()
        try TestSupport.write(files, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: ["Detail", "ListFeature"])
        XCTAssertTrue(liftFile.contains("extension AppAction: AppActionConvertible {"), liftFile)
        for name in ["Action", "RowAction"] {
            XCTAssertFalse(liftFile.contains("extension \(name):"), liftFile)
            XCTAssertTrue(stderr.contains("warning: '\(name)' is module Detail's, whose name a type takes, so the lift file "
                                          + "cannot name it with its module; your sources import GridFeature"), stderr)
        }
        try assertTypechecks(in: work, modules: ["Detail", "ListFeature", "GridFeature"], mode: .swift6, features: [])
    }

    /// `State.ListAction`, with `State` a type of `Events`, which RexGen does not read: not `GridFeature`'s
    /// `ListAction`, which only `GridFeature.ListAction` could name with a first component.
    func testANameWithAnUnknownFirstComponentIsNoEnumOfAModuleRexGenReads() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "GridFeature/ListAction.swift": "public enum ListAction {\n    case tap\n}\n",
            "Events/State.swift": "public enum State {\n    public enum ListAction {\n        case close\n    }\n}\n",
            "App/AppAction.swift": """
                import GridFeature
                import Events
                import SwiftRex

                enum AppAction {
                    case list(State.ListAction)
                    case grid(GridFeature.ListAction)
                }
                """,
        ], under: work)
        let liftFile = try generateWithWarnings(in: work, modules: ["GridFeature"]).liftFile
        XCTAssertTrue(liftFile.contains("guard case let .grid(value) = appAction"), liftFile)
        XCTAssertFalse(liftFile.contains("case let .list(value)"), liftFile)
        try assertTypechecks(in: work, modules: ["GridFeature", "Events"], mode: .swift6, features: [])
    }
}
