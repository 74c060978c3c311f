import Foundation
import XCTest

/// Reactor (issue 30): composite states' forwarding and `liftToState`, compiled and run against the test
/// suite's stand-in of Reactor 1.0.0 (Tests/Fixtures/Reactor, built in Swift 5 mode as Reactor is). The
/// feature module (Lifts/ReactorFeature) is generated for and built on its own; the game (Lifts/ReactorGame)
/// reads it as a reference, and its driver fires events at a core of the composite root in Swift 6 (with
/// DEBUG) and Swift 5 (without) modes, warnings as errors. Mutations of the generated code must make the
/// driver fail; the other Reactor fixtures must type-check in every mode.
final class LiftReactorTests: XCTestCase {
    static let standIn = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Reactor/Reactor.swift")
    static let feature = LiftTestSupport.fixtures.appendingPathComponent("ReactorFeature")
    static let game = LiftTestSupport.fixtures.appendingPathComponent("ReactorGame")
    static let drivers = LiftTestSupport.fixtures.appendingPathComponent("Drivers")
    static let checks = 16

    func testDriverInSwift6ModeWithDebug() throws {
        try assertDriverPasses(mode: .swift6, defines: ["-D", "DEBUG"])
    }

    func testDriverInSwift5Mode() throws {
        try assertDriverPasses(mode: .swift5, defines: [])
    }

    // MARK: - The driver can fail

    /// A sub-state whose forwarding is gone never changes: the driver sees it.
    func testDriverFailsWhenASubstateIsNotForwarded() throws {
        try assertDriverFails(mutating: "        self.selected?.react(to: event)\n", into: "")
    }

    func testDriverFailsWhenDictionaryValuesDoNotReact() throws {
        try assertDriverFails(mutating: "self.bosses[key]?.react(to: event)", into: "_ = self.bosses[key]")
    }

    func testDriverFailsWhenAnEnumCaseIsPutBackWithoutItsReaction() throws {
        try assertDriverFails(mutating: "self = .playing(value0, level: value1)",
                              into: "self = .playing(value0, level: value1)\n            self = .playing(Player(name: \"hero\"), level: value1)")
    }

    /// An optional sub-state's middleware that never runs is caught as well as one run on the wrong state.
    func testDriverFailsWhenTheOptionalLiftNeverRuns() throws {
        let optionalLift = "Swift.KeyPath<Root, StateType?>) -> StateLiftedMiddleware<Root, Self> {\n"
            + "        StateLiftedMiddleware(lifted: self, subState: { $0[keyPath: subState] })"
        try assertDriverFails(mutating: optionalLift, into: optionalLift.replacingOccurrences(
            of: "{ $0[keyPath: subState] }", with: "{ _ in nil }"))
    }

    // MARK: - Other shapes and names compile

    /// Every spelling of a sub-state, states nested in types, extensions and generic types, names that need
    /// care, what is left out; the module's own `State` and `Event` types; a `State` protocol of its own.
    func testTheOtherReactorFixturesCompileInEveryMode() throws {
        let work = try temporaryDirectory()
        for fixture in ["ReactorShapes", "ReactorNames", "ReactorOwnState"] {
            let generated = work.appendingPathComponent(fixture)
            try LiftTestSupport.generate([fixture, "--lift", "reactor", "--quiet"], into: generated)
            let sources = try LiftTestSupport.swiftFiles(in: LiftTestSupport.fixtures.appendingPathComponent(fixture))
                + LiftTestSupport.swiftFiles(in: generated)
            for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
                let modules = work.appendingPathComponent("modules-swift\(mode.rawValue)")
                if !FileManager.default.fileExists(atPath: modules.path) {
                    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
                    try LiftTestSupport.buildInterfaceOnly("Reactor", sources: [Self.standIn], mode: .swift5, into: modules)
                }
                for defines in [[], ["-D", "DEBUG"]] {
                    let result = try LiftTestSupport.typecheck(sources, modules: modules, mode: mode, extraArguments: defines)
                    XCTAssertEqual(result.exitCode, 0, "\(fixture), Swift \(mode.rawValue) \(defines):\n"
                        + LiftTestSupport.excerpt(result))
                }
            }
        }
    }

    /// `Reactor.State` in generated code would name a type of the sources called `Reactor`: no Reactor code then.
    /// (A type named like the middleware lift's helper is in the ReactorOwnState fixture.)
    func testATypeNamedReactorLeavesTheReactorCodeOut() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["App/States.swift": """
            import Reactor
            struct Game: State { var player: Player }
            struct Player: State { mutating func react(to event: Event) {} }
            enum Reactor {}
            """], under: work)
        let result = try TestSupport.rexgen(["App", "--lift", "reactor"], in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertFalse(result.stdout.contains("Reactor."), result.stdout)
        XCTAssertEqual(result.stderrLines, ["App/States.swift:4:6: warning: a type named 'Reactor' would hide the Reactor module "
            + "from the generated code; no Reactor code is generated (rename the type)"])
    }

    // MARK: - Steps

    /// Generates the feature module on its own and the game with it as a reference, as two targets would.
    private func generate(in work: URL) throws -> (feature: URL, game: URL) {
        let feature = work.appendingPathComponent("GeneratedFeature")
        let game = work.appendingPathComponent("GeneratedGame")
        try LiftTestSupport.generate(["ReactorFeature", "--lift", "reactor"], into: feature)
        try LiftTestSupport.generate(["ReactorGame", "--reference", "ReactorFeature", "--lift", "reactor"], into: game)
        return (feature, game)
    }

    private func buildAndRun(mode: LiftTestSupport.LanguageMode, defines: [String], generated: (feature: URL, game: URL),
                             in work: URL, file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let libraries = work.appendingPathComponent("lib-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try LiftTestSupport.buildLibrary("Reactor", sources: [Self.standIn], mode: .swift5, into: libraries, file: file, line: line)
        try LiftTestSupport.buildLibrary("ReactorFeature", sources: try LiftTestSupport.swiftFiles(in: Self.feature)
            + LiftTestSupport.swiftFiles(in: generated.feature), mode: mode, into: libraries, linking: ["Reactor"],
                                         file: file, line: line)
        let sources = try LiftTestSupport.swiftFiles(in: Self.game) + LiftTestSupport.swiftFiles(in: generated.game)
            + ["Checker.swift", "ReactorDriver.swift"].map(Self.drivers.appendingPathComponent)
        let executable = work.appendingPathComponent("reactor-driver-swift\(mode.rawValue)")
        let build = try LiftTestSupport.buildExecutable(executable, sources: sources, linking: ["Reactor", "ReactorFeature"],
                                                        from: libraries, mode: mode, extraArguments: defines)
        try LiftTestSupport.require(build, "compiling the Reactor game with its driver (Swift \(mode.rawValue) mode)",
                                    file: file, line: line)
        return try TestSupport.run(executable, [])
    }

    private func assertDriverPasses(mode: LiftTestSupport.LanguageMode, defines: [String],
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let run = try buildAndRun(mode: mode, defines: defines, generated: try generate(in: work), in: work, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, "the driver found wrong behaviour:\n\(run.summary)", file: file, line: line)
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "reactor driver: \(Self.checks) checks, 0 failures", run.summary, file: file, line: line)
    }

    /// Replaces `original` (which must be in the game's lift file) with `mutation`; the driver, still
    /// compiling, must fail.
    private func assertDriverFails(mutating original: String, into mutation: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let generated = try generate(in: work)
        let liftFile = generated.game.appendingPathComponent(LiftTestSupport.liftFileName)
        let text = try LiftTestSupport.read(liftFile)
        XCTAssertTrue(text.contains(original), "the mutation's target is gone; update this test", file: file, line: line)
        try Data(text.replacingOccurrences(of: original, with: mutation).utf8).write(to: liftFile)
        let run = try buildAndRun(mode: .swift6, defines: ["-D", "DEBUG"], generated: generated, in: work, file: file, line: line)
        XCTAssertNotEqual(run.exitCode, 0, "the driver accepted mutated code:\n\(run.summary)", file: file, line: line)
        XCTAssertTrue(run.stdout.contains("FAIL"), run.summary, file: file, line: line)
    }
}
