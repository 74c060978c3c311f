import Foundation
import XCTest

/// Golden-file tests for the lift output: the generated ActionLifts.generated.swift, `dump --format tree`,
/// `dump --format dot` and the diagnostics, byte for byte, for two fixtures:
/// - EndToEnd: Tests/Fixtures/Lifts/App with `--reference MovieFeature` (the tree LiftEndToEndTests runs);
/// - Shapes: Tests/Fixtures/Lifts/Shapes (nested and acronym roots, `#if`, keyword names and labels,
///   typealiases, cycles, a generic root);
/// - Game: Tests/Fixtures/Lifts/Game (sub-actions nested in their action, state, result and error enums
///   marked for properties only: data, not tree nodes);
/// - Feedback: Tests/Fixtures/Lifts/Feedback with every framework's lifts, and with CombineFeedback master's;
/// - FeedbackExample: Tests/Fixtures/Lifts/FeedbackExample (CombineFeedback's example app's top-level `Event`
///   and `State`) with every framework's lifts;
/// - Reactor (issue 30): ReactorGame with ReactorFeature as reference (composites of every kind of sub-state,
///   one with its own `react(to:)`, an enum state, three levels, states across files and modules), the feature
///   module on its own, ReactorShapes (every spelling, nesting, generics, what is left out and its warnings),
///   ReactorNames (the module's own `State` and `Event`) and ReactorOwnState (a `State` protocol of its own).
/// Expected files: Tests/Fixtures/Lifts/Expected/<fixture>.<kind>. Each was reviewed by eye; to accept a
/// deliberate change run `REXGEN_RECORD=1 swift test --filter LiftReferenceTests` and review the diff.
final class LiftReferenceTests: XCTestCase {
    private static let fixtures: [String: [String]] = [
        "EndToEnd": LiftTestSupport.endToEndArguments,
        "Shapes": ["Shapes"],
        "Game": ["Game"],
        "Feedback": ["Feedback", "--lift", "swiftrex", "--lift", "combinefeedback", "--lift", "reactivefeedback"],
        "FeedbackMaster": ["Feedback", "--lift", "combinefeedback", "--combine-feedback-api", "master"],
        "FeedbackExample": ["FeedbackExample", "--lift", "swiftrex", "--lift", "combinefeedback", "--lift", "reactivefeedback"],
        "ReactorGame": ["ReactorGame", "--reference", "ReactorFeature", "--lift", "reactor"],
        "ReactorFeature": ["ReactorFeature", "--lift", "reactor"],
        "ReactorShapes": ["ReactorShapes", "--lift", "reactor"],
        "ReactorNames": ["ReactorNames", "--lift", "reactor"],
        "ReactorOwnState": ["ReactorOwnState", "--lift", "swiftrex", "--lift", "reactor"],
    ]

    func testEndToEndLiftFile() throws { try assertLiftFile("EndToEnd") }
    func testEndToEndTree() throws { try assertDump("EndToEnd", format: "tree") }
    func testEndToEndDot() throws { try assertDump("EndToEnd", format: "dot") }

    func testShapesLiftFile() throws { try assertLiftFile("Shapes") }
    func testShapesTree() throws { try assertDump("Shapes", format: "tree") }
    func testShapesDot() throws { try assertDump("Shapes", format: "dot") }

    func testGameLiftFile() throws { try assertLiftFile("Game") }
    func testFeedbackLiftFile() throws { try assertLiftFile("Feedback") }
    func testFeedbackMasterLiftFile() throws { try assertLiftFile("FeedbackMaster") }
    func testFeedbackExampleLiftFile() throws { try assertLiftFile("FeedbackExample") }
    func testGameTree() throws { try assertDump("Game", format: "tree") }

    func testReactorGameLiftFile() throws { try assertLiftFile("ReactorGame") }
    func testReactorFeatureLiftFile() throws { try assertLiftFile("ReactorFeature") }
    func testReactorShapesLiftFile() throws { try assertLiftFile("ReactorShapes") }
    func testReactorNamesLiftFile() throws { try assertLiftFile("ReactorNames") }
    func testReactorOwnStateLiftFile() throws { try assertLiftFile("ReactorOwnState") }

    /// Every enum of the Game fixture gets properties; only the actions are tree nodes, so only they conform.
    func testGameDataEnumsGetPropertiesButNoConformance() throws {
        let work = try temporaryDirectory()
        try LiftTestSupport.generate(["Game"], into: work)
        let properties = try LiftTestSupport.read(work.appendingPathComponent(LiftTestSupport.propertiesFileName))
        let lifts = try LiftTestSupport.read(work.appendingPathComponent(LiftTestSupport.liftFileName))
        for data in ["GameState", "GameResult", "GameError", "MoveError", "HouseState"] {
            XCTAssertTrue(properties.contains("extension \(data) {"), "\(data) gets no properties")
            XCTAssertFalse(lifts.contains("extension \(data):"), "\(data) is data, yet conforms")
            XCTAssertFalse(lifts.contains("protocol \(data)Convertible"), "\(data) is data, yet a root")
        }
        for action in ["GameAction", "BoardAction", "BoardAction.Request", "BoardAction.Result", "TurnAction", "SettingsAction"] {
            XCTAssertTrue(lifts.contains("extension \(action): AppActionConvertible {"), "\(action) does not conform")
        }
        let json = try LiftTestSupport.rexgen(["dump", "--format", "json", "Game"])
        try LiftTestSupport.require(json, "rexgen dump --format json")
        let nodes = try json.stdout.split(separator: "\n").map { line -> (String, Bool) in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (try XCTUnwrap(object["qualifiedName"] as? String), try XCTUnwrap(object["actionNode"] as? Bool))
        }
        XCTAssertEqual(nodes.filter(\.1).map(\.0).sorted(), ["AppAction", "BoardAction", "BoardAction.Request",
                                                         "BoardAction.Result", "GameAction", "SettingsAction", "TurnAction"])
        XCTAssertEqual(nodes.filter { !$0.1 }.map(\.0).sorted(), ["GameError", "GameResult", "GameState", "HouseState", "MoveError"])
    }

    /// The Shapes golden file must also compile, with and without the `#if DEBUG` branch, in both
    /// language modes. Only the lift file is compiled: its conformances must not need the enum properties.
    func testShapesLiftFileCompiles() throws {
        let work = try temporaryDirectory()
        try LiftTestSupport.generate(["Shapes"], into: work)
        let sources = try LiftTestSupport.swiftFiles(in: LiftTestSupport.shapesDirectory)
            + [work.appendingPathComponent(LiftTestSupport.liftFileName)]
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            let modules = work.appendingPathComponent("modules-swift\(mode.rawValue)")
            try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
            try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: mode,
                                                   into: modules)
            for defines in [[], ["-D", "DEBUG"]] {
                let result = try LiftTestSupport.typecheck(sources, modules: modules, mode: mode, extraArguments: defines)
                XCTAssertEqual(result.exitCode, 0, "Swift \(mode.rawValue) \(defines):\n\(LiftTestSupport.excerpt(result))")
            }
        }
    }

    // MARK: - Comparing

    private func assertLiftFile(_ fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let result = try LiftTestSupport.generate(try arguments(fixture), into: work)
        let actual = try LiftTestSupport.read(work.appendingPathComponent(LiftTestSupport.liftFileName))
        try compare(actual, with: "\(fixture).ActionLifts.generated.swift", file: file, line: line)
        // The diagnostics are part of the contract too (compiler format, paths relative to the fixtures).
        try compare(result.stderr, with: "\(fixture).stderr", file: file, line: line)
    }

    private func assertDump(_ fixture: String, format: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try LiftTestSupport.rexgen(["dump", "--format", format] + arguments(fixture), file: file, line: line)
        try LiftTestSupport.require(result, "rexgen dump --format \(format)", file: file, line: line)
        try compare(result.stdout, with: "\(fixture).\(format == "tree" ? "tree.txt" : "dot")", file: file, line: line)
    }

    private func arguments(_ fixture: String) throws -> [String] {
        try XCTUnwrap(Self.fixtures[fixture], "unknown lift fixture \(fixture)")
    }

    private func compare(_ actual: String, with expectedName: String,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let expectedURL = LiftTestSupport.expectedDirectory.appendingPathComponent(expectedName)
        if ProcessInfo.processInfo.environment["REXGEN_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: LiftTestSupport.expectedDirectory,
                                                    withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: expectedURL)
            // Recording never passes, so a forgotten REXGEN_RECORD=1 cannot hide a regression.
            XCTFail("recorded \(expectedName); review the diff, then run without REXGEN_RECORD", file: file, line: line)
            return
        }
        guard FileManager.default.fileExists(atPath: expectedURL.path) else {
            XCTFail("missing expected file \(expectedName); record it with REXGEN_RECORD=1", file: file, line: line)
            return
        }
        let expected = try LiftTestSupport.read(expectedURL)
        if actual != expected {
            XCTFail("""
                \(expectedName) differs from the output; \(TestSupport.firstDifference(expected: expected, actual: actual))
                if the change is intended: REXGEN_RECORD=1 swift test --filter LiftReferenceTests, then review the diff
                """, file: file, line: line)
        }
    }
}
