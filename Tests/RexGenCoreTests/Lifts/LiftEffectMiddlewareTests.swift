import Foundation
import XCTest

/// The lifts real SwiftRex 0.8 apps write (issue 16): effect middlewares that stay `EffectMiddleware` and
/// combine with `<>`, middleware readers injected last, middlewares that read no state, and asymmetric
/// input and output actions. The Game fixture (Tests/Fixtures/Lifts/Game) and its generated files are
/// compiled with Drivers/GameDriver.swift against the SwiftRex stand-in and the EffectMiddleware stand-in
/// built as CombineRex, RxSwiftRex and ReactiveSwiftRex, and the driver is run.
final class LiftEffectMiddlewareTests: XCTestCase {
    static let gameDirectory = LiftTestSupport.fixtures.appendingPathComponent("Game")
    static let gameDriver = LiftTestSupport.fixtures.appendingPathComponent("Drivers/GameDriver.swift")
    static let effectMiddlewareSource = TestSupport.testsDirectory.appendingPathComponent("Fixtures/SwiftRex/EffectMiddleware.swift")
    static let effectModules = ["CombineRex", "RxSwiftRex", "ReactiveSwiftRex"]

    func testDriverPassesInSwift6Mode() throws {
        try assertDriverPasses(mode: .swift6)
    }

    func testDriverPassesInSwift5Mode() throws {
        try assertDriverPasses(mode: .swift5)
    }

    /// Proof that the driver can fail: wrap one sub-action wrongly and the dispatched actions differ.
    func testDriverFailsWhenAnEmbedIsWrong() throws {
        let work = try temporaryDirectory()
        let generated = try generate(in: work)
        let liftFile = generated.appendingPathComponent(LiftTestSupport.liftFileName)
        let correct = "{ .game(.board(.result(self))) }"
        let text = try LiftTestSupport.read(liftFile)
        XCTAssertTrue(text.contains(correct), "the mutation's target is gone; update this test")
        try Data(text.replacingOccurrences(of: correct, with: "{ .game(.board(.result(.rejected(.occupied)))) }").utf8)
            .write(to: liftFile)
        let run = try buildAndRun(mode: .swift6, generated: generated, in: work)
        XCTAssertNotEqual(run.exitCode, 0, "the driver accepted a wrong embed:\n\(run.summary)")
        XCTAssertTrue(run.stdout.contains("every dispatched action"), run.summary)
    }

    /// Each EffectMiddleware section is module-qualified and imported on its own, so an app that can import
    /// two of the modules does not find `EffectMiddleware` ambiguous (the driver imports two).
    func testEffectMiddlewareSectionsAreQualifiedByModule() throws {
        let work = try temporaryDirectory()
        let text = try LiftTestSupport.read(try generate(in: work).appendingPathComponent(LiftTestSupport.liftFileName))
        for module in Self.effectModules {
            XCTAssertTrue(text.contains("#if canImport(\(module))\nimport \(module)\n#endif"), module)
            XCTAssertTrue(text.contains("extension \(module).EffectMiddleware where InputActionType: AppActionConvertible, "
                + "OutputActionType: AppActionConvertible {"), module)
            XCTAssertTrue(text.contains("-> \(module).EffectMiddleware<_AppActionConvertibleRoot, _AppActionConvertibleRoot, "
                + "GlobalState, Dependencies>"), module)
        }
        XCTAssertFalse(text.contains("extension EffectMiddleware"), "an unqualified EffectMiddleware extension")
    }

    // MARK: - Steps

    private func generate(in work: URL) throws -> URL {
        let generated = work.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try LiftTestSupport.generate(["Game"], into: generated)
        return generated
    }

    private func buildAndRun(mode: LiftTestSupport.LanguageMode, generated: URL, in work: URL,
                             file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let libraries = work.appendingPathComponent("lib-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try LiftTestSupport.buildLibrary("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: mode,
                                         into: libraries, file: file, line: line)
        for module in Self.effectModules {
            try LiftTestSupport.buildLibrary(module, sources: [Self.effectMiddlewareSource], mode: mode, into: libraries,
                                             linking: ["SwiftRex"], file: file, line: line)
        }
        let sources = try LiftTestSupport.swiftFiles(in: Self.gameDirectory) + LiftTestSupport.swiftFiles(in: generated)
            + [Self.gameDriver, LiftTestSupport.checker]
        let executable = work.appendingPathComponent("game-driver-swift\(mode.rawValue)")
        let build = try LiftTestSupport.buildExecutable(executable, sources: sources,
                                                        linking: ["SwiftRex"] + Self.effectModules, from: libraries,
                                                        mode: mode)
        try LiftTestSupport.require(build, "compiling the generated code with the game driver (Swift \(mode.rawValue) mode)",
                                    file: file, line: line)
        return try TestSupport.run(executable, [])
    }

    private func assertDriverPasses(mode: LiftTestSupport.LanguageMode, file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let run = try buildAndRun(mode: mode, generated: try generate(in: work), in: work, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, "the driver found wrong behaviour:\n\(run.summary)", file: file, line: line)
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "game driver: 7 checks, 0 failures", run.summary, file: file, line: line)
    }
}
