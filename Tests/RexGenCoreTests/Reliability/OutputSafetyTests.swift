import Foundation
import XCTest

/// Nothing lost, nothing clobbered: concurrent runs, runs killed mid-write, symlinked outputs, and source
/// text (comments, odd whitespace) that must never turn into generated code.
final class ReliabilityOutputSafetyTests: XCTestCase {
    private let propertiesFile = "EnumProperties.generated.swift"

    /// Sources big enough that a run takes a while, so concurrent runs overlap and kills land mid-run.
    private func writeSources(under root: URL, enums: Int, variant: Int) throws {
        var files: [String: String] = [:]
        for file in 0..<10 {
            files["src/F\(file).swift"] = (0..<(enums / 10)).map { index in
                let cases = (0..<8).map { "    case c\($0)_\(variant)(value: Int, [String: [Int]])" }.joined(separator: "\n")
                return "public enum E\(file)_\(index)Action {\n\(cases)\n}\n"
            }.joined()
        }
        try TestSupport.write(files, under: root)
    }

    /// The generated `.swift` files of a directory (the cache file aside), by name.
    private func generatedFiles(in directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    private struct Running {
        var process: Process
        var stderr: URL

        func wait() throws -> (status: Int32, stderr: String) {
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
        }
    }

    private func launch(_ arguments: [String], in directory: URL, log: String) throws -> Running {
        let process = Process()
        process.executableURL = try TestSupport.requireRexGen()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stderr = directory.appendingPathComponent(log)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, stderr: stderr)
    }

    // MARK: - Concurrent runs

    func testTwoRunsWritingTheSameOutputDirectoryAtOnce() throws {
        let root = try temporaryDirectory()
        try writeSources(under: root, enums: 300, variant: 1)
        let reference = try TestSupport.rexgen(["src", "--output", "reference"], in: root)
        XCTAssertEqual(reference.exitCode, 0, reference.summary)
        let expected = try generatedFiles(in: root.appendingPathComponent("reference"))
        XCTAssertEqual(expected.keys.sorted(), ["ActionLifts.generated.swift", propertiesFile])

        for round in 0..<4 {
            let output = root.appendingPathComponent("out")
            if round % 2 == 0 {
                try? FileManager.default.removeItem(at: output)
            } else {
                // Stale generated files from another input: both runs must replace them.
                try writeSources(under: root.appendingPathComponent("old"), enums: 20, variant: 2)
                let old = try TestSupport.rexgen(["old/src", "--output", "out"], in: root)
                XCTAssertEqual(old.exitCode, 0, old.summary)
            }
            let first = try launch(["src", "--output", "out"], in: root, log: "first.log")
            let second = try launch(["src", "--output", "out"], in: root, log: "second.log")
            for (name, run) in [("first", first), ("second", second)] {
                let (status, stderr) = try run.wait()
                XCTAssertEqual(status, 0, "round \(round): the \(name) run failed:\n\(stderr)")
            }
            XCTAssertEqual(try generatedFiles(in: output), expected, "round \(round): incomplete or mixed output")
            XCTAssertEqual(try TestSupport.hiddenEntries(in: output), [], "round \(round): temporary files left")
        }
    }

    // MARK: - SIGKILL

    /// Killed at random moments around the end of a run (where the writes are): the file is always the old
    /// one or the new one, byte for byte, and the next run still produces the new one.
    func testKillDuringAWriteLeavesTheOldOrTheNewFile() throws {
        let root = try temporaryDirectory()
        try writeSources(under: root.appendingPathComponent("v1"), enums: 100, variant: 1)
        try writeSources(under: root.appendingPathComponent("v2"), enums: 2000, variant: 2)
        let old = try TestSupport.rexgen(["v1/src", "--output", "old"], in: root)
        let started = Date()
        let new = try TestSupport.rexgen(["v2/src", "--output", "new"], in: root)
        let duration = Date().timeIntervalSince(started)
        XCTAssertEqual(old.exitCode + new.exitCode, 0, old.summary + new.summary)
        let oldFiles = try generatedFiles(in: root.appendingPathComponent("old"))
        let newFiles = try generatedFiles(in: root.appendingPathComponent("new"))

        var random = SeededGenerator(seed: UInt64(Date().timeIntervalSince1970))
        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let output = root.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.copyItem(at: root.appendingPathComponent("old"), to: output)
            let run = try launch(["v2/src", "--output", "out"], in: root, log: "kill.log")
            // Half the rounds anywhere in the run, half in its last fifth, where the files are written.
            let fraction = round % 2 == 0 ? Double.random(in: 0...1.1, using: &random)
                : Double.random(in: 0.85...1.05, using: &random)
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(run.process.processIdentifier, SIGKILL)
            _ = try run.wait()
            for (name, contents) in try generatedFiles(in: output) {
                let state = contents == newFiles[name] ? "new" : contents == oldFiles[name] ? "old" : "TRUNCATED"
                outcomes[state, default: 0] += 1
                XCTAssertNotEqual(state, "TRUNCATED", "round \(round): \(name) is neither the old nor the new file "
                    + "(\(contents.count) bytes)")
            }
            // Temporary files a kill leaves behind are hidden and never named *.swift, so nothing compiles them.
            for leftover in try TestSupport.hiddenEntries(in: output) {
                XCTAssertFalse(leftover.hasSuffix(".swift"), "round \(round): \(leftover)")
                outcomes["leftover temporary file", default: 0] += 1
            }
            // Whatever the kill left (a stale cache included), the next run must give the new files.
            let rerun = try TestSupport.rexgen(["v2/src", "--output", "out"], in: root)
            XCTAssertEqual(rerun.exitCode, 0, rerun.summary)
            XCTAssertEqual(try generatedFiles(in: output), newFiles, "round \(round): a rerun after the kill")
        }
        print("output safety: 16 kills over a \(String(format: "%.2f", duration)) s run: "
            + outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    }

    /// Killed while a first run creates one file per source in an empty directory: each file there is the
    /// new one or a part of it from its start (a new file is created in place, see `AtomicFileWriter`), and
    /// the next run replaces those cut short rather than refusing them as the user's.
    func testKillWhileCreatingFilesLeavesFilesTheNextRunReplaces() throws {
        let root = try temporaryDirectory()
        try writeSources(under: root, enums: 2000, variant: 1)
        let arguments = ["src", "--file-per-source", "--output"]
        let started = Date()
        let reference = try TestSupport.rexgen(arguments + ["reference"], in: root)
        let duration = Date().timeIntervalSince(started)
        XCTAssertEqual(reference.exitCode, 0, reference.summary)
        let expected = try generatedFiles(in: root.appendingPathComponent("reference"))

        var random = SeededGenerator(seed: UInt64(Date().timeIntervalSince1970))
        var outcomes: [String: Int] = [:]
        for round in 0..<8 {
            let output = root.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: output)
            let run = try launch(arguments + ["out"], in: root, log: "kill.log")
            usleep(useconds_t(duration * Double.random(in: 0.6...1.05, using: &random) * 1_000_000))
            kill(run.process.processIdentifier, SIGKILL)
            _ = try run.wait()
            for (name, contents) in (try? generatedFiles(in: output)) ?? [:] {
                let whole = try XCTUnwrap(expected[name], name)
                let state = contents == whole ? "new" : whole.starts(with: contents) ? "cut short" : "OTHER"
                outcomes[state, default: 0] += 1
                XCTAssertNotEqual(state, "OTHER", "round \(round): \(name) is not a part of the new file")
            }
            let rerun = try TestSupport.rexgen(arguments + ["out"], in: root)
            XCTAssertEqual(rerun.exitCode, 0, rerun.summary)
            XCTAssertEqual(try generatedFiles(in: output), expected, "round \(round): a rerun after the kill")
        }
        print("output safety: 8 kills while creating files: "
            + outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    }

    // MARK: - Symlinks

    /// An output file that is a symlink (to a user's file, to a generated file elsewhere, or to nothing) is
    /// refused with a located error; nothing is written through it, and the rest is left alone.
    func testOutputFileThatIsASymlinkIsNotFollowed() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["src/A.swift": "enum LinkAction { case a }\n", "victim/Mine.swift": "// mine\n"],
                              under: root)
        let generated = try TestSupport.rexgen(["src", "--output", "elsewhere"], in: root)
        XCTAssertEqual(generated.exitCode, 0, generated.summary)
        let targets = ["victim/Mine.swift", "elsewhere/\(propertiesFile)", "victim/nothing-here.swift"]
        for target in targets {
            let output = root.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent(propertiesFile).path,
                                                       withDestinationPath: "../" + target)
            let before = FileManager.default.contents(atPath: root.appendingPathComponent(target).path)
            let result = try TestSupport.rexgen(["src", "--output", "out"], in: root)
            XCTAssertEqual(result.exitCode, 1, result.summary)
            XCTAssertTrue(result.stderr.contains("out/\(propertiesFile):1:1: error: refusing to write"), result.summary)
            XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent(target).path), before,
                           "\(target) was written through the link")
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent(propertiesFile).path)
            XCTAssertEqual(link, "../" + target, "the link itself is left alone")
        }
    }

    // MARK: - Source text that must not become code

    /// Comments inside payload types (holding code), tabs, line breaks and CRLF: the generated properties
    /// carry the types' tokens only, and compile with the source.
    func testCommentsAndOddWhitespaceInPayloadsNeverReachGeneratedCode() throws {
        let root = try temporaryDirectory()
        let source = "public enum SneakyAction {\r\n"
            + "    case a(/* INJECTED1 }; func evil() { */ Int)\r\n"
            + "    case b([String /* INJECTED2 */ :\t[Int]], // INJECTED3 ) -> Never\r\n"
            + "           label: (Int)\t->\r\n      Void)\r\n"
            + "    case c(Set< /* INJECTED4 */ Int >? /* ) */)\n"
            + "}\n"
        try TestSupport.write(["src/Sneaky.swift": source], under: root)
        let result = try TestSupport.rexgen(["src", "--lift", "none", "--output", "out"], in: root)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let output = try String(contentsOf: root.appendingPathComponent("out/\(propertiesFile)"), encoding: .utf8)
        XCTAssertFalse(output.contains("INJECTED"), "a comment reached the generated code:\n\(output)")
        XCTAssertFalse(output.contains("\t") || output.contains("\r"), "odd whitespace reached the generated code")
        for expected in ["var a: Int?", "var b: ([String : [Int]], label: (Int) -> Void)?", "var c: Set< Int >??"] {
            XCTAssertTrue(output.contains(expected), "no '\(expected)' in:\n\(output)")
        }
        let typecheck = try TestSupport.run(TestSupport.requireSwiftc(), [
            "-typecheck", "-swift-version", "6", root.appendingPathComponent("src/Sneaky.swift").path,
            root.appendingPathComponent("out/\(propertiesFile)").path,
        ])
        XCTAssertEqual(typecheck.exitCode, 0, typecheck.summary)
    }
}
