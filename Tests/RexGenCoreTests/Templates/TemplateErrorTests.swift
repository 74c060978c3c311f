import Foundation
import XCTest

/// Template errors are input errors: a compiler-format diagnostic at the template's path, line and column
/// (so Xcode shows it in the template), exit code 1, and nothing written: not the failing template's file,
/// not the other templates' files, and an existing output folder left exactly as it was.
/// The templates are in Tests/Fixtures/Templates/Errors; each says where its error is.
final class TemplateErrorTests: XCTestCase {
    /// An unclosed `{% if %}`: found when parsing, located at the `if`.
    func testUnclosedIf() throws {
        try assertTemplateError("Errors/Unclosed.stencil", at: "6:8", message: "`endif` was not found")
    }

    func testUnknownFilter() throws {
        try assertTemplateError("Errors/UnknownFilter.stencil", at: "4:16", message: "Unknown filter 'shout'")
    }

    /// Found only when rendering, after other output was produced.
    func testUnknownMacroInCall() throws {
        try assertTemplateError("Errors/UnknownMacro.stencil", at: "5:11", message: "unknown macro 'unknown'")
    }

    func testMacroCalledWithTheWrongNumberOfArguments() throws {
        try assertTemplateError("Errors/WrongArgumentCount.stencil", at: "4:7",
                                message: "macro 'describe' takes 1 arguments, given 2")
    }

    /// A path that is neither a file nor a built-in's name: the diagnostic names the path and the built-ins.
    func testMissingTemplateFile() throws {
        let stderr = try assertTemplateError("Errors/NoSuchTemplate.stencil", at: "1:1",
                                             message: "no template file at 'Errors/NoSuchTemplate.stencil'",
                                             prefix: "error: ")
        XCTAssertTrue(stderr.contains("EnumProperties, ActionLifts"), stderr)
    }

    /// A built-in's name is matched exactly, so a typo is a missing file, not a silent default.
    func testMisspelledBuiltInName() throws {
        try assertTemplateError("EnumProperty", at: "1:1", message: "no template file at 'EnumProperty'", prefix: "error: ")
    }

    /// Printing instead of writing: nothing goes to stdout either.
    func testNothingIsPrintedOnError() throws {
        let result = try TemplateTestSupport.rexgen(["Context/Sources", "--template", "EnumProperties",
                                                     "--template", "Errors/UnknownMacro.stencil"])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertEqual(result.stdout, "", result.summary)
    }

    /// `check` reports the template error too, instead of calling files stale or up to date.
    func testCheckReportsTheTemplateError() throws {
        let output = try temporaryDirectory()
        let result = try TemplateTestSupport.rexgen(["check", "Context/Sources", "--template", "Errors/UnknownFilter.stencil",
                                                     "--output", output.path])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("Errors/UnknownFilter.stencil:4:16: error: template error: "), result.summary)
        XCTAssertEqual(try TemplateTestSupport.files(in: output), [:])
    }

    /// Two templates that would write the same file: an error, not one silently overwriting the other.
    func testTwoTemplatesWithTheSameOutputName() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["a/Same.stencil": "// a\n", "b/Same.stencil": "// b\n"], under: work)
        let output = work.appendingPathComponent("out")
        let result = try TemplateTestSupport.rexgen([
            "Context/Sources", "--template", work.appendingPathComponent("a/Same.stencil").path,
            "--template", work.appendingPathComponent("b/Same.stencil").path, "--output", output.path,
        ])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("error: two templates would both write 'Same.generated.swift'"), result.summary)
        XCTAssertEqual(try TemplateTestSupport.files(in: output), [:])
    }

    // MARK: - Helper

    /// Runs the failing template (after the built-in EnumProperties, whose file would otherwise be written)
    /// twice: into a folder holding a previous run's files, which must stay as they were, and into a folder
    /// that does not exist yet, which must get no files. Returns stderr.
    @discardableResult
    private func assertTemplateError(_ template: String, at location: String, message: String,
                                     prefix: String = "error: template error: ",
                                     file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let work = try temporaryDirectory()
        let existing = work.appendingPathComponent("existing")
        // A previous run's output, different from what this run would write, plus a stale file named after
        // the failing template.
        let stem = ((template as NSString).lastPathComponent as NSString).deletingPathExtension
        let previous = [
            "EnumProperties.generated.swift": "// Generated by RexGen 0.0.1. DO NOT EDIT.\n// from an earlier run\n",
            "\(stem).generated.swift": "// Generated by RexGen 0.0.1. DO NOT EDIT.\n// older output of the template\n",
        ]
        try TestSupport.write(previous, under: existing)
        let before = try TemplateTestSupport.files(in: existing)
        let fresh = work.appendingPathComponent("fresh")

        var stderr = ""
        for output in [existing, fresh] {
            let result = try TemplateTestSupport.rexgen(["Context/Sources", "--template", "EnumProperties",
                                                         "--template", template, "--output", output.path])
            XCTAssertEqual(result.exitCode, 1, result.summary, file: file, line: line)
            XCTAssertFalse(result.crashed || result.timedOut, result.summary, file: file, line: line)
            // Exactly one diagnostic, in compiler format, at the template's own path.
            let expectedStart = "\(template):\(location): \(prefix)"
            XCTAssertEqual(result.stderrLines.count, 1, result.summary, file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix(expectedStart), "expected '\(expectedStart)…'\n\(result.summary)",
                          file: file, line: line)
            XCTAssertTrue(result.stderr.contains(message), "expected '\(message)'\n\(result.summary)", file: file, line: line)
            stderr = result.stderr
        }
        XCTAssertEqual(try TemplateTestSupport.files(in: existing), before, "the previous output was changed",
                       file: file, line: line)
        XCTAssertEqual(try TestSupport.hiddenEntries(in: existing), [], "temporary files left behind", file: file, line: line)
        XCTAssertEqual(try TemplateTestSupport.files(in: fresh), [:], "files were written despite the error",
                       file: file, line: line)
        return stderr
    }
}
