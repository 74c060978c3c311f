import Foundation
import RexGenCore
import XCTest

/// The watch loop in process, one poll at a time, so each step is checked without timing.
final class WatcherTests: XCTestCase {
    private var root: URL!
    private var sourceURL: URL!
    private var outputPath: String!

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        sourceURL = root.appendingPathComponent("Sources/WatchAction.swift")
        // The output inside the sources: the watcher must not take its own writes for edits.
        outputPath = root.appendingPathComponent("Sources/Generated").path
        try source("case started")
    }

    private func source(_ cases: String) throws {
        try TestSupport.write(["Sources/WatchAction.swift": "enum WatchAction {\n    \(cases)\n}\n"], under: root)
    }

    private func makeWatcher(configurationFile: String? = nil,
                             reload: (() -> WatchSettings?)? = nil) -> Watcher {
        let options = GenerationOptions(sources: [root.appendingPathComponent("Sources").path], lift: .none)
        return Watcher(settings: WatchSettings(options: options, outputDirectory: outputPath,
                                               configurationFile: configurationFile), reload: reload)
    }

    private var output: String {
        get throws {
            try String(contentsOfFile: OutputDirectory(path: outputPath).filePath(EnumPropertiesRenderer.fileName),
                       encoding: .utf8)
        }
    }

    func testRegeneratesOnChangeKeepsTheOutputOnErrorsAndRecovers() throws {
        let watcher = makeWatcher()
        let initial = watcher.start()
        XCTAssertEqual(initial.trigger, .initial)
        XCTAssertTrue(initial.outputUpdated, "\(initial.diagnostics)")
        XCTAssertEqual(initial.written.count, 1)
        XCTAssertTrue(try output.contains("var isStarted: Swift.Bool"))
        XCTAssertNil(watcher.poll(), "writing the output inside the sources is not a change")

        try source("case started\n    case stopped")
        let changed = try XCTUnwrap(watcher.poll())
        XCTAssertEqual(changed.trigger, .inputChanged)
        XCTAssertEqual(changed.changes.modified, [sourceURL.path])
        XCTAssertEqual(changed.written, [OutputDirectory(path: outputPath).filePath(EnumPropertiesRenderer.fileName)])
        XCTAssertTrue(try output.contains("var isStopped: Swift.Bool"))
        XCTAssertNil(watcher.poll())

        let good = try output
        try source("case started\n    case stopped\n    /* an edit in progress")
        let broken = try XCTUnwrap(watcher.poll())
        XCTAssertFalse(broken.outputUpdated)
        XCTAssertEqual(broken.written, [])
        XCTAssertTrue(broken.diagnostics.contains { $0.severity == .error && $0.message.contains("unterminated") },
                      "\(broken.diagnostics)")
        XCTAssertEqual(try output, good, "errors leave the previous output as it was")
        XCTAssertNil(watcher.poll(), "a broken file is reported once, not on every poll")

        try source("case started\n    case stopped\n    case paused")
        let fixed = try XCTUnwrap(watcher.poll())
        XCTAssertTrue(fixed.outputUpdated, "\(fixed.diagnostics)")
        XCTAssertTrue(try output.contains("var isPaused: Swift.Bool"))
    }

    /// Issue 29: the watcher keeps the last generation's parses, so an edit parses only the edited file, and
    /// the output is what a run from scratch writes.
    func testAnEditParsesOnlyTheEditedFile() throws {
        for index in 0..<5 {
            try TestSupport.write(["Sources/Other\(index).swift": "enum Other\(index)Action { case a, b }\n"], under: root)
        }
        let watcher = makeWatcher()
        let initial = watcher.start()
        XCTAssertEqual(initial.parsedFileCount, 6)
        try source("case started\n    case stopped")
        let changed = try XCTUnwrap(watcher.poll())
        // The edited file, and the output the first generation wrote inside the sources (an input, known by
        // its header): new since then.
        XCTAssertEqual(changed.parsedFileCount, 2)
        let fromScratch = Pipeline.run(makeWatcher().settings.options)
        XCTAssertEqual(try output, fromScratch.files.first { $0.name == EnumPropertiesRenderer.fileName }?.contents)
        // The same size and time, another content: read and hashed, so parsed again.
        let attributes = try FileManager.default.attributesOfItem(atPath: sourceURL.path)
        try source("case started\n    case stopper")
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: sourceURL.path)
        try TestSupport.write(["Sources/Other0.swift": "enum Other0Action { case a, c }\n"], under: root)
        let both = try XCTUnwrap(watcher.poll())
        XCTAssertEqual(both.parsedFileCount, 3, "the two edited files and the output, rewritten since")
        XCTAssertTrue(try output.contains("var isStopper: Swift.Bool"))
    }

    func testARegenerationWithTheSameOutputWritesNothing() throws {
        let watcher = makeWatcher()
        _ = watcher.start()
        try source("case started // a comment changes the file, not the output")
        let event = try XCTUnwrap(watcher.poll())
        XCTAssertTrue(event.outputUpdated)
        XCTAssertEqual(event.written, [])
        XCTAssertEqual(event.unchanged.count, 1)
    }

    func testAConfigurationChangeReloadsTheSettings() throws {
        let config = root.appendingPathComponent("rexgen.yml").path
        try Data("suffixes: [Action]\n".utf8).write(to: URL(fileURLWithPath: config))
        var reloads = 0
        var watcher: Watcher!
        watcher = makeWatcher(configurationFile: config) {
            reloads += 1
            var settings = watcher.settings
            settings.options.selection = SelectionRules(suffixes: ["Nothing"], selectsAllEnums: false)
            return settings
        }
        _ = watcher.start()
        XCTAssertNil(watcher.poll())
        XCTAssertEqual(reloads, 0, "no reload while the file is unchanged")
        try Data("suffixes: [Nothing]\n".utf8).write(to: URL(fileURLWithPath: config))
        let event = try XCTUnwrap(watcher.poll())
        XCTAssertEqual(event.trigger, .configurationChanged)
        XCTAssertEqual(reloads, 1)
        XCTAssertEqual(watcher.settings.options.selection.suffixes, ["Nothing"])
        XCTAssertFalse(try output.contains("isStarted"), "the reloaded settings select no enum")
    }

    func testAFailedReloadKeepsThePreviousSettings() throws {
        let config = root.appendingPathComponent("rexgen.yml").path
        try Data("lift: none\n".utf8).write(to: URL(fileURLWithPath: config))
        let watcher = makeWatcher(configurationFile: config) { nil }
        _ = watcher.start()
        let before = watcher.settings
        try Data("lift: [broken\n".utf8).write(to: URL(fileURLWithPath: config))
        let event = try XCTUnwrap(watcher.poll())
        XCTAssertEqual(event.trigger, .configurationChanged)
        XCTAssertEqual(watcher.settings, before)
        XCTAssertTrue(event.outputUpdated)
        XCTAssertNil(watcher.poll(), "the broken file is not reloaded again until it changes")
    }

    /// `run` returns once a stop is requested from another thread, as the signal thread does.
    func testRunReturnsWhenStopIsRequested() throws {
        let watcher = makeWatcher()
        _ = watcher.start()
        let stop = WatchStop()
        let requester = Thread { stop.request() }
        requester.start()
        var events = 0
        watcher.run(until: stop) { _ in events += 1 }
        XCTAssertTrue(stop.isRequested)
        XCTAssertEqual(events, 0, "nothing changed while running")
    }

    func testAStopRequestedEarlierEndsTheNextWaitAtOnce() {
        let stop = WatchStop()
        XCTAssertFalse(stop.wait(upTo: .milliseconds(1)))
        stop.request()
        stop.request()
        XCTAssertTrue(stop.wait(upTo: .seconds(3600)), "an hour-long wait would hang the test if it slept")
        XCTAssertTrue(stop.wait(upTo: .seconds(3600)), "and every wait after it")
    }
}
