import Foundation
import XCTest

/// CombineFeedback (its 0.7.0 release and master) and ReactiveFeedback (issue 17): the Feedback fixture's lift
/// file, generated for each API, is compiled with a driver against the test suite's stand-ins of those
/// libraries (Tests/Fixtures/Feedback, written from their real sources) in Swift 6 and Swift 5 modes, and run.
/// Each driver pulls reducers and feedbacks back one, two and three levels deep in one call each, sends root
/// events, and checks the state and the events the feedbacks emitted.
final class LiftFeedbackTests: XCTestCase {
    static let feedbackFixture = LiftTestSupport.fixtures.appendingPathComponent("Feedback")
    static let standIns = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Feedback")
    static let drivers = LiftTestSupport.fixtures.appendingPathComponent("Drivers")

    /// One library's API: how to generate for it, which stand-ins to build, and its driver.
    struct API {
        var name: String
        var arguments: [String]
        /// Modules in build order: name and stand-in file.
        var modules: [(String, String)]
        var driver: String
        var checks: Int
        /// The fixture folder (under Tests/Fixtures/Lifts) and the driver files that go with it.
        var fixture = "Feedback"
        var sharedDrivers = ["Checker.swift", "FeedbackStates.swift"]

        static let combineFeedbackRelease = API(
            name: "CombineFeedback 0.7.0", arguments: ["--lift", "combinefeedback"],
            modules: [("CasePaths", "CasePaths.swift"), ("CombineFeedback", "CombineFeedback-0.7.0.swift")],
            driver: "FeedbackReleaseDriver.swift", checks: 9)
        static let combineFeedbackMaster = API(
            name: "CombineFeedback master", arguments: ["--lift", "combinefeedback", "--combine-feedback-api", "master"],
            modules: [("CasePaths", "CasePaths.swift"), ("CombineFeedback", "CombineFeedback-master.swift")],
            driver: "FeedbackMasterDriver.swift", checks: 9)
        static let reactiveFeedback = API(
            name: "ReactiveFeedback", arguments: ["--lift", "reactivefeedback"],
            modules: [("ReactiveFeedback", "ReactiveFeedback.swift")],
            driver: "FeedbackReactiveDriver.swift", checks: 3)

        /// The same libraries on an app shaped like CombineFeedback's example: a top-level `enum Event` root
        /// and `struct State`, names the libraries' generic parameters shadow inside their types (issue 28).
        func onTheExampleApp(driver: String, checks: Int) -> API {
            var api = self
            api.name += " (example app)"
            api.fixture = "FeedbackExample"
            api.driver = "FeedbackExample/" + driver
            api.checks = checks
            api.sharedDrivers = ["Checker.swift"]
            return api
        }
    }

    func testCombineFeedbackReleaseInSwift6Mode() throws { try assertDriverPasses(.combineFeedbackRelease, mode: .swift6) }
    func testCombineFeedbackReleaseInSwift5Mode() throws { try assertDriverPasses(.combineFeedbackRelease, mode: .swift5) }
    func testCombineFeedbackMasterInSwift6Mode() throws { try assertDriverPasses(.combineFeedbackMaster, mode: .swift6) }
    func testCombineFeedbackMasterInSwift5Mode() throws { try assertDriverPasses(.combineFeedbackMaster, mode: .swift5) }
    func testReactiveFeedbackInSwift6Mode() throws { try assertDriverPasses(.reactiveFeedback, mode: .swift6) }
    func testReactiveFeedbackInSwift5Mode() throws { try assertDriverPasses(.reactiveFeedback, mode: .swift5) }

    func testExampleAppWithCombineFeedbackRelease() throws {
        let api = API.combineFeedbackRelease.onTheExampleApp(driver: "ExampleReleaseDriver.swift", checks: 3)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] { try assertDriverPasses(api, mode: mode) }
    }

    func testExampleAppWithCombineFeedbackMaster() throws {
        let api = API.combineFeedbackMaster.onTheExampleApp(driver: "ExampleMasterDriver.swift", checks: 4)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] { try assertDriverPasses(api, mode: mode) }
    }

    func testExampleAppWithReactiveFeedback() throws {
        let api = API.reactiveFeedback.onTheExampleApp(driver: "ExampleReactiveDriver.swift", checks: 3)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] { try assertDriverPasses(api, mode: mode) }
    }

    /// Proof that a driver can fail: extract the wrong event in the generated conversions.
    func testDriverFailsWhenAnExtractIsWrong() throws {
        let work = try temporaryDirectory()
        let generated = try generate(.combineFeedbackMaster, in: work)
        let liftFile = generated.appendingPathComponent(LiftTestSupport.liftFileName)
        let text = try LiftTestSupport.read(liftFile)
        let correct = "guard case let .catalog(.movies(.picker(value))) = rootEvent else { return nil }"
        XCTAssertTrue(text.contains(correct), "the mutation's target is gone; update this test")
        try Data(text.replacingOccurrences(of: correct, with: "guard case let .catalog(.movies(.picker(value))) = rootEvent, "
            + "value != .opened else { return nil }").utf8).write(to: liftFile)
        let run = try buildAndRun(.combineFeedbackMaster, mode: .swift6, generated: generated, in: work)
        XCTAssertNotEqual(run.exitCode, 0, "the driver accepted a wrong extract:\n\(run.summary)")
    }

    /// All three together (the reducer pullback is written once for the two function-typed `Reducer`s), and
    /// with SwiftRex's lifts, in one file that still compiles where none of the libraries can be imported.
    func testEveryFrameworkInOneFile() throws {
        let work = try temporaryDirectory()
        let result = try LiftTestSupport.generate(["Feedback", "--lift", "swiftrex", "--lift", "combinefeedback",
                                                   "--lift", "reactivefeedback"], into: work)
        let text = try LiftTestSupport.read(work.appendingPathComponent(LiftTestSupport.liftFileName))
        XCTAssertEqual(text.components(separatedBy: "public func pullbackToRootEvent<LocalState, GlobalState").count, 2,
                       "the function-typed reducer pullback must be declared once\n\(result.summary)")
        for module in ["SwiftRex", "CombineFeedback", "ReactiveFeedback"] {
            XCTAssertTrue(text.contains("#if canImport(\(module))"), module)
        }
        let sources = try LiftTestSupport.swiftFiles(in: Self.feedbackFixture) + LiftTestSupport.swiftFiles(in: work)
        let typecheck = try LiftTestSupport.typecheck(sources, modules: work, mode: .swift6)
        XCTAssertEqual(typecheck.exitCode, 0, LiftTestSupport.excerpt(typecheck))
    }

    // MARK: - Steps

    private func generate(_ api: API, in work: URL) throws -> URL {
        let generated = work.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try LiftTestSupport.generate([api.fixture] + api.arguments, into: generated)
        return generated
    }

    private func buildAndRun(_ api: API, mode: LiftTestSupport.LanguageMode, generated: URL, in work: URL,
                             file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let libraries = work.appendingPathComponent("lib-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        var built: [String] = []
        for (module, source) in api.modules {
            try LiftTestSupport.buildLibrary(module, sources: [Self.standIns.appendingPathComponent(source)], mode: mode,
                                             into: libraries, linking: built, file: file, line: line)
            built.append(module)
        }
        let sources = try LiftTestSupport.swiftFiles(in: LiftTestSupport.fixtures.appendingPathComponent(api.fixture))
            + LiftTestSupport.swiftFiles(in: generated) + (api.sharedDrivers + [api.driver]).map(Self.drivers.appendingPathComponent)
        let executable = work.appendingPathComponent("feedback-driver-swift\(mode.rawValue)")
        let build = try LiftTestSupport.buildExecutable(executable, sources: sources, linking: built, from: libraries, mode: mode)
        try LiftTestSupport.require(build, "compiling \(api.name)'s generated code with its driver (Swift \(mode.rawValue) mode)",
                                    file: file, line: line)
        return try TestSupport.run(executable, [])
    }

    private func assertDriverPasses(_ api: API, mode: LiftTestSupport.LanguageMode,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let run = try buildAndRun(api, mode: mode, generated: try generate(api, in: work), in: work, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, "\(api.name): the driver found wrong behaviour:\n\(run.summary)", file: file, line: line)
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "feedback driver: \(api.checks) checks, 0 failures", run.summary, file: file, line: line)
    }
}
