import Foundation
import XCTest

/// What a file sees of other modules:
/// - `@_spi`: another module's SPI enum, or a path through its SPI case, compiles in the lift file only where
///   that module is imported with its SPI; an SPI import reaches no other file, so the lift file writes its
///   own, and a generated file copies the SPI imports of its source. An SPI root's lifts are internal.
/// - A file (a source, or a reference of a module `--reference-module` names) names no type of a module it
///   does not import (nor an SPI type of one it imports without it).
/// - A type of the sources has no member types that another module declares of its type of the same name.
extension LiftAcrossModulesTests {
    private static let spiFeatureSources = [
        "ListFeature/ListAction.swift": """
            public enum ListAction {
                case load
                @_spi(Internals) case row(RowAction)
            }
            @_spi(Internals) public enum RowAction {
                case tap
            }
            """,
        "MovieFeature/MovieAction.swift": """
            import ListFeature

            public enum MovieAction {
                case list(ListAction)
                case close
            }
            """,
    ]

    /// A file of the app that imports the SPI, as code that lifts `RowAction` must: it embeds, extracts and
    /// lifts a reducer through the generated conformance.
    private static let spiUsage = """
        @_spi(Internals) import ListFeature
        import SwiftRex

        func embed(_ action: RowAction) -> AppAction { action.appAction }
        func extract(_ action: AppAction) -> RowAction? { RowAction(appAction: action) }
        func lift(_ reducer: Reducer<RowAction, Int>) -> Reducer<AppAction, Int> { reducer.liftToAppAction() }
        """

    func testAnotherModulesSPIEnumIsLiftedWithAnSPIImportOfItsOwn() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.spiFeatureSources.merging([
            "App/AppAction.swift": """
                import MovieFeature
                import SwiftRex

                enum AppAction {
                    case movie(MovieAction)
                    case quit
                }
                """,
            "App/Usage.swift": Self.spiUsage,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: Self.features)
        XCTAssertTrue(liftFile.contains("\n@_spi(Internals) import ListFeature\n"), liftFile)
        XCTAssertTrue(liftFile.contains("extension ListFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains(".movie(.list(.row(self)))"), liftFile)
        XCTAssertFalse(stderr.contains("warning"), stderr)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            try assertTypechecks(in: work, mode: mode, features: ["MemberImportVisibility"])
        }
    }

    /// The SPI import states the access level the root needs where the sources state theirs, and a group the
    /// sources already import the module with is not written again.
    func testTheSPIImportStatesTheRootsAccessAndNoGroupTwice() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.spiFeatureSources.merging(["App/AppAction.swift": Self.publicAppSource]) { first, _ in first },
                              under: work)
        let liftFile = try generateWithWarnings(in: work, modules: Self.features).liftFile
        XCTAssertTrue(liftFile.contains("\n@_spi(Internals) public import ListFeature\n"), liftFile)
        try assertTypechecks(in: work, mode: .swift6, features: ["InternalImportsByDefault"])

        try TestSupport.write(["App/AppAction.swift": """
            public import MovieFeature
            @_spi(Internals) public import ListFeature
            public import SwiftRex

            public enum AppAction {
                case movie(MovieAction)
                @_spi(Internals) case row(RowAction)
            }
            public func appReducer() -> Reducer<AppAction, Int> { .identity }
            """], under: work)
        let again = try generateWithWarnings(in: work, modules: Self.features).liftFile
        XCTAssertEqual(again.components(separatedBy: "@_spi(Internals)").count, 2, again)
        try assertTypechecks(in: work, mode: .swift6, features: ["InternalImportsByDefault"])
    }

    /// A source's `@_spi` import is copied into its enum-properties file, whose properties name the SPI type.
    func testASourcesSPIImportIsCopiedIntoItsPropertiesFile() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.spiFeatureSources.merging([
            "App/AppAction.swift": """
                @_spi(Internals) import ListFeature
                import SwiftRex

                enum AppAction {
                    case row(RowAction)
                    case quit
                }
                """,
        ]) { first, _ in first }, under: work)
        _ = try generateWithWarnings(in: work, modules: ["ListFeature"])
        let properties = try LiftTestSupport.read(work.appendingPathComponent("Generated/EnumProperties.generated.swift"))
        XCTAssertTrue(properties.contains("@_spi(Internals) import ListFeature\n"), properties)
        XCTAssertTrue(properties.contains("var row: RowAction?"), properties)
        try assertTypechecks(in: work, modules: ["ListFeature"], mode: .swift6, features: ["MemberImportVisibility"])
    }

    /// Without `--reference-module` the SPI's module is unknown, so no import can be written for it: the
    /// enums that need one get no conformance, with a warning, and the rest still compiles.
    func testWithoutItsModuleAnotherModulesSPIIsLeftOutWithAWarning() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.spiFeatureSources.merging([
            "App/AppAction.swift": """
                import MovieFeature
                import ListFeature
                import SwiftRex

                enum AppAction {
                    case movie(MovieAction)
                    case quit
                }
                """,
        ]) { first, _ in first }, under: work)
        let output = work.appendingPathComponent("Generated")
        let result = try LiftTestSupport.generate([work.appendingPathComponent("App").path] + Self.features.flatMap {
            ["--reference", work.appendingPathComponent($0).path]
        }, into: output)
        let liftFile = try LiftTestSupport.read(output.appendingPathComponent(LiftTestSupport.liftFileName))
        XCTAssertFalse(liftFile.contains("RowAction"), liftFile)
        XCTAssertTrue(liftFile.contains("extension ListAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(result.stderr.contains("warning: 'RowAction' is @_spi(Internals) in another module, which the lift file can import with its SPI only when "
            + "--reference-module names that module"), result.stderr)
        try assertTypechecks(in: work, mode: .swift6, features: [])
    }

    /// A public protocol cannot name an SPI root, and a public type cannot conform to an SPI protocol: an SPI
    /// root's protocol, alias and lifts are internal, and the module builds.
    func testAnSPIRootsLiftsAreInternal() throws {
        let (liftFile, _) = try generateAndTypecheck(["App/Action.swift": """
            import SwiftRex

            @_spi(Internals) public enum Action {
                case child(ChildAction)
                case quit
            }
            public enum ChildAction {
                case tap
            }
            public func childReducer() -> Reducer<ChildAction, Int> { .identity }
            """], modules: [])
        XCTAssertTrue(liftFile.contains("internal protocol ActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("extension ChildAction: ActionConvertible {"), liftFile)
    }

    /// `App` imports `GridFeature`, whose `Value` its case names; `ListFeature`, which `GridFeature` imports,
    /// declares a typealias `Value` of its `ListAction`, which `App` does not see: the case carries no action.
    /// Nor does it once `App` imports `ListFeature` too, when the alias is SPI.
    func testASourceNamesNoTypeOutOfItsSight() throws {
        for (appImports, alias) in [("import GridFeature", "public typealias Value = ListAction"),
                                    ("import GridFeature\nimport ListFeature",
                                     "@_spi(Internals) public typealias Value = ListAction")] {
            let (liftFile, _) = try generateAndTypecheck([
                "ListFeature/ListAction.swift": "public enum ListAction {\n    case load\n}\n" + alias + "\n",
                "GridFeature/Value.swift": "import ListFeature\n\npublic enum Value {\n    case tap\n}\n",
                "App/AppAction.swift": appImports + """

                    import SwiftRex

                    enum AppAction {
                        case value(Value)
                        case quit
                    }
                    """,
            ], modules: ["ListFeature", "GridFeature"])
            XCTAssertFalse(liftFile.contains("ListAction"), liftFile)
        }
    }

    /// A module another source re-exports (`@_exported import`) is in sight in every source, and a scoped
    /// import (`import enum ListFeature.ListAction`) puts its type in sight.
    func testASourceSeesWhatAnotherSourceReExportsAndWhatItImportsByType() throws {
        for (appImports, otherFile) in [("", "@_exported import ListFeature\n"),
                                        ("import enum ListFeature.ListAction\n", "")] {
            let (liftFile, _) = try generateAndTypecheck([
                "ListFeature/ListAction.swift": "public enum ListAction {\n    case load\n}\n",
                "App/Exports.swift": otherFile,
                "App/AppAction.swift": appImports + """
                    import SwiftRex

                    enum AppAction {
                        case list(ListAction)
                        case quit
                    }
                    """,
            ], modules: ["ListFeature"])
            XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible {"), liftFile)
        }
    }

    /// `Models`' `Screen.ItemAction` is no member of the app's own `Screen`: in the app's `Screen.RowAction`,
    /// `ItemAction` is `Catalog`'s, and its property writes it so.
    func testAnotherModulesMemberIsNoMemberOfTheSourcesTypeOfTheSameName() throws {
        let (_, properties) = try generateAndTypecheck([
            "Models/Screen.swift": "public struct Screen {\n    public enum ItemAction {\n        case tap\n    }\n}\n",
            "Catalog/ItemAction.swift": "public enum ItemAction {\n    case select\n}\n",
            "App/Screen.swift": """
                import Catalog
                import SwiftRex

                struct Screen {
                    enum RowAction {
                        case item(ItemAction)
                        case close
                    }
                }
                """,
        ], modules: ["Models", "Catalog"])
        XCTAssertTrue(properties.contains("var item: ItemAction?"), properties)
    }

    /// `ListFeature.MovieAction` in a case inside the app's `Detail` is `ListFeature`'s top-level enum, not
    /// `Detail.MovieAction` (which the name without its module would find from there).
    func testAModuleQualifiedNameIsNoMemberOfATypeAroundTheCase() throws {
        let (liftFile, _) = try generateAndTypecheck([
            "ListFeature/MovieAction.swift": "public enum MovieAction {\n    case load\n}\n",
            "App/Detail.swift": """
                import ListFeature
                import SwiftRex

                struct Detail {
                    enum MovieAction {
                        case tap
                    }
                    enum ItemAction {
                        case movie(ListFeature.MovieAction)
                        case own(MovieAction)
                    }
                }
                """,
        ], modules: ["ListFeature"])
        XCTAssertTrue(liftFile.contains("extension ListFeature.MovieAction: DetailItemActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("extension Detail.MovieAction: DetailItemActionConvertible {"), liftFile)
    }

    /// With `--reference-module`, `Row.ItemAction` is module `Row`'s (a typealias of its `RowAction`), never
    /// another module's `ItemAction`.
    func testAModuleQualifiedNameIsThatModulesOwn() throws {
        let (liftFile, _) = try generateAndTypecheck([
            "Row/RowAction.swift": "public enum RowAction {\n    case tap\n}\npublic typealias ItemAction = RowAction\n",
            "Reducer/ItemAction.swift": "public enum ItemAction {\n    case select\n}\n",
            "App/AppAction.swift": """
                import Row
                import Reducer
                import SwiftRex

                enum AppAction {
                    case row(Row.ItemAction)
                    case quit
                }
                """,
        ], modules: ["Row", "Reducer"])
        XCTAssertTrue(liftFile.contains("extension Row.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("extension ItemAction"), liftFile)
    }

    /// In module `Row`, whose own `struct Row` has no `Action`, a case of `Row.AppAction` carrying `Action` means
    /// `Detail`'s top-level `Action`, not `Detail`'s `Row.Action` (another module's type of the same name).
    func testAnotherModulesMemberIsNoMemberOfAReferencesTypeOfTheSameName() throws {
        let (liftFile, _) = try generateAndTypecheck([
            "Detail/Detail.swift": """
                public struct Row {
                    public enum Action {
                        case update
                    }
                }
                public enum Action {
                    case state
                }
                """,
            "Row/Row.swift": """
                import Detail

                public struct Row {
                    public enum AppAction {
                        case action(Action)
                    }
                }
                """,
            "App/AppEvent.swift": """
                import Row
                import SwiftRex

                enum AppEvent {
                    case row(Row.AppAction)
                    case quit
                }
                """,
        ], modules: ["Detail", "Row"])
        XCTAssertTrue(liftFile.contains(".row(.action(self))"), liftFile)
        XCTAssertFalse(liftFile.contains("Row.Action:"), liftFile)
    }

    /// `RowFeature` imports `ListFeature`, whose `ItemAction` its case carries; `GridFeature`, which the app
    /// imports, declares an `ItemAction` too: the path's enum is `ListFeature`'s, whichever module is read first.
    func testAReferencesPayloadMeansOnlyWhatItsFileSees() throws {
        for modules in [["GridFeature", "ListFeature", "RowFeature"], ["ListFeature", "GridFeature", "RowFeature"]] {
            let (liftFile, _) = try generateAndTypecheck(Self.itemActionSources.merging([
                "ListFeature/ItemAction.swift": "public enum ItemAction {\n    case select(Int)\n}\n",
                "RowFeature/RowAction.swift": "import ListFeature\n\n" + Self.rowAction,
            ]) { first, _ in first }, modules: modules)
            XCTAssertTrue(liftFile.contains("extension ListFeature.ItemAction: AppActionConvertible {"), liftFile)
            XCTAssertFalse(liftFile.contains("extension GridFeature.ItemAction"), liftFile)
        }
    }

    /// As above, with `RowFeature`'s `ItemAction` a module's that no `--reference-module` names: the case
    /// carries none of the references' enums.
    func testAReferencesPayloadOfAModuleRexGenDoesNotReadIsNoOtherModulesEnum() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.itemActionSources.merging([
            "ThirdParty/ItemAction.swift": "public enum ItemAction {\n    case select(Int)\n}\n",
            "RowFeature/RowAction.swift": "import ThirdParty\n\n" + Self.rowAction,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: ["GridFeature", "RowFeature"])
        XCTAssertTrue(liftFile.contains("extension RowFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("extension ItemAction"), liftFile)
        XCTAssertFalse(stderr.contains("warning"), stderr)
        try assertTypechecks(in: work, modules: ["ThirdParty", "GridFeature", "RowFeature"], mode: .swift6, features: [])
    }

    /// `RowFeature` imports `GridFeature`, and both declare a typealias `ItemAction`: in `RowFeature` the name
    /// means its own module's, though `GridFeature`'s is read first (folders are read in order of their names).
    func testAReferencesTypealiasIsItsOwnModulesBeforeAnImportedOnesOfTheSameName() throws {
        let (liftFile, _) = try generateAndTypecheck(Self.itemActionSources.merging([
            "GridFeature/ItemAction.swift": Self.itemAlias(to: "GridItemAction", case: "tap"),
            "RowFeature/RowAction.swift": "import GridFeature\n\n" + Self.itemAlias(to: "RowItemAction", case: "select(Int)")
                + Self.rowAction,
        ]) { _, second in second }, modules: ["GridFeature", "RowFeature"])
        XCTAssertTrue(liftFile.contains("RowItemAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("GridItemAction: AppActionConvertible"), liftFile)
    }

    /// Two modules declare a typealias `ItemAction`, and `RowFeature` imports the one read second: its case
    /// carries that one's enum.
    func testAReferencesTypealiasIsTheOneItsFileSees() throws {
        let (liftFile, _) = try generateAndTypecheck(Self.itemActionSources.merging([
            "GridFeature/ItemAction.swift": Self.itemAlias(to: "GridItemAction", case: "tap"),
            "ListFeature/ItemAction.swift": Self.itemAlias(to: "ListItemAction", case: "select(Int)"),
            "RowFeature/RowAction.swift": "import ListFeature\n\n" + Self.rowAction,
        ]) { _, second in second }, modules: ["GridFeature", "ListFeature", "RowFeature"])
        XCTAssertTrue(liftFile.contains("ListItemAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("GridItemAction: AppActionConvertible"), liftFile)
    }

    /// An enum and a typealias `ItemAction` for it.
    private static func itemAlias(to name: String, case: String) -> String {
        "public enum \(name) {\n    case \(`case`)\n}\npublic typealias ItemAction = \(name)\n\n"
    }

    /// The app declares an `ItemAction`, and names the `ItemAction` of `ThirdParty`, a module RexGen does not
    /// read, with the module's name: the case carries none of the app's enums.
    func testAModuleQualifiedPayloadOfAModuleRexGenDoesNotReadIsNoneOfTheSourcesEnums() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "ThirdParty/ItemAction.swift": "public enum ItemAction {\n    case select(Int)\n}\n",
            "App/AppAction.swift": """
                import ThirdParty
                import SwiftRex

                enum AppAction {
                    case remote(ThirdParty.ItemAction)
                    case quit
                }
                enum ItemAction {
                    case tap
                }
                """,
        ], under: work)
        let (liftFile, _) = try generateWithWarnings(in: work, modules: [])
        XCTAssertFalse(liftFile.contains("extension ItemAction"), liftFile)
        try assertTypechecks(in: work, modules: ["ThirdParty"], mode: .swift6, features: [])
    }

    /// The app imports `Models`, whose `ItemAction` its case carries, and `ThirdParty`, a module RexGen does not
    /// read that declares an `ItemAction` too: the lift file, which imports both, extends `Models.ItemAction`.
    func testAnotherModulesEnumIsExtendedWithItsModulesName() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "ThirdParty/ItemAction.swift": "public enum ItemAction {\n    case select(Int)\n}\n",
            "Models/ItemAction.swift": "public enum ItemAction {\n    case tap\n}\n",
            "App/AppAction.swift": """
                import Models
                import ThirdParty
                import SwiftRex

                enum AppAction {
                    case item(Models.ItemAction)
                    case quit
                }
                """,
        ], under: work)
        let (liftFile, _) = try generateWithWarnings(in: work, modules: ["Models"])
        XCTAssertTrue(liftFile.contains("extension Models.ItemAction: AppActionConvertible {"), liftFile)
        try assertTypechecks(in: work, modules: ["ThirdParty", "Models"], mode: .swift6, features: [])
    }

    private static let rowAction = "public enum RowAction {\n    case item(ItemAction)\n    case close\n}\n"

    private static let itemActionSources = [
        "GridFeature/ItemAction.swift": "public enum ItemAction {\n    case tap\n}\n",
        "App/AppAction.swift": """
            import RowFeature
            import GridFeature
            import SwiftRex

            enum AppAction {
                case row(RowAction)
                case quit
            }
            """,
    ]

    /// Writes `files`, generates for `App` with each of `modules` as a reference of that module, and type-checks
    /// the app with its generated files (Swift 6); returns the lift file and the enum-properties file.
    /// - Parameter builtModules: the modules to build, each after those it imports (default: `modules`), with
    ///   those RexGen does not read.
    func generateAndTypecheck(_ files: [String: String], modules: [String], builtModules: [String]? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws -> (liftFile: String, properties: String) {
        let work = try temporaryDirectory()
        try TestSupport.write(files, under: work)
        let liftFile = try generateWithWarnings(in: work, modules: modules).liftFile
        let properties = try LiftTestSupport.read(work.appendingPathComponent("Generated/EnumProperties.generated.swift"))
        try assertTypechecks(in: work, modules: builtModules ?? modules, mode: .swift6, features: [], file: file, line: line)
        return (liftFile, properties)
    }
}
