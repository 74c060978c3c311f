import Foundation
import XCTest

/// The lift file sits among the app's sources and names enums and types of the modules its tree reaches.
/// - Imports: it needs each enum's module imported, also one the app's sources do not import: `App` imports
///   `MovieFeature`, whose `MovieAction` carries `ListFeature`'s `ListAction`. With `--reference-module` (the
///   build plugin's way) the file imports `ListFeature` itself, and the module of a type a generic enum's
///   `where` clause names.
/// - Names: another module's names mean what that module sees, never the app's own types of the same name.
/// Each shape is type-checked, with `MemberImportVisibility` where it matters.
final class LiftAcrossModulesTests: XCTestCase {
    /// The feature modules, each after the modules it imports.
    static let features = ["ListFeature", "MovieFeature"]

    private static let featureSources = [
        "ListFeature/ListAction.swift": """
            public enum ListAction {
                case load
                case row(RowAction)
            }
            public enum RowAction {
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

    /// The app, importing only `MovieFeature` of the features.
    private static let appSource = """
        import MovieFeature
        import SwiftRex

        enum AppAction {
            case movie(MovieAction)
            case quit
        }
        """

    /// The app with a public root, as a library whose sources state their imports' access levels.
    static let publicAppSource = """
        public import MovieFeature
        public import SwiftRex

        public enum AppAction {
            case movie(MovieAction)
            case quit
        }
        public func appReducer() -> Reducer<AppAction, Int> { .identity }
        """

    func testTheLiftFileImportsTheModulesItsTreeReaches() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "App/AppAction.swift": Self.appSource,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work)
        XCTAssertEqual(importLines(of: liftFile).filter { !$0.hasPrefix("#") },
                       ["import SwiftRex", "import CombineRex", "import RxSwiftRex", "import ReactiveSwiftRex",
                        "import ListFeature", "import MovieFeature", "import SwiftRex"])
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            try assertTypechecks(in: work, mode: mode, features: ["MemberImportVisibility"])
        }
    }

    /// Where the sources state access levels, so does the added import, as wide as the root: a public
    /// conformance of `ListAction` needs `public import ListFeature` under `InternalImportsByDefault`. The
    /// framework's own plain `import SwiftRex` is left out beside `public import SwiftRex`, which Swift would
    /// warn about.
    func testTheAddedImportStatesTheAccessLevelTheRootNeeds() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "App/AppAction.swift": Self.publicAppSource,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work)
        XCTAssertEqual(importLines(of: liftFile).filter { !$0.hasPrefix("#") },
                       ["import CombineRex", "import RxSwiftRex", "import ReactiveSwiftRex",
                        "public import ListFeature", "public import MovieFeature", "public import SwiftRex"])
        try assertTypechecks(in: work, mode: .swift6, features: ["MemberImportVisibility", "InternalImportsByDefault"])
    }

    /// A generic enum's conformance names its arguments in its `where` clause as the payload's file wrote
    /// them: `where Item == Movie`, `Movie` being `Models`'s, which `MovieFeature` imports and `App` does not.
    private static let genericFeatures = ["Models", "ListFeature", "MovieFeature"]

    private static let genericFeatureSources = [
        "Models/Movie.swift": """
            public struct Movie {
                public init() {}
            }
            """,
        "ListFeature/ListAction.swift": """
            public enum ListAction<Item> {
                case load
                case select(Item)
            }
            """,
        "MovieFeature/MovieAction.swift": """
            import ListFeature
            import Models

            public enum MovieAction {
                case list(ListAction<Movie>)
                case close
            }
            """,
    ]

    func testTheLiftFileImportsTheModuleOfATypeAWhereClauseNames() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.genericFeatureSources.merging([
            "App/AppAction.swift": Self.appSource,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work, modules: Self.genericFeatures)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == Models.Movie {"),
                      liftFile)
        XCTAssertEqual(importLines(of: liftFile).filter { !$0.hasPrefix("#") }.suffix(4),
                       ["import ListFeature", "import Models", "import MovieFeature", "import SwiftRex"])
        try assertTypechecks(in: work, modules: Self.genericFeatures, mode: .swift6, features: [])
        try assertTypechecks(in: work, modules: Self.genericFeatures, mode: .swift5, features: ["MemberImportVisibility"])
    }

    /// A public conformance names `Movie` in its where clause, which needs `Models` imported publicly under
    /// `InternalImportsByDefault`.
    func testTheWhereClausesImportStatesTheConformancesAccess() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.genericFeatureSources.merging([
            "App/AppAction.swift": Self.publicAppSource,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work, modules: Self.genericFeatures)
        XCTAssertEqual(importLines(of: liftFile).filter { !$0.hasPrefix("#") }.suffix(4),
                       ["public import ListFeature", "public import Models", "public import MovieFeature",
                        "public import SwiftRex"])
        try assertTypechecks(in: work, modules: Self.genericFeatures, mode: .swift6,
                             features: ["MemberImportVisibility", "InternalImportsByDefault"])
    }

    /// Two modules declare a `Movie`: importing the one the app does not would make `Movie` ambiguous where
    /// the app imports the other, so the lift file leaves the name to the sources' imports.
    func testATypeNameTwoModulesDeclareAddsNoImport() throws {
        let work = try temporaryDirectory()
        let modules = try writeFeaturesWithCatalog(app: "import Models\n" + Self.appSource, under: work)
        let liftFile = try generate(in: work, modules: modules)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == Models.Movie {"),
                      liftFile)
        XCTAssertFalse(importLines(of: liftFile).contains("import Catalog"), liftFile)
        try assertTypechecks(in: work, modules: modules, mode: .swift6, features: [])
    }

    /// The app imports both modules that declare a `Movie`, so the lift file does too, where `Movie` alone is
    /// ambiguous: the clause names the module `MovieFeature`'s file imports.
    func testATypeNameTwoImportedModulesDeclareIsWrittenWithTheModuleThePayloadsFileImports() throws {
        let work = try temporaryDirectory()
        let modules = try writeFeaturesWithCatalog(app: "import Catalog\nimport Models\n" + Self.appSource, under: work)
        let liftFile = try generate(in: work, modules: modules)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == Models.Movie {"),
                      liftFile)
        try assertTypechecks(in: work, modules: modules, mode: .swift6, features: [])
    }

    /// The same, where `MovieFeature` sees `Models` through a module that re-exports it (`@_exported import`).
    func testATypeNameAReExportedModuleDeclaresIsWrittenWithThatModule() throws {
        let work = try temporaryDirectory()
        var modules = try writeFeaturesWithCatalog(app: "import Catalog\nimport Models\n" + Self.appSource, under: work)
        try TestSupport.write([
            "Core/Exports.swift": "@_exported import Models\n",
            "MovieFeature/MovieAction.swift": Self.genericFeatureSources["MovieFeature/MovieAction.swift"]!
                .replacingOccurrences(of: "import Models", with: "import Core"),
        ], under: work)
        modules.insert("Core", at: modules.firstIndex(of: "Models")! + 1)
        let liftFile = try generate(in: work, modules: modules)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == Models.Movie {"),
                      liftFile)
        try assertTypechecks(in: work, modules: modules, mode: .swift6, features: [])
    }

    /// The same, where the sources declare a type named like the module (`Models`), so that the lift file
    /// cannot write `Models.Movie`: `ListAction<Movie>` gets no conformance, with a warning, rather than a build
    /// error.
    func testATypeNameTwoImportedModulesDeclareLeavesTheConformanceOut() throws {
        let work = try temporaryDirectory()
        let modules = try writeFeaturesWithCatalog(app: "import Catalog\nimport Models\n" + Self.appSource
                                                   + "\n\nstruct Models {}\n", under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: modules)
        XCTAssertFalse(liftFile.contains("extension ListFeature.ListAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is used with generic arguments that name 'Movie', which modules "
                                      + "Catalog and Models declare, and the lift file imports them all"), stderr)
        try assertTypechecks(in: work, modules: modules, mode: .swift6, features: [])
    }

    // MARK: - Names another module's arguments mean

    /// `MovieFeature` writes `ListAction<Movie>` and `PageAction<Result<Movie, Never>>`, meaning `Models.Movie`
    /// and the standard library's `Result`; the app declares a `Movie` and a `Result` of its own, which the
    /// where clauses would otherwise mean (and the conformances would be of other types than the payloads').
    func testAnArgumentNamedLikeATypeOfTheSourcesIsWrittenWithItsModule() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.genericFeatureSources.merging([
            "ListFeature/PageAction.swift": """
                public enum PageAction<Value> {
                    case show(Value)
                }
                """,
            "MovieFeature/MovieAction.swift": """
                import ListFeature
                import Models

                public enum MovieAction {
                    case list(ListAction<Movie>)
                    case page(PageAction<Result<Movie, Never>>)
                }
                """,
            "App/AppAction.swift": """
                import MovieFeature
                import SwiftRex

                struct Movie {}
                enum Result {}

                enum AppAction {
                    case movie(MovieAction)
                }
                """,
        ]) { _, replacement in replacement }, under: work)
        let liftFile = try generate(in: work, modules: Self.genericFeatures)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == Models.Movie {"), liftFile)
        XCTAssertTrue(liftFile.contains(
            "extension ListFeature.PageAction: AppActionConvertible where Value == Swift.Result<Models.Movie, Never> {"), liftFile)
        try assertTypechecks(in: work, modules: Self.genericFeatures, mode: .swift6, features: ["MemberImportVisibility"])
    }

    /// `MovieFeature` declares a `Movie` of its own, which its `ListAction<Movie>` means, and `Models` declares
    /// one too: the lift file, which sees both (the app imports `Models`), writes `MovieFeature.Movie`.
    func testAnArgumentItsOwnModuleAndAnotherDeclareIsWrittenWithItsModule() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.genericFeatureSources.merging([
            "MovieFeature/MovieAction.swift": """
                import ListFeature
                import Models

                public struct Movie {}

                public enum MovieAction {
                    case list(ListAction<Movie>)
                }
                """,
            "App/AppAction.swift": """
                import ListFeature
                import Models
                import MovieFeature
                import SwiftRex

                enum AppAction {
                    case movie(MovieAction)
                }

                func wrapped() -> AppAction { ListAction<MovieFeature.Movie>.load.appAction }
                """,
        ]) { _, replacement in replacement }, under: work)
        let liftFile = try generate(in: work, modules: Self.genericFeatures)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == MovieFeature.Movie {"), liftFile)
        try assertTypechecks(in: work, modules: Self.genericFeatures, mode: .swift6, features: ["MemberImportVisibility"])
    }

    /// Two modules declare a `Movie`, and so does the app: RexGen cannot tell which one `MovieFeature` means,
    /// so `ListAction` gets no conformance, and a warning says why.
    func testAnArgumentWhoseModuleCannotBeToldIsLeftOutWithAWarning() throws {
        let work = try temporaryDirectory()
        let modules = try writeFeaturesWithCatalog(app: """
            import MovieFeature
            import SwiftRex

            struct Movie {}

            enum AppAction {
                case movie(MovieAction)
            }
            """, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: modules)
        XCTAssertFalse(liftFile.contains("extension ListAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is used with generic arguments that name 'Movie' as the file "
                                      + "that writes them sees it, and the sources declare a 'Movie' too"), stderr)
        try assertTypechecks(in: work, modules: modules, mode: .swift6, features: [])
    }

    /// The app declares a `ListAction` of its own, which its root carries beside `MovieFeature`'s tree:
    /// `MovieAction.list` still carries `ListFeature`'s (a module cannot see the app's types), and that one's
    /// extension names its module, since `ListAction` in the lift file is the app's.
    func testAnotherModulesEnumNamedLikeOneOfTheSourcesIsExtendedWithItsModule() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "App/AppAction.swift": """
                import MovieFeature
                import SwiftRex

                \(Self.appsOwnListAction)
                enum AppAction {
                    case movie(MovieAction)
                    case list(ListAction)
                }
                """,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: Self.features)
        XCTAssertFalse(stderr.contains("warning"), stderr)
        for expected in ["extension ListFeature.ListAction: AppActionConvertible {", "extension ListAction: AppActionConvertible {",
                         "extension ListFeature.RowAction: AppActionConvertible {"] {
            XCTAssertTrue(liftFile.contains(expected), expected + "\n" + liftFile)
        }
        try assertTypechecks(in: work, mode: .swift6, features: ["MemberImportVisibility"])
    }

    /// A struct of the app named like another module's enum of the tree: the extension names the module.
    func testAnotherModulesEnumNamedLikeAStructOfTheSourcesIsExtendedWithItsModule() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "App/AppAction.swift": Self.appSource + "\n\nstruct ListAction {}\n",
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible {"), liftFile)
        try assertTypechecks(in: work, mode: .swift6, features: [])
    }

    /// `ListFeature` declares a type named `ListFeature`, so `ListFeature.ListAction` would look inside it:
    /// RexGen cannot name the enum, and leaves its conformance out with a warning.
    func testAnotherModulesEnumThatCannotBeNamedGetsNoConformance() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "ListFeature/Namespace.swift": "public enum ListFeature {}",
            "App/AppAction.swift": Self.appSource + "\n\nstruct ListAction {}\n",
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: Self.features)
        XCTAssertFalse(liftFile.contains("extension ListFeature.ListAction"), liftFile)
        XCTAssertFalse(liftFile.contains("extension ListAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is another module's, and the sources declare a 'ListAction' "
                                      + "too"), stderr)
        try assertTypechecks(in: work, mode: .swift6, features: [])
    }

    /// `ListFeature` and `GridFeature` both declare a `RowAction`, and each carries its own: each resolves to its
    /// own module's, and the lift file, which imports both, extends each with its module. The usage in the app
    /// wraps each through its own path.
    func testEnumsOfOneNameInTwoModulesAreEachTheirModules() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.twinFeatureSources.merging([
            "App/AppAction.swift": Self.twinAppSource + """

                func wrapped() -> [AppAction] {
                    [ListFeature.RowAction.tap.appAction, GridFeature.RowAction.select(1).appAction]
                }
                """,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: Self.twinFeatures)
        XCTAssertFalse(stderr.contains("warning"), stderr)
        for expected in ["extension ListFeature.RowAction: AppActionConvertible {", "extension GridFeature.RowAction: AppActionConvertible {",
                         "extension ListFeature.ListAction: AppActionConvertible {", "extension GridFeature.GridAction: AppActionConvertible {"] {
            XCTAssertTrue(liftFile.contains(expected), expected + "\n" + liftFile)
        }
        try assertTypechecks(in: work, modules: Self.twinFeatures, mode: .swift6, features: ["MemberImportVisibility"])
    }

    /// A case of the app naming one of them with its module (`GridFeature.RowAction`) means that module's.
    func testAModuleQualifiedNameMeansThatModulesEnum() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.twinFeatureSources.merging([
            "App/AppAction.swift": """
                import ListFeature
                import GridFeature
                import SwiftRex

                enum AppAction {
                    case row(GridFeature.RowAction)
                }

                func wrapped() -> AppAction { GridFeature.RowAction.select(1).appAction }
                """,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work, modules: Self.twinFeatures)
        XCTAssertTrue(liftFile.contains("extension GridFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("extension ListFeature.RowAction"), liftFile)
        try assertTypechecks(in: work, modules: Self.twinFeatures, mode: .swift6, features: [])
    }

    /// The app declares a `ListAction` of its own and names `ListFeature`'s with its module: each case means its
    /// own enum, and each gets a conformance.
    func testAModuleQualifiedNameBesideAnEnumOfTheSourcesMeansTheModulesEnum() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.featureSources.merging([
            "App/AppAction.swift": """
                import ListFeature
                import SwiftRex

                \(Self.appsOwnListAction)
                enum AppAction {
                    case remote(ListFeature.ListAction)
                    case mine(ListAction)
                }

                func wrapped() -> [AppAction] { [ListFeature.ListAction.load.appAction, ListAction.local.appAction] }
                """,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: ["ListFeature"])
        XCTAssertFalse(stderr.contains("warning"), stderr)
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("extension ListAction: AppActionConvertible {"), liftFile)
        try assertTypechecks(in: work, modules: ["ListFeature"], mode: .swift6, features: [])
    }

    /// `GridFeature` declares a type named `GridFeature`, so `GridFeature.RowAction` would look inside it: that
    /// enum gets no conformance, with a warning; `ListFeature`'s is still extended with its module.
    func testAnEnumOfOneNameInTwoModulesThatCannotBeNamedGetsNoConformance() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.twinFeatureSources.merging([
            "GridFeature/Namespace.swift": "public enum GridFeature {}",
            "App/AppAction.swift": Self.twinAppSource,
        ]) { first, _ in first }, under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: Self.twinFeatures)
        XCTAssertTrue(liftFile.contains("extension ListFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("GridFeature.RowAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'RowAction' is module GridFeature's, and another module declares a 'RowAction' "
                                      + "too"), stderr)
        try assertTypechecks(in: work, modules: Self.twinFeatures, mode: .swift6, features: [])
    }

    /// In `ListFeature`, `ListFeature.RowAction` names the module's enum; the app declaring a type named
    /// `ListFeature` does not change what another module's case means.
    func testAModuleQualifiedNameOfAnotherModuleIsNotTheSourcesType() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "ListFeature/ListAction.swift": """
                public enum ListAction {
                    case row(ListFeature.RowAction)
                }
                public enum RowAction {
                    case tap
                }
                """,
            "App/AppAction.swift": """
                import ListFeature
                import SwiftRex

                enum AppAction {
                    case list(ListAction)
                }
                enum ListFeature {}
                """,
        ], under: work)
        let liftFile = try generate(in: work, modules: ["ListFeature"])
        XCTAssertTrue(liftFile.contains("extension RowAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains(".list(.row(self))"), liftFile)
        try assertTypechecks(in: work, modules: ["ListFeature"], mode: .swift6, features: [])
    }

    /// A typealias's target means what the alias's module sees: `ListFeature`'s `typealias Cell = RowAction` is
    /// `ListFeature.RowAction`, though `GridFeature`, read first, declares a `RowAction` too.
    func testATypealiasOfAnotherModuleMeansItsModulesEnum() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.twinFeatureSources.merging([
            "ListFeature/Cell.swift": "public typealias Cell = RowAction\n",
            "App/AppAction.swift": """
                import ListFeature
                import GridFeature
                import SwiftRex

                enum AppAction {
                    case grid(GridAction)
                    case cell(ListFeature.Cell)
                }
                """,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work, modules: Self.twinFeatures)
        XCTAssertTrue(liftFile.contains("extension GridFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains("extension ListFeature.RowAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(liftFile.contains(".cell(self)"), liftFile)
        try assertTypechecks(in: work, modules: Self.twinFeatures, mode: .swift6, features: [])
    }

    /// The lift file imports SwiftRex, so its top-level names capture there too: another module's
    /// `ElementIDAction` is extended with its module's name, and a module named `Reducer` cannot qualify its
    /// `RowAction` (which the app's own `RowAction` makes necessary), so that conformance is left out.
    func testTheLiftFrameworksNamesAreInSightInTheLiftFile() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "ListFeature/ListAction.swift": """
                public enum ListAction {
                    case element(ElementIDAction)
                }
                public enum ElementIDAction {
                    case tap
                }
                """,
            "Reducer/RowAction.swift": """
                public enum RowAction {
                    case select
                }
                """,
            "App/AppAction.swift": """
                import ListFeature
                import Reducer

                enum AppAction {
                    case list(ListAction)
                    case row(Reducer.RowAction)
                    case own(RowAction)
                }
                enum RowAction {
                    case local
                }
                """,
        ], under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: ["ListFeature", "Reducer"])
        XCTAssertTrue(liftFile.contains("extension ListFeature.ElementIDAction: AppActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("Reducer.RowAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'RowAction' is another module's, and the sources declare a 'RowAction' too"),
                      stderr)
        try assertTypechecks(in: work, modules: ["ListFeature", "Reducer"], mode: .swift6, features: [])
    }

    private static let twinFeatures = ["ListFeature", "GridFeature"]

    /// An action enum of the app named like `ListFeature`'s.
    private static let appsOwnListAction = "enum ListAction {\n    case local\n}\n"

    /// The app, carrying each feature's action.
    private static let twinAppSource = """
        import ListFeature
        import GridFeature
        import SwiftRex

        enum AppAction {
            case list(ListAction)
            case grid(GridAction)
        }
        """

    private static let twinFeatureSources = [
        "ListFeature/ListAction.swift": """
            public enum ListAction {
                case row(RowAction)
            }
            public enum RowAction {
                case tap
            }
            """,
        "GridFeature/GridAction.swift": """
            public enum GridAction {
                case cell(RowAction)
            }
            public enum RowAction {
                case select(Int)
            }
            """,
    ]

    // MARK: - Helpers

    /// Writes the generic features, a module `Catalog` that declares a `Movie` too, and `app`; returns the
    /// modules in the order they build.
    private func writeFeaturesWithCatalog(app: String, under work: URL) throws -> [String] {
        try TestSupport.write(Self.genericFeatureSources.merging([
            "Catalog/Movie.swift": "public struct Movie {}",
            "App/AppAction.swift": app,
        ]) { first, _ in first }, under: work)
        return ["Catalog"] + Self.genericFeatures
    }

    /// Generates for `App` with each module's folder as a reference of that module; returns the lift file.
    private func generate(in work: URL, modules: [String] = LiftAcrossModulesTests.features) throws -> String {
        try generateWithWarnings(in: work, modules: modules).liftFile
    }

    func generateWithWarnings(in work: URL, modules: [String]) throws -> (liftFile: String, stderr: String) {
        let output = work.appendingPathComponent("Generated")
        let result = try LiftTestSupport.generate([work.appendingPathComponent("App").path] + modules.flatMap { module in
            ["--reference", work.appendingPathComponent(module).path,
             "--reference-module", module + "=" + work.appendingPathComponent(module).path]
        }, into: output)
        return (try LiftTestSupport.read(output.appendingPathComponent(LiftTestSupport.liftFileName)), result.stderr)
    }

    private func importLines(of file: String) -> [String] {
        file.split(separator: "\n").map(String.init).filter { $0.contains("import ") && !$0.hasPrefix("//") }
    }

    /// Builds SwiftRex's stand-in and the modules (each after those it imports) as modules, then type-checks
    /// the app with the generated files.
    func assertTypechecks(in work: URL, modules names: [String] = LiftAcrossModulesTests.features,
                                  mode: LiftTestSupport.LanguageMode, features: [String],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let modules = work.appendingPathComponent("modules-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: mode,
                                               into: modules, file: file, line: line)
        for name in names {
            try LiftTestSupport.buildInterfaceOnly(name, sources: LiftTestSupport.swiftFiles(in: work.appendingPathComponent(name)),
                                                   mode: mode, into: modules, file: file, line: line)
        }
        let sources = try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("App"))
            + LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Generated"))
        let result = try LiftTestSupport.typecheck(sources, modules: modules, mode: mode, extraArguments: [
            "-parse-as-library", "-module-name", "App",
        ] + features.flatMap { ["-enable-upcoming-feature", $0] })
        try LiftTestSupport.require(result, "type-checking the app with its generated files (Swift \(mode.rawValue) mode, "
                                    + features.joined(separator: ", ") + ")", file: file, line: line)
    }
}
