import Foundation
import XCTest

/// Generic arguments of another module's enums in the lift file's `where` clauses: written to mean there what
/// they mean where they are written, though the lift file imports modules RexGen does not read.
extension LiftAcrossModulesTests {
    /// A generic argument the sources pass on (their own `Movie`) is not read again as the module of the enum
    /// it goes through reads it, which declares a `Movie` too.
    func testAnArgumentTheSourcesPassOnKeepsTheirMeaningThroughAnotherModulesEnum() throws {
        let liftFile = try generateAndTypecheck([
            "Models/ListAction.swift": """
                public struct Movie {}

                public enum ListAction<Item> {
                    case row(RowAction<Item>)
                    case close
                }

                public enum RowAction<Item> {
                    case select(Int)
                }
                """,
            "App/AppAction.swift": """
                import Models
                import SwiftRex

                struct Movie {}

                enum AppAction {
                    case list(ListAction<Movie>)
                    case quit
                }
                """,
        ], modules: ["Models"]).liftFile
        XCTAssertTrue(liftFile.contains("extension Models.RowAction: AppActionConvertible where Item == Movie {"), liftFile)
    }

    /// A `where` clause's argument that the writing file sees in one module RexGen reads is written with that
    /// module's name: the lift file imports every involved file's modules, and one RexGen does not read
    /// (`ThirdParty`) declares a `Movie` too.
    func testAWhereClausesArgumentIsWrittenWithTheModuleItsFileSees() throws {
        let liftFile = try generateOneFilePerSourceAndTypecheck(Self.twoMovies.merging([
            "App/AppAction.swift": """
                import Models
                import SwiftRex

                enum AppAction {
                    case list(ListAction<Movie>)
                    case other(OtherAction)
                }
                """,
            "App/OtherAction.swift": """
                import ThirdParty

                enum OtherAction {
                    case seen(Movie)
                    case close
                }
                """,
        ]) { first, _ in first }, modules: ["Models"], builtModules: ["ThirdParty", "Models"])
        XCTAssertTrue(liftFile.contains("extension Models.ListAction: AppActionConvertible where Item == Models.Movie {"), liftFile)
    }

    /// The same for an argument another module writes of its own type.
    func testAWhereClausesArgumentOfTheWritingModulesOwnTypeIsWrittenWithItsName() throws {
        let liftFile = try generateOneFilePerSourceAndTypecheck([
            "ListFeature/ListAction.swift": "public enum ListAction<Item> {\n    case select(Int)\n}\n",
            "MovieFeature/MovieAction.swift": """
                import ListFeature

                public struct Movie {}

                public enum MovieAction {
                    case list(ListAction<Movie>)
                    case close
                }
                """,
            "ThirdParty/Movie.swift": "public struct Movie {}\n",
            "App/AppAction.swift": """
                import MovieFeature
                import SwiftRex

                enum AppAction {
                    case movie(MovieAction)
                    case other(OtherAction)
                }
                """,
            "App/OtherAction.swift": """
                import ThirdParty

                enum OtherAction {
                    case seen(Movie)
                    case close
                }
                """,
        ], modules: ["ListFeature", "MovieFeature"], builtModules: ["ThirdParty", "ListFeature", "MovieFeature"])
        XCTAssertTrue(liftFile.contains("extension ListFeature.ListAction: AppActionConvertible where Item == MovieFeature.Movie {"),
                      liftFile)
    }

    /// A file that imports one declaration alone (`import struct ThirdParty.Movie`) means that one by its name,
    /// whatever the modules it imports declare: its argument is left as written.
    func testAnArgumentAScopedImportNamesIsLeftAsWritten() throws {
        let liftFile = try generateOneFilePerSourceAndTypecheck(Self.twoMovies.merging([
            "App/AppAction.swift": """
                import Models
                import struct ThirdParty.Movie
                import SwiftRex

                enum AppAction {
                    case list(ListAction<Movie>)
                    case quit
                }
                """,
        ]) { first, _ in first }, modules: ["Models"], builtModules: ["ThirdParty", "Models"])
        XCTAssertTrue(liftFile.contains("extension Models.ListAction: AppActionConvertible where Item == Movie {"), liftFile)
    }

    /// An argument named like a lift framework's type (`Reducer`), which the lift file imports and the payload's
    /// file does not: written with the module the file sees it in.
    func testAnArgumentNamedLikeALiftFrameworksTypeIsWrittenWithItsModule() throws {
        let liftFile = try generateOneFilePerSourceAndTypecheck([
            "Models/ListAction.swift": "public struct Reducer {}\n\npublic enum ListAction<Item> {\n    case select(Int)\n}\n",
            "App/AppAction.swift": """
                import Models

                enum AppAction {
                    case list(ListAction<Reducer>)
                    case quit
                }
                """,
        ], modules: ["Models"], builtModules: ["Models"])
        XCTAssertTrue(liftFile.contains("extension Models.ListAction: AppActionConvertible where Item == Models.Reducer {"), liftFile)
    }

    /// A module named like a lift framework's type (`Reducer.Item`, in a file that imports no lift framework)
    /// cannot be named in the lift file, which imports SwiftRex: the conformance is left out with a warning.
    func testAnArgumentOfAModuleNamedLikeALiftFrameworksTypeLeavesTheConformanceOut() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "Reducer/Item.swift": "public struct Item {}\n",
            "Models/ListAction.swift": "public enum ListAction<Item> {\n    case select(Int)\n}\n",
            "App/AppAction.swift": """
                import Models
                import Reducer

                enum AppAction {
                    case list(ListAction<Reducer.Item>)
                    case quit
                }
                """,
        ], under: work)
        let (liftFile, stderr) = try generateWithWarnings(in: work, modules: ["Reducer", "Models"])
        XCTAssertFalse(liftFile.contains("extension Models.ListAction"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is used with generic arguments that name 'Reducer' as the file "
                                      + "that writes them sees it, and a lift framework declares a 'Reducer' too"), stderr)
        try assertTypechecks(in: work, modules: ["Reducer", "Models"], mode: .swift6, features: [])
    }

    /// `Models`, which RexGen reads, and `ThirdParty`, which it does not, each declare a `Movie`.
    /// An argument from a module RexGen does not read (`ThirdParty.Movie`), named like a type of a module it
    /// reads that the payload's file does not import (`Models.Movie`): the lift file does not import `Models`
    /// for it, which would make `Movie` ambiguous there.
    func testAnArgumentOfAModuleRexGenDoesNotReadKeepsItsMeaning() throws {
        let liftFile = try generateOneFilePerSourceAndTypecheck(Self.unreadMovie, modules: ["Lists", "Models"],
                                                                builtModules: ["ThirdParty", "Models", "Lists"])
        XCTAssertTrue(liftFile.contains("extension Lists.ListAction: AppActionConvertible where Item == Movie {"), liftFile)
        XCTAssertFalse(liftFile.contains("import Models"), liftFile)
    }

    /// The same, where another source imports `Models`, so the lift file does too: the conformance is left out
    /// with a warning, since there `Movie` would be ambiguous.
    func testAnArgumentOfAModuleRexGenDoesNotReadLeavesTheConformanceOutWhereTheLiftFileSeesAnother() throws {
        let (liftFile, stderr) = try generateOneFilePerSourceWithWarnings(Self.unreadMovie.merging([
            "App/AppAction.swift": Self.unreadMovie["App/AppAction.swift"]!.replacingOccurrences(
                of: "case quit", with: "case catalog(CatalogAction)"),
            "App/CatalogAction.swift": "import Models\n\nenum CatalogAction {\n    case show(Movie)\n    case close\n}\n",
        ]) { _, second in second }, modules: ["Lists", "Models"], builtModules: ["ThirdParty", "Models", "Lists"])
        XCTAssertFalse(liftFile.contains("extension Lists.ListAction"), liftFile)
        XCTAssertTrue(liftFile.contains("extension CatalogAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is used with generic arguments that name 'Movie', which its "
                                      + "file sees in no module RexGen reads, and the lift file also sees the 'Movie' of module Models"),
                      stderr)
    }

    /// An argument that another module's file takes from a module RexGen does not read: the lift file, which
    /// imports the sources' modules and those RexGen reads, names it only when a source imports that module.
    func testAnArgumentAnotherModuleTakesFromAModuleRexGenDoesNotReadNeedsItsImport() throws {
        let (liftFile, stderr) = try generateOneFilePerSourceWithWarnings(Self.featureWithUnreadMovie, modules: ["Lists", "MovieFeature"],
                                                                          builtModules: ["ThirdParty", "Lists", "MovieFeature"])
        XCTAssertFalse(liftFile.contains("extension Lists.ListAction"), liftFile)
        XCTAssertTrue(liftFile.contains("extension MovieFeature.MovieAction: AppActionConvertible {"), liftFile)
        XCTAssertTrue(stderr.contains("warning: 'ListAction' is used with generic arguments that name 'Movie', which its file "
                                      + "sees in no module RexGen reads, and the lift file does not import ThirdParty"), stderr)

        let imported = try generateOneFilePerSourceAndTypecheck(Self.featureWithUnreadMovie.merging([
            "App/AppAction.swift": "import ThirdParty\n" + Self.featureWithUnreadMovie["App/AppAction.swift"]!,
        ]) { _, second in second }, modules: ["Lists", "MovieFeature"], builtModules: ["ThirdParty", "Lists", "MovieFeature"])
        XCTAssertTrue(imported.contains("extension Lists.ListAction: AppActionConvertible where Item == Movie {"), imported)
    }

    /// A module named like a lift framework's type (`Reducer`) that writes its own name in a generic argument
    /// (`MovieAction<Reducer.Item>`), with no references at all: in its lift file, which imports SwiftRex,
    /// `Reducer.Item` would be a member of SwiftRex's `Reducer`, so the conformance is left out with a warning.
    func testAnArgumentWithItsOwnModulesNameLikeALiftFrameworksTypeLeavesTheConformanceOut() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "Reducer/Item.swift": "public struct Item {}\n",
            "Reducer/DetailAction.swift": """
                public enum MovieAction<Element> {
                    case element(Element)
                    case tap
                }

                public enum DetailAction {
                    case movie(MovieAction<Reducer.Item>)
                    case select
                }
                """,
        ], under: work)
        let output = work.appendingPathComponent("Generated")
        let result = try LiftTestSupport.generate([work.appendingPathComponent("Reducer").path, "--lift", "swiftrex"],
                                                  into: output)
        let liftFile = try LiftTestSupport.read(output.appendingPathComponent(LiftTestSupport.liftFileName))
        XCTAssertTrue(liftFile.contains("extension DetailAction: DetailActionConvertible {"), liftFile)
        XCTAssertFalse(liftFile.contains("extension MovieAction"), liftFile)
        XCTAssertTrue(result.stderr.contains("warning: 'MovieAction' is used with generic arguments that name 'Reducer' as the "
                                             + "file that writes them sees it, and a lift framework declares a 'Reducer' too"),
                      result.stderr)
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: .swift6, into: modules)
        let sources = try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Reducer"))
            + LiftTestSupport.swiftFiles(in: output)
        let typecheck = try LiftTestSupport.swiftc(.swift6, ["-typecheck", "-parse-as-library", "-module-name", "Reducer",
                                                             "-I", modules.path] + sources.map(\.path))
        XCTAssertEqual(typecheck.exitCode, 0, LiftTestSupport.excerpt(typecheck, lines: 8))
    }

    /// `Lists.ListAction<Movie>` in the app, with `Movie` from `ThirdParty`, which RexGen does not read, and a
    /// `Models.Movie` the app does not import.
    private static let unreadMovie = twoMovies.merging([
        "Lists/ListAction.swift": "public enum ListAction<Item> {\n    case select(Int)\n}\n",
        "App/AppAction.swift": """
            import Lists
            import ThirdParty
            import SwiftRex

            enum AppAction {
                case list(ListAction<Movie>)
                case quit
            }
            """,
    ]) { first, _ in first }

    /// `Lists.ListAction<Movie>` in `MovieFeature`, with `Movie` from `ThirdParty`, which RexGen does not read.
    private static let featureWithUnreadMovie = [
        "Lists/ListAction.swift": "public enum ListAction<Item> {\n    case select(Int)\n}\n",
        "ThirdParty/Movie.swift": "public struct Movie {}\n",
        "MovieFeature/MovieAction.swift": """
            import Lists
            import ThirdParty

            public enum MovieAction {
                case list(ListAction<Movie>)
                case close
            }
            """,
        "App/AppAction.swift": """
            import MovieFeature
            import SwiftRex

            enum AppAction {
                case movie(MovieAction)
                case quit
            }
            """,
    ]

    private static let twoMovies = [
        "Models/ListAction.swift": "public struct Movie {}\n\npublic enum ListAction<Item> {\n    case select(Int)\n}\n",
        "ThirdParty/Movie.swift": "public struct Movie {}\n",
    ]

    /// As the build plugin generates: one file per source, each importing what its source imports (the enum
    /// properties of `AppAction` and `OtherAction` would otherwise share a file that sees two `Movie`s).
    /// Returns the lift file.
    private func generateOneFilePerSourceAndTypecheck(_ files: [String: String], modules: [String],
                                                      builtModules: [String]) throws -> String {
        try generateOneFilePerSourceWithWarnings(files, modules: modules, builtModules: builtModules).liftFile
    }

    /// The same, returning the lift file and what RexGen wrote to standard error.
    private func generateOneFilePerSourceWithWarnings(_ files: [String: String], modules: [String],
                                                      builtModules: [String]) throws -> (liftFile: String, stderr: String) {
        let work = try temporaryDirectory()
        try TestSupport.write(files, under: work)
        let output = work.appendingPathComponent("Generated")
        let result = try LiftTestSupport.generate([work.appendingPathComponent("App").path, "--file-per-source"]
            + modules.flatMap { module in
                ["--reference", work.appendingPathComponent(module).path,
                 "--reference-module", module + "=" + work.appendingPathComponent(module).path]
            }, into: output)
        try assertTypechecks(in: work, modules: builtModules, mode: .swift6, features: [])
        return (try LiftTestSupport.read(output.appendingPathComponent(LiftTestSupport.liftFileName)), result.stderr)
    }
}
