import Foundation
import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// What the template tests share on top of `TestSupport` (the built `rexgen`, processes, temp folders):
/// where the template fixtures are, rendering in-process, comparing output folders, and golden files.
enum TemplateTestSupport {
    static let fixtures = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Templates")
    static let expectedDirectory = fixtures.appendingPathComponent("Expected")
    static let repositoryRoot = TestSupport.testsDirectory.deletingLastPathComponent()
    static let shippedTemplates = repositoryRoot.appendingPathComponent("Templates")

    /// The Sourcery-style enum-properties template and what it runs on.
    static let sourceryTemplate = fixtures.appendingPathComponent("Sourcery/Prisms.stencil")
    static let sourcerySources = fixtures.appendingPathComponent("Sourcery/Sources")
    static let sourceryModels = fixtures.appendingPathComponent("Sourcery/Models/Movie.swift")
    static let sourceryDriver = fixtures.appendingPathComponent("Sourcery/Drivers/PrismDriver.swift")
    /// `argument.imports` the Sourcery fixture needs: its payloads use URL and PrismModels' Movie.
    static let sourceryImports = ["--args", "imports=Foundation", "--args", "imports=PrismModels"]

    /// Runs rexgen from the template fixtures folder (its empty rexgen.yml stops the config search), with
    /// paths relative to it, so diagnostics name files the same way on every machine.
    static func rexgen(_ arguments: [String], in directory: URL = fixtures,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        try TestSupport.rexgen(arguments, in: directory, file: file, line: line)
    }

    /// Fails the test (and throws) unless the run exited 0.
    static func requireSuccess(_ result: ProcessResult, _ step: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        try LiftTestSupport.require(result, step, file: file, line: line)
    }

    /// Every file directly in `directory`, by name: what a run wrote, compared byte for byte.
    static func files(in directory: URL) throws -> [String: Data] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [:] }
        var result: [String: Data] = [:]
        for name in try TestSupport.outputEntries(atPath: directory.path) {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    // MARK: - In-process rendering

    /// Renders `template` with the engine the CLI uses; `path` is only what diagnostics name.
    static func render(_ template: String, _ context: [String: Any] = [:],
                       path: String = "Unit.stencil") -> Result<String, Diagnostic> {
        TemplateEngine().render(template, path: path, context: context)
    }

    /// The output, or a test failure naming the diagnostic (and an empty string).
    static func output(_ template: String, _ context: [String: Any] = [:],
                       file: StaticString = #filePath, line: UInt = #line) -> String {
        switch render(template, context) {
        case .success(let text):
            return text
        case .failure(let diagnostic):
            XCTFail("unexpected template error: \(diagnostic)", file: file, line: line)
            return ""
        }
    }

    /// The diagnostic, or a test failure saying what rendered instead (and nil).
    static func failure(_ template: String, _ context: [String: Any] = [:], path: String = "Unit.stencil",
                        file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        switch render(template, context, path: path) {
        case .success(let text):
            XCTFail("expected a template error, rendered: \(text.debugDescription)", file: file, line: line)
            return nil
        case .failure(let diagnostic):
            return diagnostic
        }
    }

    // MARK: - Golden files

    /// Compares `actual` with Expected/`name`. `REXGEN_RECORD=1` (or a list naming `name`) writes it
    /// instead and fails, like the other reference tests, so a forgotten REXGEN_RECORD cannot pass.
    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expectedURL = expectedDirectory.appendingPathComponent(name)
        if isRecording(name) {
            try FileManager.default.createDirectory(at: expectedDirectory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: expectedURL)
            XCTFail("recorded \(name); review the diff, then run without REXGEN_RECORD", file: file, line: line)
            return
        }
        guard FileManager.default.fileExists(atPath: expectedURL.path) else {
            XCTFail("missing expected file \(name); record it with REXGEN_RECORD=1", file: file, line: line)
            return
        }
        let expected = try read(expectedURL)
        guard expected != actual else { return }
        // Leave the actual text on disk so `diff -u` shows the whole change.
        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("actual-" + name)
        try? Data(actual.utf8).write(to: actualURL)
        XCTFail("""
            output not as in Expected/\(name); \(TestSupport.firstDifference(expected: expected, actual: actual))
            see: diff -u '\(expectedURL.path)' '\(actualURL.path)'
            if the change is intended: REXGEN_RECORD=1 swift test --filter CustomTemplateReferenceTests
            """, file: file, line: line)
    }

    private static func isRecording(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment["REXGEN_RECORD"], !value.isEmpty else { return false }
        return value == "1" || value.split(separator: ",").contains { name.hasPrefix($0) }
    }
}
