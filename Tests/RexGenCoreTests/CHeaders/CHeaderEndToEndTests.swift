import Foundation
import RexGenCore
import XCTest

/// Generates from Fixtures/CHeaders/EndToEnd (Player.h, its include folder, AppAction.swift), then compiles
/// the output the way an app would: `swiftc -import-objc-header Player.h` in Swift 6 mode with warnings as
/// errors, with the Swift action enum and a driver that checks the `is` properties at run time. If RexGen
/// picked a name Swift does not give, the build fails; if a property answers wrongly, the driver does.
final class CHeaderEndToEndTests: XCTestCase {
    private var header: URL { CHeaderSupport.endToEnd.appendingPathComponent("Player.h") }
    private var includeFolder: URL { CHeaderSupport.endToEnd.appendingPathComponent("include") }
    private var swiftSources: URL { CHeaderSupport.endToEnd.appendingPathComponent("Sources") }

    /// The flags every run in this file shares; the quality define is what makes StreamQuality closed.
    private func arguments(output: URL?, define: String = "PLAYER_QUALITY=2") -> [String] {
        var arguments = [swiftSources.path, "--c-header", header.path, "-I", includeFolder.path, "-D", define]
        if let output { arguments += ["--output", output.path] }
        return arguments
    }

    func testGeneratedPropertiesCompileWithTheImportedHeaderAndTheDriverPasses() throws {
        let work = try temporaryDirectory()
        let output = work.appendingPathComponent("Generated")
        let generation = try CHeaderSupport.rexgen(arguments(output: output))
        XCTAssertEqual(generation.exitCode, 0, generation.summary)
        let generated = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { output.appendingPathComponent($0).path }
        XCTAssertTrue(generated.contains { $0.hasSuffix("/EnumProperties.generated.swift") }, "\(generated)")

        let swiftc = try TestSupport.requireSwiftc()
        let executable = work.appendingPathComponent("driver")
        let build = try TestSupport.run(swiftc, [
            "-swift-version", "6", "-warnings-as-errors",
            "-import-objc-header", header.path,
            "-Xcc", "-I", "-Xcc", includeFolder.path, "-Xcc", "-DPLAYER_QUALITY=2",
            "-module-name", "CHeaderApp", "-o", executable.path,
            swiftSources.appendingPathComponent("AppAction.swift").path,
            CHeaderSupport.endToEnd.appendingPathComponent("Driver/main.swift").path,
        ] + generated)
        guard build.exitCode == 0 else {
            return XCTFail("the generated code does not compile with the header imported:\n\(build.summary)")
        }
        let run = try TestSupport.run(executable, [])
        XCTAssertEqual(run.exitCode, 0, run.summary)
        XCTAssertEqual(run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }, [])
        // The summary line proves the driver ran to its end rather than exiting early with status 0.
        XCTAssertTrue(run.stdout.contains("REXGEN-CHEADERS-DRIVER-DONE checks="), run.summary)
        XCTAssertTrue(run.stdout.contains(" failures=0"), run.summary)
    }

    /// Which enums got extensions, and which properties: the driver only sees what compiles, so absence
    /// (the plain enum, the unselected one) is checked on the text.
    func testEachImportedEnumGetsExactlyItsIsProperties() throws {
        let result = try CHeaderSupport.rexgen(arguments(output: nil) + ["--lift", "none"])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertEqual(CHeaderSupport.extendedTypes(in: result.stdout),
                       ["AppAction", "SoundEvent", "PlayerState", "NetworkStatus", "TrackKind", "StreamQuality"],
                       result.stdout)
        for property in ["isIdle", "isPlaying", "isPaused", "isOffline", "isCellular", "isWiFi", "isAudio",
                         "isMovie", "isLow", "isHigh", "isBeep", "isSilence"] {
            XCTAssertTrue(result.stdout.contains("public var \(property): Swift.Bool { guard case ."), "no \(property)")
        }
        // A C enum's cases carry nothing, so no value property (`var idle: Void?`) is generated for them.
        XCTAssertFalse(result.stdout.contains("var idle:"), result.stdout)
        // The enumerator's swift_name wins over the stripped C name.
        XCTAssertFalse(result.stdout.contains("isVideo"), result.stdout)
        for absent in ["LegacyEvent", "Codec", "RGTrackKind", "PlayerExtras"] {
            XCTAssertFalse(result.stdout.contains(absent), "\(absent) must not appear:\n\(result.stdout)")
        }
    }

    func testPlainCEnumGetsANoteAtItsDeclarationAndNoProperties() throws {
        let result = try CHeaderSupport.rexgen(arguments(output: nil))
        XCTAssertEqual(result.exitCode, 0, "a note must not fail the run\n\(result.summary)")
        let line = try CHeaderSupport.line(of: "typedef enum {", in: header)
        let note = "\(header.path):\(line):9: note: C enum 'LegacyEvent' has no enum_extensibility attribute"
        XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix(note) }, "expected a line starting with\n\(note)\n\(result.summary)")
        XCTAssertEqual(result.stderrLines.filter { $0.contains(": warning: ") || $0.contains(": error: ") }, [])
        XCTAssertFalse(result.stdout.contains("extension LegacyEvent"), result.stdout)

        // `dump` still lists it, marked as not imported as an enum, with its C constants.
        let dump = try CHeaderDumpedEnum.parse(try CHeaderSupport.rexgen(["dump", "--format", "json"] + arguments(output: nil)).stdout)
        let legacy = try XCTUnwrap(dump.first { $0.name == "LegacyEvent" }, "LegacyEvent missing from dump")
        XCTAssertEqual(legacy.cImport, "none")
        XCTAssertEqual(legacy.file, header.path)
        XCTAssertEqual(legacy.line, line)
        XCTAssertEqual(dump.first { $0.name == "PlayerState" }?.cImport, "closed")
        XCTAssertEqual(dump.first { $0.name == "NetworkStatus" }?.cImport, "open")
        XCTAssertNil(dump.first { $0.name == "AppAction" }?.cImport, "a Swift enum has no cImport key")
    }

    /// `-D NAME=VALUE` reaches the preprocessor with its value: with PLAYER_QUALITY=1 the `#if` takes the
    /// plain branch, so StreamQuality (still carried by AppAction) draws the note instead of properties.
    func testDefineValueDecidesTheConditionalMacro() throws {
        let result = try CHeaderSupport.rexgen(arguments(output: nil, define: "PLAYER_QUALITY=1"))
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stderr.contains("note: C enum 'StreamQuality' has no enum_extensibility attribute"),
                      result.summary)
        XCTAssertFalse(result.stdout.contains("extension StreamQuality"), result.stdout)
        XCTAssertTrue(result.stdout.contains("extension PlayerState"), result.stdout)
    }

    /// Without `-I`, the `#include` cannot be found: that is libclang's error, at the `#include` line.
    func testIncludePathIsNeededForTheIncludedHeader() throws {
        let result = try CHeaderSupport.rexgen([swiftSources.path, "--c-header", header.path, "-D", "PLAYER_QUALITY=2"])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        let line = try CHeaderSupport.line(of: "#include \"PlayerExtras.h\"", in: header)
        XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix("\(header.path):\(line):") && $0.contains("error:")
            && $0.contains("PlayerExtras.h") }, result.summary)
    }

    /// `cHeaders:`, `includePaths:` and `defines:` in rexgen.yml (paths relative to the file) do what the
    /// flags do, byte for byte.
    func testConfigurationFileKeysMatchTheFlags() throws {
        let work = try temporaryDirectory()
        let config = work.appendingPathComponent("rexgen.yml")
        let relative = "../" + String(repeating: "../", count: work.pathComponents.count - 2)
        try Data("""
            sources: [\(relative)\(swiftSources.path.dropFirst())]
            cHeaders: [\(relative)\(header.path.dropFirst())]
            includePaths: [\(relative)\(includeFolder.path.dropFirst())]
            defines: [PLAYER_QUALITY=2]
            lift: none

            """.utf8).write(to: config)
        let fromFile = try CHeaderSupport.rexgen(["--config", config.path])
        let fromFlags = try CHeaderSupport.rexgen(arguments(output: nil) + ["--lift", "none"])
        XCTAssertEqual(fromFile.exitCode, 0, fromFile.summary)
        XCTAssertEqual(fromFlags.exitCode, 0, fromFlags.summary)
        XCTAssertTrue(fromFile.stdout.contains("extension StreamQuality"), "the define was not applied\n\(fromFile.stdout)")
        XCTAssertEqual(fromFile.stdout, fromFlags.stdout,
                       TestSupport.firstDifference(expected: fromFlags.stdout, actual: fromFile.stdout))
    }

    /// The cache in the output directory knows the headers a given header includes: editing one that
    /// declares an enum is a change, not "nothing changed".
    func testEditingAnIncludedHeaderRegenerates() throws {
        let work = try temporaryDirectory()
        try writeLightProject(in: work)
        try assertGenerationSeesDim(in: work, after: { try addDimToLight(in: work) })
    }

    /// Watch mode sees the same inputs as the cache: editing a header that a given header includes, and
    /// that declares an enum, regenerates.
    func testWatchModeRegeneratesWhenAnIncludedHeaderIsEdited() throws {
        let work = try temporaryDirectory()
        try writeLightProject(in: work)
        try assertWatchSeesDim(in: work, editing: "headers/Light.h", with: { try addDimToLight(in: work) })
    }

    /// A header that declares no enum, only the macro Light.h's `#if` tests, is an input too: turning the
    /// macro on adds a case, which the cache must not answer with "nothing changed".
    func testEditingAMacroOnlyIncludedHeaderRegenerates() throws {
        let work = try temporaryDirectory()
        try writeConfiguredLightProject(in: work)
        var diagnostics: [Diagnostic] = []
        let read = CHeaderReader.read(CHeaderOptions(headers: [work.appendingPathComponent("headers/Bridging.h").path]),
                                      diagnostics: &diagnostics)
        XCTAssertEqual(read.first?.includedFiles, ["headers/Light.h", "headers/LightConfig.h"].map {
            work.appendingPathComponent($0).path
        }, "in include order, without <stdint.h>")
        try assertGenerationSeesDim(in: work, after: { try turnOnDim(in: work) })
    }

    /// Watch mode follows the macro-only header as the cache does.
    func testWatchModeRegeneratesWhenAMacroOnlyIncludedHeaderIsEdited() throws {
        let work = try temporaryDirectory()
        try writeConfiguredLightProject(in: work)
        try assertWatchSeesDim(in: work, editing: "headers/LightConfig.h", with: { try turnOnDim(in: work) })
    }

    /// `rexgen --output` on a Light project, `edit`, then again: the first output has no `LightDim`
    /// property, the second has it.
    private func assertGenerationSeesDim(in work: URL, after edit: () throws -> Void,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let arguments = [work.appendingPathComponent("Sources").path, "--c-header",
                         work.appendingPathComponent("headers/Bridging.h").path, "--lift", "none", "--config",
                         work.appendingPathComponent("rexgen.yml").path, "--output", work.appendingPathComponent("out").path]
        let properties = work.appendingPathComponent("out/EnumProperties.generated.swift")
        let first = try CHeaderSupport.rexgen(arguments)
        XCTAssertEqual(first.exitCode, 0, first.summary, file: file, line: line)
        let before = try String(contentsOf: properties, encoding: .utf8)
        XCTAssertTrue(before.contains("var isOff: Swift.Bool") && !before.contains("var isDim: Swift.Bool"), before, file: file, line: line)
        try edit()
        let second = try CHeaderSupport.rexgen(arguments)
        XCTAssertEqual(second.exitCode, 0, second.summary, file: file, line: line)
        XCTAssertTrue(try String(contentsOf: properties, encoding: .utf8).contains("var isDim: Swift.Bool"),
                      "the edit of the included header was not seen", file: file, line: line)
    }

    /// `rexgen watch` on a Light project: after `edit`, one poll reports exactly `changedFile` and
    /// regenerates with the `LightDim` property; the next reports nothing.
    private func assertWatchSeesDim(in work: URL, editing changedFile: String, with edit: () throws -> Void,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let output = work.appendingPathComponent("out").path
        let options = GenerationOptions(
            sources: [work.appendingPathComponent("Sources").path], lift: .none,
            cHeaders: CHeaderOptions(headers: [work.appendingPathComponent("headers/Bridging.h").path]))
        let watcher = Watcher(settings: WatchSettings(options: options, outputDirectory: output))
        let initial = watcher.start()
        XCTAssertTrue(initial.outputUpdated, "\(initial.diagnostics)", file: file, line: line)
        let properties = OutputDirectory(path: output).filePath(EnumPropertiesRenderer.fileName)
        XCTAssertFalse(try String(contentsOfFile: properties, encoding: .utf8).contains("var isDim: Swift.Bool"),
                       file: file, line: line)
        XCTAssertNil(watcher.poll(), "nothing changed yet", file: file, line: line)

        try edit()
        let edited = try XCTUnwrap(watcher.poll(), "the edit of the included header was not seen", file: file, line: line)
        XCTAssertEqual(edited.changes.extraFiles, [work.appendingPathComponent(changedFile).path], file: file, line: line)
        XCTAssertTrue(try String(contentsOfFile: properties, encoding: .utf8).contains("var isDim: Swift.Bool"),
                      file: file, line: line)
        XCTAssertNil(watcher.poll(), file: file, line: line)
    }

    /// Light.h includes LightConfig.h, which defines only `LIGHT_HAS_DIM` (0); Light.h's `LightDim` case is
    /// behind `#if LIGHT_HAS_DIM`. `#include <stdint.h>` is a system header, never an input.
    private func writeConfiguredLightProject(in work: URL) throws {
        let light = """
            #include <stdint.h>
            #include "LightConfig.h"
            #define LIGHT_CLOSED enum __attribute__((enum_extensibility(closed)))
            typedef LIGHT_CLOSED Light {
                LightOn,
                LightOff,
            #if LIGHT_HAS_DIM
                LightDim,
            #endif
            } Light;

            """
        try TestSupport.write(["Sources/AppAction.swift": "public enum AppAction { case light(Light) }\n",
                               "headers/Bridging.h": "#include \"Light.h\"\n", "headers/Light.h": light,
                               "headers/LightConfig.h": "#define LIGHT_HAS_DIM 0\n", "rexgen.yml": ""], under: work)
    }

    private func turnOnDim(in work: URL) throws {
        try Data("#define LIGHT_HAS_DIM 1\n".utf8).write(to: work.appendingPathComponent("headers/LightConfig.h"))
    }

    private static let light = """
        #define LIGHT_CLOSED enum __attribute__((enum_extensibility(closed)))
        typedef LIGHT_CLOSED Light { LightOn, LightOff } Light;

        """

    /// A Swift action carrying `Light`, declared in `headers/Light.h`, which the given `headers/Bridging.h`
    /// includes.
    private func writeLightProject(in work: URL) throws {
        try TestSupport.write(["Sources/AppAction.swift": "public enum AppAction { case light(Light) }\n",
                               "headers/Bridging.h": "#include \"Light.h\"\n", "headers/Light.h": Self.light,
                               "rexgen.yml": ""], under: work)
    }

    private func addDimToLight(in work: URL) throws {
        try Data(Self.light.replacingOccurrences(of: "LightOff }", with: "LightOff, LightDim }").utf8)
            .write(to: work.appendingPathComponent("headers/Light.h"))
    }
}
