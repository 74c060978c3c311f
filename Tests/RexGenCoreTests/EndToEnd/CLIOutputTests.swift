import Foundation
import RexGenCore
import XCTest

/// `--output DIR`, `check`, and `rexgen.yml`: the parts of the CLI that touch the file system beyond
/// reading sources. Each test builds a small project in a fresh temporary folder.
final class CLIOutputTests: XCTestCase {
    private let generatedName = EnumPropertiesRenderer.fileName
    private let actionSource = "public enum OutputAction {\n    case started\n    case loaded(Int)\n}\n"

    private func makeProject() throws -> URL {
        let root = try temporaryDirectory()
        try TestSupport.write(["Sources/OutputAction.swift": actionSource], under: root)
        return root
    }

    private func contents(_ url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    // MARK: - --output

    func testOutputWritesTheSameFileThatStdoutShows() throws {
        let root = try makeProject()
        // `--lift none`: only the enum-properties file, so stdout and the folder hold the same one file.
        let printed = try TestSupport.rexgen(["--lift", "none", "Sources"], in: root)
        let written = try TestSupport.rexgen(["--lift", "none", "Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(written.exitCode, 0, written.summary)
        XCTAssertEqual(written.stdout, "", "with --output nothing goes to stdout")
        let files = try TestSupport.outputEntries(atPath: root.appendingPathComponent("Generated").path)
        XCTAssertEqual(files, [generatedName], "one complete file, and no temporary file left behind")
        let text = String(decoding: try contents(root.appendingPathComponent("Generated/\(generatedName)")), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(GeneratedFile.headerMarker + " "), "starts with the header:\n\(text)")
        XCTAssertTrue(text.contains("DO NOT EDIT"), "the header says not to edit")
        XCTAssertEqual(Data(text.utf8), printed.stdoutData)
    }

    /// Unchanged output is not rewritten, so build systems that watch modification times stay quiet.
    /// The file's date is first set far in the past: any rewrite, however fast, moves it.
    func testRunningTwiceLeavesAnUnchangedFileUntouched() throws {
        let root = try makeProject()
        let target = root.appendingPathComponent("Generated/\(generatedName)")
        XCTAssertEqual(try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root).exitCode, 0)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: target.path)

        let second = try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(second.exitCode, 0, second.summary)
        let date = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        XCTAssertEqual(date, past, "the up-to-date file was rewritten")

        // The same check must be able to see a rewrite: a changed input does move the date.
        try TestSupport.write(["Sources/OutputAction.swift": actionSource.replacingOccurrences(of: "started", with: "begun")],
                              under: root)
        XCTAssertEqual(try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root).exitCode, 0)
        let changed = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        XCTAssertNotEqual(changed, past)
    }

    func testAFileWithoutTheHeaderIsNeverOverwritten() throws {
        let root = try makeProject()
        let target = root.appendingPathComponent("Generated/\(generatedName)")
        let handWritten = Data("// Written by hand. Keep.\nlet answer = 42\n".utf8)
        try TestSupport.write(["Generated/\(generatedName)": String(decoding: handWritten, as: UTF8.self)], under: root)

        let result = try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains(generatedName) && result.stderr.contains("error:"), result.summary)
        XCTAssertEqual(try contents(target), handWritten)
        XCTAssertEqual(try TestSupport.hiddenEntries(in: root.appendingPathComponent("Generated")), [],
                       "no temporary file left behind")
    }

    /// A failed run writes nothing: the previous output stays, byte for byte, even though the valid
    /// sources changed too.
    func testAnInputErrorLeavesExistingOutputUntouched() throws {
        let root = try makeProject()
        let target = root.appendingPathComponent("Generated/\(generatedName)")
        XCTAssertEqual(try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root).exitCode, 0)
        let before = try contents(target)

        try TestSupport.write(["Sources/OutputAction.swift": actionSource + "public enum NewAction { case added }\n",
                               "Sources/Broken.swift": "enum BrokenAction { case a }\n/* unterminated\n"], under: root)
        let result = try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertEqual(try contents(target), before)
        XCTAssertEqual(try TestSupport.hiddenEntries(in: root.appendingPathComponent("Generated")), [])
    }

    // MARK: - check

    func testCheckPassesWhenUpToDateAndNamesTheStaleFileAfterAChange() throws {
        let root = try makeProject()
        let target = root.appendingPathComponent("Generated/\(generatedName)")

        let missing = try TestSupport.rexgen(["check", "Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(missing.exitCode, 1, "a missing generated file is stale\n\(missing.summary)")

        XCTAssertEqual(try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root).exitCode, 0)
        let upToDate = try TestSupport.rexgen(["check", "Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(upToDate.exitCode, 0, upToDate.summary)

        try TestSupport.write(["Sources/OutputAction.swift": actionSource.replacingOccurrences(of: "case started",
                                                                                             with: "case started, paused")],
                              under: root)
        let before = try contents(target)
        let stale = try TestSupport.rexgen(["check", "Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(stale.exitCode, 1, stale.summary)
        XCTAssertTrue(stale.stderr.contains("Generated/\(generatedName)"), "the stale file is named\n\(stale.summary)")
        XCTAssertTrue(stale.stderr.contains("error:"), stale.summary)
        XCTAssertEqual(try contents(target), before, "check only compares; it never writes")

        XCTAssertEqual(try TestSupport.rexgen(["Sources", "--output", "Generated"], in: root).exitCode, 0)
        let fixed = try TestSupport.rexgen(["check", "Sources", "--output", "Generated"], in: root)
        XCTAssertEqual(fixed.exitCode, 0, fixed.summary)
    }

    // MARK: - rexgen.yml

    /// The config is found upward from the working directory, its paths are relative to its own folder,
    /// and a flag beats the same setting in the file.
    func testConfigFileIsFoundUpwardAndFlagsWin() throws {
        let root = try temporaryDirectory()
        try TestSupport.write([
            "Project/rexgen.yml": "sources:\n  - Sources\nsuffixes:\n  - Msg\n",
            "Project/Sources/Chat.swift": "enum ChatMsg { case sent }\nenum ChatAction { case tapped }\n",
            "Project/Deep/Er/.keep": "",
        ], under: root)
        let deep = root.appendingPathComponent("Project/Deep/Er")

        let fromFile = try TestSupport.rexgen([], in: deep)
        XCTAssertEqual(fromFile.exitCode, 0, fromFile.summary)
        XCTAssertTrue(fromFile.stdout.contains("extension ChatMsg"), "suffixes: from the file\n\(fromFile.summary)")
        XCTAssertFalse(fromFile.stdout.contains("extension ChatAction"), fromFile.summary)

        let flagWins = try TestSupport.rexgen(["--suffix", "Action"], in: deep)
        XCTAssertEqual(flagWins.exitCode, 0, flagWins.summary)
        XCTAssertTrue(flagWins.stdout.contains("extension ChatAction"), "--suffix beats suffixes:\n\(flagWins.summary)")
        XCTAssertFalse(flagWins.stdout.contains("extension ChatMsg"), flagWins.summary)
    }

    func testExplicitConfigPathAndOutputFromTheFile() throws {
        let root = try temporaryDirectory()
        try TestSupport.write([
            "Project/settings/custom.yml": "sources: ../Sources\noutput: ../Generated\nallEnums: true\n",
            "Project/Sources/Shapes.swift": "enum Shape { case circle(radius: Double) }\n",
            "Elsewhere/.keep": "",
        ], under: root)
        let elsewhere = root.appendingPathComponent("Elsewhere")
        let config = root.appendingPathComponent("Project/settings/custom.yml").path

        let result = try TestSupport.rexgen(["--config", config], in: elsewhere)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let target = root.appendingPathComponent("Project/Generated/\(generatedName)")
        let text = String(decoding: (try? contents(target)) ?? Data(), as: UTF8.self)
        XCTAssertTrue(text.contains("extension Shape"), "allEnums: and output: from --config\n\(result.summary)")

        let check = try TestSupport.rexgen(["check", "--config", config], in: elsewhere)
        XCTAssertEqual(check.exitCode, 0, "check takes its output folder from the file too\n\(check.summary)")

        let flagWins = try TestSupport.rexgen(["--config", config, "--no-all-enums", "--output", "Override"], in: elsewhere)
        XCTAssertEqual(flagWins.exitCode, 0, flagWins.summary)
        let overrideFile = elsewhere.appendingPathComponent("Override/\(generatedName)")
        let overridden = String(decoding: (try? contents(overrideFile)) ?? Data(), as: UTF8.self)
        XCTAssertFalse(overridden.contains("extension Shape"), "--no-all-enums beats allEnums: true")
        XCTAssertTrue(overridden.hasPrefix(GeneratedFile.headerMarker), "--output beats output:")
    }

    func testMissingConfigFileIsAnInputError() throws {
        let root = try temporaryDirectory()
        let result = try TestSupport.rexgen(["--config", "absent.yml", "."], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("absent.yml"), result.summary)
    }
}
