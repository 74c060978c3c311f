import Foundation
import XCTest
@testable import RexGenCore

/// `RexGenBuildTool`, the build plugin's tool: the same generation as `rexgen generate --output`, reading
/// the same configuration, without the CLI's and templates' dependencies.
final class BuildToolTests: XCTestCase {
    private static let feature = TestSupport.testsDirectory.deletingLastPathComponent()
        .appendingPathComponent("Examples/MovieApp/Sources/MovieFeature")

    private func buildTool(_ arguments: [String]) throws -> ProcessResult {
        let rexgen = try TestSupport.requireRexGen()
        let tool = rexgen.deletingLastPathComponent().appendingPathComponent("RexGenBuildTool")
        return try TestSupport.run(tool, arguments)
    }

    private func contents(of directory: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try TestSupport.outputEntries(atPath: directory.path) {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    func testWritesWhatRexGenWritesFilePerSource() throws {
        let work = try temporaryDirectory()
        let fromTool = work.appendingPathComponent("tool")
        let fromCLI = work.appendingPathComponent("cli")
        let tool = try buildTool([Self.feature.path, "--lift", "swiftrex", "--file-per-source", "--output", fromTool.path])
        XCTAssertEqual(tool.exitCode, 0, tool.summary)
        let emptyConfiguration = work.appendingPathComponent("rexgen.yml")
        try Data().write(to: emptyConfiguration)
        let cli = try TestSupport.rexgen(["generate", Self.feature.path, "--lift", "swiftrex", "--file-per-source",
                                          "--output", fromCLI.path, "--config", emptyConfiguration.path])
        XCTAssertEqual(cli.exitCode, 0, cli.summary)
        let written = try contents(of: fromTool)
        XCTAssertEqual(written.keys.sorted(), ["ActionLifts.generated.swift", "EnumProperties.generated.swift",
                                               "MovieAction+EnumProperties.generated.swift",
                                               "MovieFeature+EnumProperties.generated.swift"])
        XCTAssertEqual(written, try contents(of: fromCLI))
        XCTAssertTrue(written["MovieAction+EnumProperties.generated.swift"]?.contains("public var isLoad: Swift.Bool") ?? false)
    }

    /// The plugin passes one `--lift` per framework the target depends on.
    func testRepeatedLiftFlagsAddUp() throws {
        let work = try temporaryDirectory()
        let lifts = ["--lift", "swiftrex", "--lift", "reactivefeedback", "--lift", "combinefeedback"]
        let tool = try buildTool([Self.feature.path] + lifts + ["--output", work.appendingPathComponent("tool").path])
        XCTAssertEqual(tool.exitCode, 0, tool.summary)
        let emptyConfiguration = work.appendingPathComponent("rexgen.yml")
        try Data().write(to: emptyConfiguration)
        let cli = try TestSupport.rexgen(["generate", Self.feature.path] + lifts
            + ["--output", work.appendingPathComponent("cli").path, "--config", emptyConfiguration.path])
        XCTAssertEqual(cli.exitCode, 0, cli.summary)
        let written = try contents(of: work.appendingPathComponent("tool"))
        XCTAssertEqual(written, try contents(of: work.appendingPathComponent("cli")))
        let lift = try XCTUnwrap(written["ActionLifts.generated.swift"])
        for module in ["SwiftRex", "CombineFeedback", "ReactiveFeedback"] {
            XCTAssertTrue(lift.contains("#if canImport(\(module))"), module)
        }
    }

    func testReadsTheConfigurationFile() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Commands.swift": "enum EditorMsg { case save, close(force: Bool) }\n",
                               "rexgen.yml": "suffixes: [Msg]\nlift: none\n"], under: work)
        let output = work.appendingPathComponent("out")
        let result = try buildTool([work.appendingPathComponent("Sources").path, "--config",
                                    work.appendingPathComponent("rexgen.yml").path, "--file-per-source", "--output", output.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let properties = try String(contentsOf: output.appendingPathComponent("Commands+EnumProperties.generated.swift"), encoding: .utf8)
        XCTAssertTrue(properties.contains("var close: Bool?"), properties)
        XCTAssertEqual(try TestSupport.outputEntries(atPath: output.path).sorted(),
                       ["Commands+EnumProperties.generated.swift", "EnumProperties.generated.swift"], "lift: none")
    }

    func testTemplatesAreLeftToRexGen() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/A.swift": "enum AAction { case a }\n", "rexgen.yml": "templates: [EnumProperties]\n"],
                              under: work)
        let result = try buildTool([work.appendingPathComponent("Sources").path, "--config",
                                    work.appendingPathComponent("rexgen.yml").path, "--output", work.appendingPathComponent("out").path])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("templates are rendered by `rexgen`"), result.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/EnumProperties.generated.swift").path))
    }

    /// The build plugin passes `--reference-module` for each dependency target, which RexGen reads as the CLI does.
    func testReferenceModulesAsTheCLIReadsThem() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "Deps/Lib/Lib.swift": "public struct Thing: Sendable { public init() {} }\n",
            "Deps/Log/Log.swift": "public struct Logger: Sendable { public init() {} }\n",
            "Sources/Feature.swift": "public import Lib\npublic import Log\n\npublic enum FeatureAction { case thing(Thing) }\n",
        ], under: work)
        let deps = work.appendingPathComponent("Deps").path
        let references = ["--reference", deps + "/Lib/Lib.swift", deps + "/Log/Log.swift",
                          "--reference-module", "Lib=\(deps)/Lib", "--reference-module", "Log=\(deps)/Log/"]
        let sources = work.appendingPathComponent("Sources").path
        let tool = try buildTool([sources] + references + ["--lift", "none", "--file-per-source", "--output",
                                                           work.appendingPathComponent("tool").path])
        XCTAssertEqual(tool.exitCode, 0, tool.summary)
        let emptyConfiguration = work.appendingPathComponent("rexgen.yml")
        try Data().write(to: emptyConfiguration)
        let cli = try TestSupport.rexgen(["generate", sources] + references + ["--lift", "none", "--file-per-source", "--output",
                                          work.appendingPathComponent("cli").path, "--config", emptyConfiguration.path])
        XCTAssertEqual(cli.exitCode, 0, cli.summary)
        let written = try contents(of: work.appendingPathComponent("tool"))
        XCTAssertEqual(written, try contents(of: work.appendingPathComponent("cli")))
        let imports = written["Feature+EnumProperties.generated.swift"]?.split(separator: "\n").filter { $0.contains("import ") }
        XCTAssertEqual(imports, ["internal import Log", "public import Lib"])

        // `referenceModules:` in rexgen.yml, relative to the file, does what the flags do.
        let configured = work.appendingPathComponent("configured.yml")
        try Data("""
            sources: [Sources]
            reference: [Deps]
            referenceModules: {Lib: Deps/Lib, Log: Deps/Log}
            lift: none
            filePerSource: true

            """.utf8).write(to: configured)
        let fromFile = try TestSupport.rexgen(["generate", "--config", configured.path, "--output",
                                               work.appendingPathComponent("file").path])
        XCTAssertEqual(fromFile.exitCode, 0, fromFile.summary)
        XCTAssertEqual(try contents(of: work.appendingPathComponent("file")), written)

        var diagnostics: [Diagnostic] = []
        XCTAssertNil(ConfigurationFile.parse("referenceModules: {2Lib: Deps/Lib}\n", path: "rexgen.yml", diagnostics: &diagnostics))
        XCTAssertEqual(diagnostics.map(\.description), ["rexgen.yml:1:20: error: '2Lib' is not a module name"])
    }

    func testUsageErrorsExitWithTwo() throws {
        let output = try temporaryDirectory().appendingPathComponent("out").path
        for arguments in [[Self.feature.path], ["--output", output], [Self.feature.path, "--lift", "tca", "--output", output],
                          [Self.feature.path, "--frobnicate", "--output", output], [Self.feature.path, "--output"],
                          [Self.feature.path, "--reference-module", "Lib", "--output", output],
                          [Self.feature.path, "--reference-module", "2Lib=Deps/Lib", "--output", output]] {
            let result = try buildTool(arguments)
            XCTAssertEqual(result.exitCode, 2, result.summary)
            XCTAssertTrue(result.stderr.hasPrefix("RexGenBuildTool: "), result.summary)
        }
    }

    /// Two sources named alike would write one file twice; a Swift module rejects such names too.
    func testTwoSourcesWithOneNameAreAnErrorWithFilePerSource() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["A/Actions.swift": "enum AAction { case a }\n", "B/Actions.swift": "enum BAction { case b }\n",
                               "rexgen.yml": ""], under: work)
        let result = try TestSupport.rexgen(["generate", work.path, "--file-per-source", "--lift", "none",
                                             "--config", work.appendingPathComponent("rexgen.yml").path,
                                             "--output", work.appendingPathComponent("out").path])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains(work.appendingPathComponent("B/Actions.swift").path + ":1:1: error: '")
            && result.stderr.contains("A/Actions.swift' would both write 'Actions+EnumProperties.generated.swift'"),
            result.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// A renamed source's old file would keep its properties compiled beside the new one's: it goes, but a
    /// file RexGen did not write stays, whatever its name.
    func testFilePerSourceRemovesTheFilesOfSourcesThatAreGone() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Old.swift": "enum OldAction { case a }\n", "Sources/Kept.swift": "enum KeptAction { case b }\n",
                               "out/Mine+EnumProperties.generated.swift": "// written by hand\n", "rexgen.yml": ""], under: work)
        let arguments = ["generate", work.appendingPathComponent("Sources").path, "--file-per-source", "--lift", "none",
                         "--config", work.appendingPathComponent("rexgen.yml").path, "--output", work.appendingPathComponent("out").path]
        for noCache in [false, true] {
            let first = try TestSupport.rexgen(arguments + (noCache ? ["--no-cache"] : []))
            XCTAssertEqual(first.exitCode, 0, first.summary)
            try FileManager.default.moveItem(at: work.appendingPathComponent("Sources/Old.swift"),
                                             to: work.appendingPathComponent("Sources/New.swift"))
            let second = try TestSupport.rexgen(arguments + (noCache ? ["--no-cache"] : []))
            XCTAssertEqual(second.exitCode, 0, second.summary)
            XCTAssertEqual(try TestSupport.outputEntries(atPath: work.appendingPathComponent("out").path).sorted(), [
                "EnumProperties.generated.swift", "Kept+EnumProperties.generated.swift",
                "Mine+EnumProperties.generated.swift", "New+EnumProperties.generated.swift",
            ], "noCache: \(noCache)")
            try FileManager.default.moveItem(at: work.appendingPathComponent("Sources/New.swift"),
                                             to: work.appendingPathComponent("Sources/Old.swift"))
        }
    }
}
