import Foundation
import XCTest

/// Hostile file systems, run through the built `rexgen`: whatever it meets, a located diagnostic, the
/// right exit code, and the rest of the input still read. (Invalid UTF-8, binary files, unterminated
/// forms, 1 MB lines and deep nesting are covered by ReaderTests+BadInput/Scale and CLITests.)
final class ReliabilityFileSystemTests: XCTestCase {
    private let goodSource = "enum GoodAction {\n    case ok(Int)\n}\n"

    /// `path:line:col: severity: message`, the compiler format every diagnostic must have.
    private func assertLocated(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line) {
        let located = #/^[^:]+:\d+:\d+: (error|warning|note): .+$/#
        for text in result.stderrLines where (try? located.wholeMatch(in: text)) == nil {
            XCTFail("diagnostic without a location: \(text)", file: file, line: line)
        }
    }

    private func enumNames(_ result: ProcessResult) throws -> [String] {
        try DumpComparison.decode(result.stdoutData, tool: "rexgen").map(\.qualifiedName)
    }

    // MARK: - Size

    /// 100 MB in one file: read whole, positions exact at the end (a stray `}` on the last line), and the
    /// other file still read.
    func testHundredMegabyteFile() throws {
        let root = try temporaryDirectory()
        var chunk = ""
        for index in 0..<10_000 {
            chunk += "let s\(index) = \"enum Not { case x } {{{\"  // enum AlsoNot {\n"
            chunk += "/* enum Block { */ var v\(index) = [1, 2, 3].map { $0 + 1 }\n"
        }
        let chunkData = Data(chunk.utf8)
        let big = root.appendingPathComponent("Big.swift")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        var written = 0, lines = 0
        while written < 100 * 1024 * 1024 {
            try handle.write(contentsOf: chunkData)
            written += chunkData.count
            lines += 20_000
        }
        try handle.write(contentsOf: Data("enum TailAction { case last(Int) }\n}\n".utf8))
        try handle.close()
        try TestSupport.write(["Other.swift": goodSource], under: root)

        let result = try TestSupport.rexgen(["dump", "--format", "json", "Big.swift", "Other.swift"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertEqual(result.stderrLines, ["Big.swift:\(lines + 2):1: error: unbalanced braces: '}' has no matching '{'"])
        let records = try DumpComparison.decode(result.stdoutData, tool: "rexgen")
        XCTAssertEqual(records.map(\.qualifiedName), ["TailAction", "GoodAction"])
        XCTAssertEqual(records.first?.line, lines + 1)
        print("file system: a \(written / 1_048_576) MB file of \(lines + 2) lines read")
    }

    // MARK: - Permissions and missing paths

    /// `chmod 000` on a file and on a folder. Root reads through permissions, so then `rexgen` runs as
    /// `nobody` (setpriv); when that is impossible the test is skipped with the reason, never passed blindly.
    func testUnreadableFileAndDirectory() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["src/ok/Good.swift": goodSource, "src/Secret.swift": "enum SecretAction { case s }\n",
                               "src/locked/Hidden.swift": "enum HiddenAction { case h }\n"], under: root)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        for path in ["src/Secret.swift", "src/locked"] {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: root.appendingPathComponent(path).path)
        }
        addTeardownBlock {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755],
                                                   ofItemAtPath: root.appendingPathComponent("src/locked").path)
        }
        let rexgen = try TestSupport.requireRexGen()
        var command = [rexgen.path]
        if getuid() == 0 {
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            let drop = [setpriv.path, "--reuid=65534", "--regid=65534", "--clear-groups"]
            let probe = try? TestSupport.run(setpriv, Array(drop.dropFirst()) + [rexgen.path, "--version"], in: root)
            guard let probe, probe.exitCode == 0 else {
                throw XCTSkip("running as root, where chmod 000 does not block reading, and cannot drop to 'nobody' "
                    + "with setpriv (\(probe?.summary ?? "no /usr/bin/setpriv")): unreadable input is untested here")
            }
            command = drop + command
        }
        let result = try TestSupport.run(URL(fileURLWithPath: command[0]),
                                         Array(command.dropFirst()) + ["dump", "--format", "json", "src"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertEqual(result.stderrLines, ["src/Secret.swift:1:1: error: cannot read 'src/Secret.swift': Permission denied",
                                            "src/locked:1:1: error: cannot read directory 'src/locked': Permission denied"],
                       result.summary)
        XCTAssertEqual(try enumNames(result), ["GoodAction"], "the readable file is still read")
    }

    func testMissingPathsAndSymlinkLoopsBesideGoodInput() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["src/Good.swift": goodSource], under: root)
        let manager = FileManager.default
        // A file loop, a directory link back up (a cycle), and a dangling link, inside the walked folder.
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("src/LoopA.swift").path,
                                       withDestinationPath: "LoopB.swift")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("src/LoopB.swift").path,
                                       withDestinationPath: "LoopA.swift")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("src/up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("src/Gone.swift").path,
                                       withDestinationPath: "nowhere.swift")

        let result = try TestSupport.run(TestSupport.requireRexGen(),
                                         ["dump", "--format", "json", "src", "missing.swift", "src/LoopA.swift"],
                                         in: root, watchdogSeconds: 120)
        XCTAssertFalse(result.timedOut, "a symlink cycle must not loop forever")
        XCTAssertEqual(result.exitCode, 1, result.summary)
        assertLocated(result)
        let stderr = result.stderr
        XCTAssertTrue(stderr.contains("missing.swift:1:1: error: input path 'missing.swift' does not exist"), stderr)
        XCTAssertTrue(stderr.contains("src/LoopA.swift:1:1: error: input path 'src/LoopA.swift' is a symbolic link"),
                      stderr)
        for skipped in ["src/LoopA.swift", "src/LoopB.swift", "src/Gone.swift"] {
            XCTAssertTrue(stderr.contains("\(skipped):1:1: warning: skipping '\(skipped)'"), stderr)
        }
        // Good.swift once, however many ways the `up` cycle leads back to it.
        XCTAssertEqual(try enumNames(result), ["GoodAction"], result.summary)
    }

    // MARK: - Files changing under the reader

    /// Files deleted, truncated and rewritten in place while `rexgen` reads them: every run ends on its
    /// own with 0 or 1, each diagnostic located, and the untouched file always read.
    func testFilesThatChangeOrVanishWhileBeingRead() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["src/Stable.swift": goodSource], under: root)
        let churn = root.appendingPathComponent("src/churn")
        try FileManager.default.createDirectory(at: churn, withIntermediateDirectories: true)
        let body = (0..<500).map { "    case c\($0)(Int, [String: Int])" }.joined(separator: "\n")
        let full = Data("enum ChurnAction {\n\(body)\n}\n".utf8)
        let stop = Stop()
        let mutator = Thread {
            var random = SeededGenerator(seed: 7)
            while !stop.isSet {
                let file = churn.appendingPathComponent("C\(Int.random(in: 0..<30, using: &random)).swift")
                switch Int.random(in: 0..<3, using: &random) {
                case 0: try? FileManager.default.removeItem(at: file)
                case 1: try? full.prefix(Int.random(in: 0..<full.count, using: &random)).write(to: file)
                default: _ = FileManager.default.createFile(atPath: file.path, contents: full)
                }
                usleep(200)
            }
        }
        mutator.start()
        defer { stop.set() }
        var runsWithErrors = 0
        for _ in 0..<15 {
            let result = try TestSupport.run(TestSupport.requireRexGen(), ["dump", "--format", "json", "src"], in: root,
                                             watchdogSeconds: 120)
            XCTAssertFalse(result.crashed || result.timedOut, result.summary)
            XCTAssertEqual(result.exitCode, result.stderr.contains(": error: ") ? 1 : 0, result.summary)
            assertLocated(result)
            XCTAssertTrue(try enumNames(result).contains("GoodAction"), result.summary)
            if result.exitCode == 1 { runsWithErrors += 1 }
        }
        print("file system: 15 runs over churning files, \(runsWithErrors) of them met a file mid-change")
    }

    private final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return flag }
        func set() { lock.lock(); flag = true; lock.unlock() }
    }

    /// A FIFO named `*.swift` must be refused, not opened and waited on for a writer that never comes.
    func testAFIFOAmongTheSourcesIsReportedNotWaitedOn() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["src/Good.swift": goodSource], under: root)
        XCTAssertEqual(mkfifo(root.appendingPathComponent("src/Pipe.swift").path, 0o644), 0)
        let result = try TestSupport.run(TestSupport.requireRexGen(), ["dump", "--format", "json", "src"], in: root,
                                         watchdogSeconds: 30)
        XCTAssertFalse(result.timedOut, "rexgen waited on the FIFO")
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("src/Pipe.swift:1:1: error: "), result.summary)
        XCTAssertEqual(try enumNames(result), ["GoodAction"], result.summary)
    }
}
