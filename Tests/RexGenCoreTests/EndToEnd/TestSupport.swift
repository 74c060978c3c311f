import Foundation
import XCTest

/// Helpers shared by the reference, end-to-end and CLI tests: where things are, and how to run the
/// built `rexgen` (and `swiftc`) as a user would, capturing everything they print.
enum TestSupport {
    /// `Tests/`, found from this file's path: fixtures live outside the test target, so no bundle resources.
    static let testsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // EndToEnd
        .deletingLastPathComponent()   // RexGenCoreTests
        .deletingLastPathComponent()   // Tests

    static let fixturesDirectory = testsDirectory.appendingPathComponent("Fixtures/EnumProperties")
    static let referenceDirectory = fixturesDirectory.appendingPathComponent("Reference")
    static let driversDirectory = fixturesDirectory.appendingPathComponent("Drivers")

    /// The `rexgen` that `swift test` built next to the test bundle (the test target depends on it).
    /// `REXGEN_BINARY` overrides, for running these tests against another build.
    static let rexgenBinary: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["REXGEN_BINARY"] { return URL(fileURLWithPath: override) }
        var directories: [URL] = []
        // macOS: the .xctest is a bundle directory inside the products directory.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Linux: the .xctest is itself the running executable in the products directory.
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return directories.map { $0.appendingPathComponent("rexgen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// `swiftc` from `SWIFTC` or the `PATH`, the toolchain the tests themselves were built with.
    static let swiftc: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["SWIFTC"] { return URL(fileURLWithPath: override) }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func requireRexGen(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        // A missing binary is a failure, not a skip: the tests exist to exercise it.
        try XCTUnwrap(rexgenBinary, "cannot find the built 'rexgen' next to the test bundle; set REXGEN_BINARY",
                      file: file, line: line)
    }

    static func requireSwiftc(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try XCTUnwrap(swiftc, "cannot find 'swiftc' on PATH; set SWIFTC", file: file, line: line)
    }

    /// Runs the built `rexgen`.
    static func rexgen(_ arguments: [String], in directory: URL? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        try run(requireRexGen(file: file, line: line), arguments, in: directory)
    }

    /// Runs a program to completion. Output goes to files rather than pipes, so a child that fills one
    /// stream while the other is unread cannot deadlock. The watchdog only stops a hung child (generous,
    /// and nothing asserts on how long anything took).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                    watchdogSeconds: Double = 600) throws -> ProcessResult {
        let scratch = try makeTemporaryDirectory(prefix: "process")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + watchdogSeconds) == .timedOut {
            timedOut = true
            process.terminate()
            finished.wait()
        }
        try stdoutHandle.close()
        try stderrHandle.close()
        return ProcessResult(
            command: ([executable.path] + arguments).joined(separator: " "),
            exitCode: process.terminationStatus,
            crashed: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdoutData: try Data(contentsOf: stdoutURL),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }

    static func makeTemporaryDirectory(prefix: String = "rexgen-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Resolved, so paths printed by child processes compare equal to ours (/tmp may be a symlink).
        return url.resolvingSymlinksInPath()
    }

    /// Writes `files` (relative path → content) under `root`, creating folders as needed.
    static func write(_ files: [String: String], under root: URL) throws {
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    /// Entries of `directory` starting with a dot: an atomic writer's temporary files, if it left any.
    static func hiddenEntries(in directory: URL) throws -> [String] {
        try outputEntries(atPath: directory.path).filter { $0.hasPrefix(".") }
    }

    /// An output directory's entries, less the cache RexGen keeps there (`.rexgen-cache`).
    static func outputEntries(atPath path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { $0 != ".rexgen-cache" }
    }

    /// Where the first difference is, so a failure message points at it instead of dumping two files.
    static func firstDifference(expected: String, actual: String) -> String {
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let wanted = index < expectedLines.count ? expectedLines[index] : "<end of file>"
            let got = index < actualLines.count ? actualLines[index] : "<end of file>"
            if wanted != got {
                return "first difference at line \(index + 1):\n  expected: \(wanted)\n  actual:   \(got)"
            }
        }
        return "the texts are equal"
    }
}

extension XCTestCase {
    /// A fresh directory removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let url = try TestSupport.makeTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

struct ProcessResult {
    var command: String
    var exitCode: Int32
    var crashed: Bool
    var timedOut: Bool
    var stdoutData: Data
    var stderr: String

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    /// Everything a failure message needs to explain what the child did.
    var summary: String {
        var text = "$ \(command)\nexit code \(exitCode)"
        if crashed { text += " (killed by a signal)" }
        if timedOut { text += " (stopped by the watchdog)" }
        return text + "\n--- stderr ---\n\(stderr)\n--- stdout (first 2000 characters) ---\n\(stdout.prefix(2000))"
    }

    /// The lines of stderr, without the empty one after the final newline.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}
