import Foundation
import XCTest

/// `templates:` and `args:` in rexgen.yml, and the flags that override them. Each test builds a small
/// project in a temporary folder: rexgen.yml at its root, a source, templates in a subfolder, and runs
/// rexgen from a folder below, so paths in the file must resolve against the file, not the working directory.
final class TemplateConfigurationTests: XCTestCase {
    private static let source = """
        public enum AppAction {
            case started
            case loaded(Int)
        }

        """
    /// Prints the argument values it sees, so each test can tell which source won.
    private static let argumentsTemplate = """
        // name={{ argument.name }}
        {% for module in argument.imports %}
        // import {{ module }}
        {% endfor %}

        """

    private func makeProject(config: String) throws -> (root: URL, runFrom: URL, output: URL) {
        let root = try temporaryDirectory()
        try TestSupport.write([
            "rexgen.yml": config,
            "Sources/AppAction.swift": Self.source,
            "templates/Arguments.stencil": Self.argumentsTemplate,
            "templates/Other.stencil": "// other\n",
            "Nested/Deeper/.keep": "",
        ], under: root)
        return (root, root.appendingPathComponent("Nested/Deeper"), root.appendingPathComponent("Generated"))
    }

    @discardableResult
    private func run(_ arguments: [String], in directory: URL, file: StaticString = #filePath,
                     line: UInt = #line) throws -> ProcessResult {
        let result = try TestSupport.rexgen(arguments, in: directory, file: file, line: line)
        try TemplateTestSupport.requireSuccess(result, "rexgen", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "no warnings expected (e.g. unknown keys)", file: file, line: line)
        return result
    }

    /// The body each run renders: the file without its header.
    private func body(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let text = try TemplateTestSupport.read(url)
        return text.components(separatedBy: "swiftlint:disable all\n\n").last ?? text
    }

    /// `templates:` paths are relative to rexgen.yml; `args:` takes single values and lists.
    func testTemplatesAndArgsFromTheConfiguration() throws {
        let project = try makeProject(config: """
            sources: [Sources]
            output: Generated
            templates: [templates/Arguments.stencil]
            args:
              name: MovieApp
              imports: [Foundation, Combine]
            """)
        try run([], in: project.runFrom)
        XCTAssertEqual(try TemplateTestSupport.files(in: project.output).keys.sorted(), ["Arguments.generated.swift"])
        XCTAssertEqual(try body(project.output.appendingPathComponent("Arguments.generated.swift")),
                       "// name=MovieApp\n// import Foundation\n// import Combine\n")
    }

    /// A single-element YAML list is a list (`args: {imports: [Foundation]}`), as a Sourcery config has it.
    func testSingleElementListFromTheConfiguration() throws {
        let project = try makeProject(config: """
            sources: [Sources]
            output: Generated
            templates: [templates/Arguments.stencil]
            args: {imports: [Foundation]}
            """)
        try run([], in: project.runFrom)
        XCTAssertEqual(try body(project.output.appendingPathComponent("Arguments.generated.swift")),
                       "// name=\n// import Foundation\n")
    }

    /// A built-in's name in `templates:` stays a name (not a path next to rexgen.yml) and renders what the
    /// default run writes.
    func testBuiltInNamesInTheConfiguration() throws {
        let project = try makeProject(config: """
            sources: [Sources]
            templates: [EnumProperties, ActionLifts]
            """)
        let templated = project.root.appendingPathComponent("templated")
        let plain = project.root.appendingPathComponent("plain")
        try run(["--output", templated.path], in: project.runFrom)
        // `--config` to an empty file: the same sources without `templates:`.
        try TestSupport.write(["plain.yml": "sources: [Sources]\n"], under: project.root)
        try run(["--config", project.root.appendingPathComponent("plain.yml").path, "--output", plain.path],
                in: project.runFrom)
        let expected = try TemplateTestSupport.files(in: plain)
        XCTAssertEqual(expected.keys.sorted(), ["ActionLifts.generated.swift", "EnumProperties.generated.swift"])
        XCTAssertEqual(try TemplateTestSupport.files(in: templated), expected)
    }

    /// `--template` replaces the configuration's list (it is not added to it); a flag's path is relative
    /// to the working directory.
    func testTemplateFlagWinsOverTheConfiguration() throws {
        let project = try makeProject(config: """
            sources: [Sources]
            output: Generated
            templates: [templates/Arguments.stencil]
            """)
        try run(["--template", "../../templates/Other.stencil"], in: project.runFrom)
        XCTAssertEqual(try TemplateTestSupport.files(in: project.output).keys.sorted(), ["Other.generated.swift"])
    }

    /// `--args key=…` replaces that key's value from `args:` (a list too); other keys are kept.
    func testArgsFlagWinsPerKey() throws {
        let project = try makeProject(config: """
            sources: [Sources]
            output: Generated
            templates: [templates/Arguments.stencil]
            args:
              name: FromConfig
              imports: [Foundation, Combine]
            """)
        try run(["--args", "imports=UIKit", "--args", "imports=SwiftUI"], in: project.runFrom)
        XCTAssertEqual(try body(project.output.appendingPathComponent("Arguments.generated.swift")),
                       "// name=FromConfig\n// import UIKit\n// import SwiftUI\n")
        try run(["--args", "name=FromFlag", "--args", "imports=A", "--args", "imports=B"], in: project.runFrom)
        XCTAssertEqual(try body(project.output.appendingPathComponent("Arguments.generated.swift")),
                       "// name=FromFlag\n// import A\n// import B\n")
    }

    /// Only the first `=` splits key from value.
    func testArgsValueMayContainEquals() throws {
        let project = try makeProject(config: "sources: [Sources]\noutput: Generated\ntemplates: [templates/Arguments.stencil]\n")
        try run(["--args", "name=a=b"], in: project.runFrom)
        XCTAssertEqual(try body(project.output.appendingPathComponent("Arguments.generated.swift")), "// name=a=b\n")
    }

    /// `--args` without `key=` is a usage error (exit 2), before anything is read or written.
    func testMalformedArgsAreUsageErrors() throws {
        let project = try makeProject(config: "sources: [Sources]\noutput: Generated\ntemplates: [templates/Arguments.stencil]\n")
        for bad in ["novalue", "=value"] {
            let result = try TestSupport.rexgen(["--args", bad], in: project.runFrom)
            XCTAssertEqual(result.exitCode, 2, result.summary)
            XCTAssertTrue(result.stderr.contains("--args takes key=value"), result.summary)
        }
        XCTAssertEqual(try TemplateTestSupport.files(in: project.output), [:])
    }

    /// A template path in rexgen.yml that does not exist: the error names the resolved path.
    func testMissingTemplateFromTheConfiguration() throws {
        let project = try makeProject(config: "sources: [Sources]\noutput: Generated\ntemplates: [templates/Gone.stencil]\n")
        let result = try TestSupport.rexgen([], in: project.runFrom)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        let resolved = project.root.appendingPathComponent("templates/Gone.stencil").path
        XCTAssertTrue(result.stderr.hasPrefix("\(resolved):1:1: error: no template file at"), result.summary)
        XCTAssertEqual(try TemplateTestSupport.files(in: project.output), [:])
    }
}
