import Foundation
import XCTest

/// What the lift tests share on top of `TestSupport` (process running, temp folders, the built `rexgen`):
/// where the lift fixtures are, and how to build them with `swiftc` the way a user's build would.
enum LiftTestSupport {
    static let fixtures = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Lifts")
    /// The app module of the end-to-end fixture (roots AppAction and WidgetAction).
    static let appDirectory = fixtures.appendingPathComponent("App")
    /// Compiled as its own module `MovieFeature` and passed to rexgen with `--reference`.
    static let featureDirectory = fixtures.appendingPathComponent("MovieFeature")
    static let shapesDirectory = fixtures.appendingPathComponent("Shapes")
    static let expectedDirectory = fixtures.appendingPathComponent("Expected")
    static let driver = fixtures.appendingPathComponent("Drivers/LiftDriver.swift")
    /// `Checker`, compiled with every lift driver.
    static let checker = fixtures.appendingPathComponent("Drivers/Checker.swift")
    static let swiftRexSource = TestSupport.testsDirectory.appendingPathComponent("Fixtures/SwiftRex/SwiftRex.swift")

    static let liftFileName = "ActionLifts.generated.swift"
    static let propertiesFileName = "EnumProperties.generated.swift"

    /// Runs rexgen from the fixtures folder with paths relative to it, so diagnostics name files the same
    /// way on every machine; the empty Lifts/rexgen.yml keeps any rexgen.yml further up out of the run.
    static func rexgen(_ arguments: [String], in directory: URL = fixtures,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        try TestSupport.rexgen(arguments, in: directory, file: file, line: line)
    }

    /// The end-to-end fixture's generation: the app sources, with the feature module as reference.
    static let endToEndArguments = ["App", "--reference", "MovieFeature"]

    /// Runs rexgen with `--output` into `directory` and fails the test (and throws) unless it exits 0.
    @discardableResult
    static func generate(_ arguments: [String], into directory: URL,
                         file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let result = try rexgen(arguments + ["--output", directory.path], file: file, line: line)
        try require(result, "rexgen", file: file, line: line)
        return result
    }

    /// The `.swift` files directly in `directory`, sorted so every run compiles the same command line.
    static func swiftFiles(in directory: URL) throws -> [URL] {
        try TestSupport.outputEntries(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    // MARK: - swiftc

    enum LanguageMode: String {
        case swift6 = "6"
        case swift5 = "5"
    }

    /// Every compilation is held to DESIGN.md's bar for generated code: no warnings, in the given mode.
    static func swiftc(_ mode: LanguageMode, _ arguments: [String],
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let swiftc = try TestSupport.requireSwiftc(file: file, line: line)
        return try TestSupport.run(swiftc, ["-swift-version", mode.rawValue, "-warnings-as-errors"] + arguments)
    }

    /// Builds `sources` as library + module `name` into `directory` (where later steps find it with
    /// -I/-L), the way SwiftPM builds a dependency target.
    /// - Parameter linking: libraries built earlier into `directory` that this one uses.
    static func buildLibrary(_ name: String, sources: [URL], mode: LanguageMode, into directory: URL,
                             linking: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        var arguments = ["-parse-as-library", "-emit-module", "-emit-library", "-module-name", name,
                         "-I", directory.path, "-L", directory.path, "-Xlinker", "-rpath", "-Xlinker", directory.path]
        arguments += linking.map { "-l" + $0 }
        arguments += ["-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
                      "-o", directory.appendingPathComponent(libraryFileName(name)).path]
        let result = try swiftc(mode, arguments + sources.map(\.path), file: file, line: line)
        try require(result, "building module \(name)", file: file, line: line)
    }

    /// Only the `.swiftmodule`: enough for tests that type-check and never link.
    static func buildInterfaceOnly(_ name: String, sources: [URL], mode: LanguageMode, into directory: URL,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try swiftc(mode, [
            "-parse-as-library", "-emit-module", "-module-name", name, "-I", directory.path,
            "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
        ] + sources.map(\.path), file: file, line: line)
        try require(result, "building module \(name)", file: file, line: line)
    }

    /// Links an executable against libraries built by `buildLibrary` into `libraries`.
    static func buildExecutable(_ output: URL, sources: [URL], linking names: [String], from libraries: URL,
                                mode: LanguageMode, extraArguments: [String] = []) throws -> ProcessResult {
        try swiftc(mode, [
            "-parse-as-library", "-module-name", "LiftApp", "-I", libraries.path, "-L", libraries.path,
            "-Xlinker", "-rpath", "-Xlinker", libraries.path, "-o", output.path,
        ] + names.map { "-l\($0)" } + extraArguments + sources.map(\.path))
    }

    /// Type-checks `sources` against the modules in `modules` (no code generation: the quickest check).
    static func typecheck(_ sources: [URL], modules: URL, mode: LanguageMode,
                          extraArguments: [String] = []) throws -> ProcessResult {
        try swiftc(mode, ["-typecheck", "-I", modules.path] + extraArguments + sources.map(\.path))
    }

    static func libraryFileName(_ name: String) -> String {
        #if os(macOS)
        return "lib\(name).dylib"
        #else
        return "lib\(name).so"
        #endif
    }

    // MARK: - Failing with the whole story

    struct StepFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The command and the first lines of what it printed: enough to see the first errors of a compiler
    /// run without pages of notes and source excerpts.
    static func excerpt(_ result: ProcessResult, lines: Int = 12) -> String {
        // The compiler repeats each diagnostic with a source excerpt; the "path:line:col: error:" lines suffice.
        let diagnostics = result.stderrLines.filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        let errors = diagnostics.isEmpty ? result.stderrLines : diagnostics
        let shown = errors.prefix(lines).joined(separator: "\n")
        let more = errors.count > lines ? "\n... \(errors.count - lines) more lines" : ""
        return "$ \(result.command)\nexit code \(result.exitCode)\n\(shown)\(more)\n\(result.stdout.prefix(2000))"
    }

    /// A step every later step depends on: report what it printed and stop the test.
    static func require(_ result: ProcessResult, _ step: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        if result.exitCode == 0, !result.crashed, !result.timedOut { return }
        XCTFail("\(step) failed:\n\(excerpt(result))", file: file, line: line)
        throw StepFailed(description: "\(step) failed")
    }
}
