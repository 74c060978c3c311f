import Foundation
import XCTest

/// Issue 4, "How it is tested": generate the lift output for a real action tree (two roots, four levels,
/// crossing into a separately compiled module through `--reference`), compile it with the fixture and a
/// driver against the SwiftRex stand-in, and run the driver, which asserts what the lifts *do*.
/// Fixtures: Tests/Fixtures/Lifts/{App,MovieFeature,Drivers}.
final class LiftEndToEndTests: XCTestCase {
    func testGeneratedLiftsCompileAndRunInSwift6Mode() throws {
        try buildAndRunDriver(mode: .swift6)
    }

    func testGeneratedLiftsCompileAndRunInSwift5Mode() throws {
        try buildAndRunDriver(mode: .swift5)
    }

    /// Proof that the driver can fail: break one embed in the generated file and the driver must notice
    /// (so a generator that wrapped actions wrongly could not pass the tests above).
    func testDriverFailsWhenAnEmbedIsWrong() throws {
        let work = try temporaryDirectory()
        let generated = try generateEndToEnd(in: work)
        let liftFile = generated.appendingPathComponent(LiftTestSupport.liftFileName)
        let correct = "{ .movie(action: .list(self)) }"
        let text = try LiftTestSupport.read(liftFile)
        XCTAssertTrue(text.contains(correct), "the mutation's target is gone; update this test")
        try Data(text.replacingOccurrences(of: correct, with: "{ .movie(action: .list(.load)) }").utf8)
            .write(to: liftFile)

        let run = try buildDriver(mode: .swift6, generated: generated, in: work)
        XCTAssertNotEqual(run.exitCode, 0, "the driver accepted a wrong embed:\n\(run.summary)")
        XCTAssertTrue(run.stdout.contains("FAIL line"), run.summary)
        XCTAssertTrue(run.stdout.contains("ListAction embed"), run.summary)
    }

    /// SharedAction is reachable from AppAction along two paths, CounterAction is used with two generic
    /// arguments under WidgetAction: compiler-format warnings naming both paths, and no conformance.
    func testAmbiguousEnumsAreWarnedAboutAndGetNoConformance() throws {
        let work = try temporaryDirectory()
        let result = try LiftTestSupport.generate(LiftTestSupport.endToEndArguments, into: work)
        XCTAssertEqual(result.exitCode, 0, "warnings must not fail the run")

        try assertWarning(in: result, at: "App/WidgetAction.swift", declaring: "SharedAction", mentions: [
            "'SharedAction'", "AppAction.shared", "AppAction.settings → Settings.Action.shared", "AppActionConvertible",
        ])
        try assertWarning(in: result, at: "App/WidgetAction.swift", declaring: "InnerAction", mentions: [
            "'InnerAction'", "'SharedAction'", "AppActionConvertible",
        ])
        try assertWarning(in: result, at: "App/WidgetAction.swift", declaring: "CounterAction", mentions: [
            "'CounterAction'", "WidgetAction.count", "WidgetAction.label", "WidgetActionConvertible",
        ])

        let lifts = try LiftTestSupport.read(work.appendingPathComponent(LiftTestSupport.liftFileName))
        for missing in ["SharedAction: AppActionConvertible", "InnerAction: AppActionConvertible",
                        "CounterAction: WidgetActionConvertible", "CounterAction: AppActionConvertible"] {
            XCTAssertFalse(lifts.contains(missing), "generated '\(missing)' for an ambiguous enum")
        }
        // The same enums along their single path from the other root do conform (and show the search
        // above would find a conformance if there were one).
        XCTAssertTrue(lifts.contains("extension SharedAction: WidgetActionConvertible {"))
        XCTAssertTrue(lifts.contains("extension InnerAction: WidgetActionConvertible {"))
    }

    /// The compiler agrees: `SharedAction(appAction:)` does not exist, `SharedAction(widgetAction:)` does.
    func testAmbiguousEnumHasNoExtractInTheCompiledCode() throws {
        let work = try temporaryDirectory()
        let generated = try generateEndToEnd(in: work)
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource],
                                               mode: .swift6, into: modules)
        try LiftTestSupport.buildInterfaceOnly("MovieFeature", sources: LiftTestSupport.swiftFiles(in: LiftTestSupport.featureDirectory),
                                               mode: .swift6, into: modules)
        let program = try LiftTestSupport.swiftFiles(in: LiftTestSupport.appDirectory) + [
            generated.appendingPathComponent(LiftTestSupport.propertiesFileName),
            generated.appendingPathComponent(LiftTestSupport.liftFileName),
        ]
        let probe = work.appendingPathComponent("Probe.swift")

        try Data("func probe() -> SharedAction? { SharedAction(widgetAction: .refresh) }\n".utf8).write(to: probe)
        let control = try LiftTestSupport.typecheck(program + [probe], modules: modules, mode: .swift6)
        XCTAssertEqual(control.exitCode, 0, "the control probe must compile:\n\(LiftTestSupport.excerpt(control))")

        try Data("func probe() -> SharedAction? { SharedAction(appAction: .started) }\n".utf8).write(to: probe)
        let ambiguous = try LiftTestSupport.typecheck(program + [probe], modules: modules, mode: .swift6)
        XCTAssertNotEqual(ambiguous.exitCode, 0, "SharedAction(appAction:) compiled, so a conformance exists")
        XCTAssertTrue(ambiguous.stderr.contains("Probe.swift:1:"), LiftTestSupport.excerpt(ambiguous))
    }

    // MARK: - Steps

    private func generateEndToEnd(in work: URL) throws -> URL {
        let generated = work.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try LiftTestSupport.generate(LiftTestSupport.endToEndArguments, into: generated)
        let written = try TestSupport.outputEntries(atPath: generated.path).sorted()
        XCTAssertEqual(written, [LiftTestSupport.liftFileName, LiftTestSupport.propertiesFileName])
        return generated
    }

    /// Builds SwiftRex and MovieFeature as libraries (as SwiftPM would build dependencies), then the app
    /// fixture + both generated files + the driver as one executable, and runs it.
    private func buildDriver(mode: LiftTestSupport.LanguageMode, generated: URL, in work: URL,
                             file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let libraries = work.appendingPathComponent("lib-swift\(mode.rawValue)")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try LiftTestSupport.buildLibrary("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: mode,
                                         into: libraries, file: file, line: line)
        try LiftTestSupport.buildLibrary("MovieFeature",
                                         sources: LiftTestSupport.swiftFiles(in: LiftTestSupport.featureDirectory),
                                         mode: mode, into: libraries, file: file, line: line)
        let sources = try LiftTestSupport.swiftFiles(in: LiftTestSupport.appDirectory) + [
            generated.appendingPathComponent(LiftTestSupport.propertiesFileName),
            generated.appendingPathComponent(LiftTestSupport.liftFileName),
            LiftTestSupport.driver, LiftTestSupport.checker,
        ]
        let executable = work.appendingPathComponent("lift-driver-swift\(mode.rawValue)")
        let build = try LiftTestSupport.buildExecutable(executable, sources: sources,
                                                        linking: ["SwiftRex", "MovieFeature"], from: libraries,
                                                        mode: mode)
        try LiftTestSupport.require(build, "compiling the generated code with the driver (Swift \(mode.rawValue) mode)",
                                    file: file, line: line)
        return try TestSupport.run(executable, [])
    }

    private func buildAndRunDriver(mode: LiftTestSupport.LanguageMode,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let generated = try generateEndToEnd(in: work)
        let run = try buildDriver(mode: mode, generated: generated, in: work, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, "the driver found wrong behaviour:\n\(run.summary)", file: file, line: line)
        XCTAssertFalse(run.crashed, run.summary, file: file, line: line)
        // The summary line must be there and count every check: a driver that stopped early or skipped
        // its checks would otherwise look like a pass.
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "lift driver: 74 checks, 0 failures", run.summary, file: file, line: line)
    }

    /// A warning line in compiler format at the declaration of `name` in `path` (line and column computed
    /// from the fixture, so editing the fixture does not silently break the expectation).
    private func assertWarning(in result: ProcessResult, at path: String, declaring name: String, mentions: [String],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try LiftTestSupport.read(LiftTestSupport.fixtures.appendingPathComponent(path))
        let lines = text.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("enum \(name)") }, "no enum \(name) in \(path)",
                                  file: file, line: line)
        let column = try XCTUnwrap(lines[index].range(of: "enum \(name)"), file: file, line: line)
        let columnNumber = lines[index].distance(from: lines[index].startIndex, to: column.lowerBound) + "enum ".count + 1
        let prefix = "\(path):\(index + 1):\(columnNumber): warning: "
        let matching = result.stderrLines.filter { $0.hasPrefix(prefix) && $0.contains("'\(name)'") }
        XCTAssertEqual(matching.count, 1, "expected one warning starting '\(prefix)' about \(name):\n\(result.stderr)",
                       file: file, line: line)
        for fragment in mentions {
            XCTAssertTrue(matching.first?.contains(fragment) ?? false,
                          "the warning about \(name) does not mention '\(fragment)':\n\(result.stderr)",
                          file: file, line: line)
        }
    }
}
