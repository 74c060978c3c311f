import Foundation
import RexGenCore
import XCTest

/// `rexgen watch` as a user runs it: the built binary in a project folder, edited while it runs, then
/// stopped with Ctrl-C. Waits poll the files with a bound that only turns a hang into a failure; nothing
/// asserts on how long a step took.
final class WatchEndToEndTests: XCTestCase {
    private let bound: TimeInterval = 10

    /// A running `rexgen watch` whose stdout and stderr go to files (never pipes: an unread pipe could
    /// block the child), killed at teardown if a failed test left it running.
    private final class RunningWatch {
        let process = Process()
        let stderrURL: URL
        let exited = DispatchSemaphore(value: 0)

        init(_ arguments: [String], in directory: URL, scratch: URL) throws {
            stderrURL = scratch.appendingPathComponent("stderr")
            let stdoutURL = scratch.appendingPathComponent("stdout")
            try Data().write(to: stderrURL)
            try Data().write(to: stdoutURL)
            process.executableURL = try TestSupport.requireRexGen()
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
            process.standardError = try FileHandle(forWritingTo: stderrURL)
            let exited = exited
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
        }

        var stderr: String {
            (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        }

        func waitForExit(seconds: TimeInterval) -> Bool {
            exited.wait(timeout: .now() + seconds) == .success
        }
    }

    /// Polls `condition` every 50 ms until it holds or `bound` seconds pass.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(bound)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    func testWatchRegeneratesSurvivesABrokenFileAndStopsOnCtrlC() throws {
        let root = try temporaryDirectory()
        let scratch = try temporaryDirectory()
        let sourcePath = "Sources/WatchAction.swift"
        func writeSource(_ body: String) throws {
            try TestSupport.write([sourcePath: "public enum WatchAction {\n\(body)}\n"], under: root)
        }
        let outputURL = root.appendingPathComponent("Generated/\(EnumPropertiesRenderer.fileName)")
        func output() -> String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

        try writeSource("    case started\n")
        let watch = try RunningWatch(["watch", "Sources", "--output", "Generated"], in: root, scratch: scratch)
        addTeardownBlock {
            if watch.process.isRunning {
                watch.process.terminate()
                _ = watch.waitForExit(seconds: 10)
            }
        }
        func context() -> String { "--- stderr ---\n\(watch.stderr)\n--- output ---\n\(output())" }

        // The initial generation, then the announcement that polling has started.
        XCTAssertTrue(eventually { watch.stderr.contains("rexgen: watching 1 file in Sources") }, context())
        XCTAssertTrue(output().contains("public var isStarted: Swift.Bool"), context())

        // An added case appears in the output with no other step.
        try writeSource("    case started\n    case stopped\n")
        XCTAssertTrue(eventually { output().contains("public var isStopped: Swift.Bool") }, context())
        XCTAssertTrue(eventually { watch.stderr.contains("wrote Generated/\(EnumPropertiesRenderer.fileName)") },
                      context())

        // A save in the middle of an edit: a diagnostic at the file, the process goes on, the output stays.
        // The comment swallows a case, so output written from the broken file would differ from `good`.
        let good = output()
        try writeSource("    case started\n    /* case stopped\n")
        XCTAssertTrue(eventually { watch.stderr.contains("\(sourcePath):3:5: error: unterminated '/*' comment") },
                      context())
        XCTAssertTrue(watch.process.isRunning, context())
        XCTAssertEqual(output(), good, "an input error must leave the previous output intact")

        // Fixing the file regenerates.
        try writeSource("    case started\n    case stopped\n    case paused\n")
        XCTAssertTrue(eventually { output().contains("public var isPaused: Swift.Bool") }, context())
        XCTAssertTrue(watch.process.isRunning, context())

        // Ctrl-C: a clean stop with exit code 0.
        kill(watch.process.processIdentifier, SIGINT)
        XCTAssertTrue(watch.waitForExit(seconds: bound), "still running after SIGINT\n\(context())")
        XCTAssertEqual(watch.process.terminationReason, .exit, "killed by the signal instead of stopping\n\(context())")
        XCTAssertEqual(watch.process.terminationStatus, 0, context())
        XCTAssertTrue(watch.stderr.contains("rexgen: stopped watching"), context())
        XCTAssertEqual(try TestSupport.hiddenEntries(in: root.appendingPathComponent("Generated")), [],
                       "no temporary file left behind")
    }

    func testSIGTERMStopsCleanlyToo() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["Sources/TermAction.swift": "enum TermAction { case a }\n"], under: root)
        let watch = try RunningWatch(["watch", "--quiet", "Sources", "--output", "Generated"], in: root,
                                     scratch: try temporaryDirectory())
        addTeardownBlock { if watch.process.isRunning { watch.process.interrupt() } }
        let outputURL = root.appendingPathComponent("Generated/\(EnumPropertiesRenderer.fileName)")
        XCTAssertTrue(eventually { FileManager.default.fileExists(atPath: outputURL.path) }, watch.stderr)
        kill(watch.process.processIdentifier, SIGTERM)
        XCTAssertTrue(watch.waitForExit(seconds: bound), "still running after SIGTERM")
        XCTAssertEqual(watch.process.terminationReason, .exit)
        XCTAssertEqual(watch.process.terminationStatus, 0)
        XCTAssertEqual(watch.stderr, "", "--quiet prints errors only")
    }

    func testMissingOutputIsAUsageError() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["Sources/A.swift": "enum AAction { case a }\n"], under: root)
        let result = try TestSupport.rexgen(["watch", "Sources"], in: root)
        XCTAssertEqual(result.exitCode, 2, result.summary)
        XCTAssertTrue(result.stderr.contains("--output"), result.summary)
    }
}
