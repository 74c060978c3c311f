import Foundation
import XCTest

/// The lift file names every enum of the tree, so it needs each enum's module imported, also one the app's
/// sources do not import: `App` imports `MovieFeature`, whose `MovieAction` carries `ListFeature`'s
/// `ListAction`. With `--reference-module` (the build plugin's way) the file imports `ListFeature` itself.
/// Type-checked with `MemberImportVisibility`, under which the patterns along a path need it too.
final class LiftImportTests: XCTestCase {
    private static let features = [
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

    func testTheLiftFileImportsTheModulesItsTreeReaches() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.features.merging([
            "App/AppAction.swift": """
                import MovieFeature
                import SwiftRex

                enum AppAction {
                    case movie(MovieAction)
                    case quit
                }
                """,
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
        try TestSupport.write(Self.features.merging([
            "App/AppAction.swift": """
                public import MovieFeature
                public import SwiftRex

                public enum AppAction {
                    case movie(MovieAction)
                    case quit
                }
                public func appReducer() -> Reducer<AppAction, Int> { .identity }
                """,
        ]) { first, _ in first }, under: work)
        let liftFile = try generate(in: work)
        XCTAssertEqual(importLines(of: liftFile).filter { !$0.hasPrefix("#") },
                       ["import CombineRex", "import RxSwiftRex", "import ReactiveSwiftRex",
                        "public import ListFeature", "public import MovieFeature", "public import SwiftRex"])
        try assertTypechecks(in: work, mode: .swift6, features: ["MemberImportVisibility", "InternalImportsByDefault"])
    }

    // MARK: - Helpers

    /// Generates for `App` with both features as references of their modules; returns the lift file.
    private func generate(in work: URL) throws -> String {
        let output = work.appendingPathComponent("Generated")
        try LiftTestSupport.generate([
            work.appendingPathComponent("App").path,
            "--reference", work.appendingPathComponent("MovieFeature").path,
            "--reference", work.appendingPathComponent("ListFeature").path,
            "--reference-module", "MovieFeature=" + work.appendingPathComponent("MovieFeature").path,
            "--reference-module", "ListFeature=" + work.appendingPathComponent("ListFeature").path,
        ], into: output)
        return try LiftTestSupport.read(output.appendingPathComponent(LiftTestSupport.liftFileName))
    }

    private func importLines(of file: String) -> [String] {
        file.split(separator: "\n").map(String.init).filter { $0.contains("import ") && !$0.hasPrefix("//") }
    }

    /// Builds SwiftRex's stand-in and both features as modules, then type-checks the app with the generated files.
    private func assertTypechecks(in work: URL, mode: LiftTestSupport.LanguageMode, features: [String],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let modules = work.appendingPathComponent("modules-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: mode,
                                               into: modules, file: file, line: line)
        for feature in ["ListFeature", "MovieFeature"] {
            try LiftTestSupport.buildInterfaceOnly(feature, sources: LiftTestSupport.swiftFiles(in: work.appendingPathComponent(feature)),
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
