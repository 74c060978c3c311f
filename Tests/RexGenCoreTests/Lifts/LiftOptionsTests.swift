import Foundation
import XCTest

/// `--lift none|swiftrex|combinefeedback|reactivefeedback|reactor` (repeatable), `--combine-feedback-api`, `--root NAME`
/// and their rexgen.yml keys (`lift:`, `combineFeedbackAPI:`, `roots:`), run on the end-to-end fixture (roots
/// AppAction and WidgetAction when nothing is configured).
final class LiftOptionsTests: XCTestCase {
    // MARK: - --lift

    func testDefaultAndExplicitSwiftRexWriteTheLiftFile() throws {
        for extra in [[], ["--lift", "swiftrex"]] {
            let work = try temporaryDirectory()
            try LiftTestSupport.generate(LiftTestSupport.endToEndArguments + extra, into: work)
            XCTAssertEqual(try writtenFiles(work), [LiftTestSupport.liftFileName, LiftTestSupport.propertiesFileName],
                           "\(extra)")
        }
    }

    func testLiftNoneWritesNoLiftFile() throws {
        let work = try temporaryDirectory()
        let result = try LiftTestSupport.generate(LiftTestSupport.endToEndArguments + ["--lift", "none"], into: work)
        XCTAssertEqual(try writtenFiles(work), [LiftTestSupport.propertiesFileName])
        // Nothing about lifts is analysed either: no ambiguity warnings.
        XCTAssertFalse(result.stderr.contains("Convertible"), result.stderr)
    }

    func testLiftNonePrintsNoLiftCode() throws {
        let result = try LiftTestSupport.rexgen(LiftTestSupport.endToEndArguments + ["--lift", "none"])
        try LiftTestSupport.require(result, "rexgen --lift none")
        assertNoLiftCode(result.stdout)
        XCTAssertTrue(result.stdout.contains("extension AppAction {"), "the enum properties are still printed")
    }

    func testUnknownLiftStyleIsAUsageError() throws {
        let result = try LiftTestSupport.rexgen(LiftTestSupport.endToEndArguments + ["--lift", "combine"])
        XCTAssertEqual(result.exitCode, 2, result.summary)
    }

    /// Each framework's section only when asked for; several `--lift`s add up, in a fixed order.
    func testLiftIsRepeatableAndChoosesTheSections() throws {
        let cases: [([String], [String])] = [
            (["--lift", "swiftrex"], ["SwiftRex", "CombineRex", "RxSwiftRex", "ReactiveSwiftRex"]),
            (["--lift", "combinefeedback"], ["CombineFeedback"]),
            (["--lift", "reactivefeedback", "--lift", "swiftrex"], ["SwiftRex", "CombineRex", "RxSwiftRex", "ReactiveSwiftRex",
                                                                   "ReactiveFeedback"]),
            (["--lift", "none", "--lift", "reactivefeedback"], ["ReactiveFeedback"]),
            (["--lift", "reactor", "--lift", "swiftrex"], ["SwiftRex", "CombineRex", "RxSwiftRex", "ReactiveSwiftRex",
                                                          "Reactor"]),
        ]
        for (arguments, modules) in cases {
            let result = try LiftTestSupport.rexgen(["Feedback"] + arguments)
            try LiftTestSupport.require(result, "rexgen \(arguments)")
            let imported = result.stdout.split(separator: "\n").compactMap { line in
                line.hasPrefix("#if canImport(") ? String(line.dropFirst("#if canImport(".count).dropLast()) : nil
            }
            // Each module's import block, then its section for the one root.
            XCTAssertEqual(imported, modules + modules, "\(arguments)")
        }
    }

    func testCombineFeedbackAPIChoosesThePullbacks() throws {
        let release = try LiftTestSupport.rexgen(["Feedback", "--lift", "combinefeedback"])
        let master = try LiftTestSupport.rexgen(["Feedback", "--lift", "combinefeedback", "--combine-feedback-api", "master"])
        try LiftTestSupport.require(release, "rexgen --lift combinefeedback")
        try LiftTestSupport.require(master, "rexgen --combine-feedback-api master")
        // The release's Reducer is a function type: a free function; master's is a struct with a method.
        XCTAssertTrue(release.stdout.contains("public func pullbackToRootEvent<LocalState, GlobalState, LocalEvent: RootEventConvertible>("))
        XCTAssertFalse(release.stdout.contains("extension CombineFeedback.Reducer"))
        XCTAssertTrue(master.stdout.contains("extension CombineFeedback.Reducer where Event: RootEventConvertible {"))
        XCTAssertTrue(master.stdout.contains("extension CombineFeedback.Store where Event == _RootEventConvertibleRoot {"))
        XCTAssertFalse(master.stdout.contains("LocalEvent: RootEventConvertible>(\n    _ reducer"))
        let project = try makeProject(config: "lift: [swiftrex, combinefeedback]\ncombineFeedbackAPI: master\n")
        let configured = try LiftTestSupport.rexgen([], in: project)
        try LiftTestSupport.require(configured, "rexgen with lift: [swiftrex, combinefeedback]")
        XCTAssertTrue(configured.stdout.contains("#if canImport(SwiftRex)"))
        XCTAssertTrue(configured.stdout.contains("extension CombineFeedback.Reducer where Event: AppActionConvertible {"))
        let wrong = try LiftTestSupport.rexgen([], in: try makeProject(config: "combineFeedbackAPI: latest\n"))
        XCTAssertEqual(wrong.exitCode, 1, wrong.summary)
        XCTAssertTrue(wrong.stderr.contains("'latest' is not one of: release, master"), wrong.stderr)
    }

    // MARK: - --root

    func testRootFlagPicksTheRoots() throws {
        let result = try LiftTestSupport.rexgen(LiftTestSupport.endToEndArguments + ["--root", "WidgetAction"])
        try LiftTestSupport.require(result, "rexgen --root WidgetAction")
        XCTAssertEqual(protocols(in: result.stdout), ["WidgetActionConvertible"])
        XCTAssertFalse(result.stdout.contains("AppActionConvertible"))
        // Ambiguity under a root that is not generated is not reported.
        XCTAssertFalse(result.stderr.contains("AppActionConvertible"), result.stderr)

        let tree = try LiftTestSupport.rexgen(["dump", "--format", "tree"] + LiftTestSupport.endToEndArguments
                                              + ["--root", "WidgetAction"])
        try LiftTestSupport.require(tree, "rexgen dump --root WidgetAction")
        XCTAssertEqual(rootLines(tree.stdout), ["WidgetAction"])
    }

    /// A nested root by qualified name, a child as a root, in the order given; names joined (DESIGN.md).
    func testRootFlagTakesQualifiedNamesAndKeepsTheirOrder() throws {
        let result = try LiftTestSupport.rexgen(LiftTestSupport.endToEndArguments
                                                + ["--root", "Settings.Action", "--root", "MovieAction"])
        try LiftTestSupport.require(result, "rexgen --root Settings.Action --root MovieAction")
        XCTAssertEqual(protocols(in: result.stdout), ["SettingsActionConvertible", "MovieActionConvertible"])
        for expected in [
            "init?(settingsAction: Settings.Action)",
            "extension Settings.Action: SettingsActionConvertible {",
            "func liftToSettingsAction<GlobalState>(",
            "typealias _SettingsActionConvertibleRoot = Settings.Action",
            "extension SwiftRex.StoreType where ActionType == _SettingsActionConvertibleRoot {",
            // One path from Settings.Action, so SharedAction conforms here (it is ambiguous only from AppAction).
            "extension SharedAction: SettingsActionConvertible {",
            "extension PageAction: MovieActionConvertible where Value == Movie {",
            "public nonisolated var movieAction: _MovieActionConvertibleRoot { .list(.page(self)) }",
        ] {
            XCTAssertTrue(result.stdout.contains(expected), "missing: \(expected)")
        }
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
    }

    func testUnknownRootIsAWarning() throws {
        let result = try LiftTestSupport.rexgen(LiftTestSupport.endToEndArguments
                                                + ["--root", "NoSuchAction", "--root", "AppAction"])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stderrLines.contains { $0.contains("warning:") && $0.contains("'NoSuchAction'") },
                      result.stderr)
        XCTAssertEqual(protocols(in: result.stdout), ["AppActionConvertible"])
    }

    // MARK: - rexgen.yml

    /// `lift: none` and `roots:` from a rexgen.yml found upward from the working directory.
    func testConfigurationFileLiftNoneAndRoots() throws {
        let project = try makeProject(config: "lift: none\nroots: [WidgetAction]\n")
        let subdirectory = project.appendingPathComponent("Sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: true)

        let generate = try LiftTestSupport.rexgen([], in: subdirectory)
        try LiftTestSupport.require(generate, "rexgen with rexgen.yml")
        assertNoLiftCode(generate.stdout)
        XCTAssertTrue(generate.stdout.contains("extension WidgetAction {"), "the sources came from the file")

        let tree = try LiftTestSupport.rexgen(["dump", "--format", "tree"], in: subdirectory)
        try LiftTestSupport.require(tree, "rexgen dump with rexgen.yml")
        XCTAssertEqual(rootLines(tree.stdout), ["WidgetAction"])

        // Flags win over the file: lifts back on, roots still from the file.
        let flagged = try LiftTestSupport.rexgen(["--lift", "swiftrex"], in: subdirectory)
        try LiftTestSupport.require(flagged, "rexgen --lift swiftrex with rexgen.yml")
        XCTAssertEqual(protocols(in: flagged.stdout), ["WidgetActionConvertible"])
    }

    /// `lift: swiftrex` with two roots, passed with --config from elsewhere.
    func testConfigurationFileRootsWithLifts() throws {
        let project = try makeProject(config: "lift: swiftrex\nroots:\n  - Settings.Action\n  - WidgetAction\n")
        let result = try LiftTestSupport.rexgen(["--config", project.appendingPathComponent("rexgen.yml").path],
                                                in: try temporaryDirectory())
        try LiftTestSupport.require(result, "rexgen --config")
        XCTAssertEqual(protocols(in: result.stdout), ["SettingsActionConvertible", "WidgetActionConvertible"])

        // Flags win over the file for roots too.
        let flagged = try LiftTestSupport.rexgen(["--config", project.appendingPathComponent("rexgen.yml").path,
                                                  "--root", "AppAction"], in: try temporaryDirectory())
        try LiftTestSupport.require(flagged, "rexgen --config --root")
        XCTAssertEqual(protocols(in: flagged.stdout), ["AppActionConvertible"])
    }

    func testConfigurationFileRejectsAnUnknownLiftStyle() throws {
        let project = try makeProject(config: "lift: combine\n")
        let result = try LiftTestSupport.rexgen([], in: project)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("rexgen.yml:1:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'combine'"), result.stderr)
    }

    // MARK: - Helpers

    /// A project folder whose rexgen.yml points at the fixture (absolute paths, so it works from anywhere).
    private func makeProject(config: String) throws -> URL {
        let project = try temporaryDirectory()
        // The keys under test come first, so the line numbers in diagnostics are those of `config`.
        let text = config + """
            sources: [\(LiftTestSupport.appDirectory.path)]
            reference: [\(LiftTestSupport.featureDirectory.path)]

            """
        try Data(text.utf8).write(to: project.appendingPathComponent("rexgen.yml"))
        return project
    }

    private func writtenFiles(_ directory: URL) throws -> [String] {
        try TestSupport.outputEntries(atPath: directory.path).sorted()
    }

    /// The `<Root>Convertible` protocols declared, in order.
    private func protocols(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: " protocol ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    /// The unindented lines of `dump --format tree`: one per root.
    private func rootLines(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
    }

    private func assertNoLiftCode(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for marker in ["canImport(SwiftRex)", "import SwiftRex", "Convertible", "liftTo", LiftTestSupport.liftFileName,
                       "Lift extensions for the action tree"] {
            XCTAssertFalse(text.contains(marker), "lift code ('\(marker)') with lifts off", file: file, line: line)
        }
    }
}
