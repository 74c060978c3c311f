import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// `argument`: what `--args key=value` and `args:` give a template, through the real pipeline
/// (GenerationOptions → TemplateContext → engine), plus how repeated `--args` build a list.
final class TemplateArgumentTests: XCTestCase {
    private static let template = """
        name=[{{ argument.name }}] count={{ argument.imports.count }}
        {% for module in argument.imports %}
        import {{ module }}
        {% endfor %}
        missing=[{{ argument.missing }}]{% if not argument.missing %} (falsy){% endif %}

        """

    /// Renders `template` on the Context fixture with `arguments`, returning the output without its header.
    private func render(_ arguments: [String: TemplateArgument], template: String = template,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let directory = try temporaryDirectory()
        let templateURL = directory.appendingPathComponent("Arguments.stencil")
        try Data(template.utf8).write(to: templateURL)
        let options = GenerationOptions(
            sources: [TemplateTestSupport.fixtures.appendingPathComponent("Context/Sources").path],
            lift: .none, templates: [templateURL.path], templateArguments: arguments)
        let result = Pipeline.run(options, templateRenderer: StencilTemplateRenderer())
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)", file: file, line: line)
        let output = try XCTUnwrap(result.files.first, "no file rendered", file: file, line: line)
        XCTAssertEqual(result.files.map(\.name), ["Arguments.generated.swift"], file: file, line: line)
        // The header added to output without one, then a blank line.
        let body = output.contents.components(separatedBy: "swiftlint:disable all\n\n")
        XCTAssertEqual(body.count, 2, output.contents, file: file, line: line)
        return body.last ?? ""
    }

    func testSingleValueAndList() throws {
        let output = try render(["name": .value("MovieApp"), "imports": .list(["Foundation", "Combine"])])
        XCTAssertEqual(output, """
            name=[MovieApp] count=2
            import Foundation
            import Combine
            missing=[] (falsy)

            """)
    }

    /// A list of one is still a list (YAML `imports: [Foundation]`): the loop gives one line, not letters.
    func testListOfOne() throws {
        let output = try render(["imports": .list(["Foundation"])])
        XCTAssertTrue(output.hasPrefix("name=[] count=1\nimport Foundation\nmissing=[]"), output)
    }

    /// No arguments at all: every `argument.x` is empty and loops over them render nothing.
    func testNoArguments() throws {
        XCTAssertEqual(try render([:]), "name=[] count=\nmissing=[] (falsy)\n")
    }

    /// Values are text, taken as written (no YAML-style typing), so templates compare them as strings.
    func testValuesAreStrings() throws {
        let output = try render(["flag": .value("true"), "n": .value("007")],
                                template: #"{{ argument.flag }} {{ argument.n }} {% if argument.flag == "true" %}eq{% endif %}"#)
        XCTAssertEqual(output, "true 007 eq")
    }

    /// `--args k=a --args k=b --args k=c` appends, as in Sourcery.
    func testAppendingBuildsAList() {
        let one = TemplateArgument.value("a")
        XCTAssertEqual(one.appending("b"), .list(["a", "b"]))
        XCTAssertEqual(one.appending("b").appending("c"), .list(["a", "b", "c"]))
        XCTAssertEqual(TemplateArgument.list([]).appending("x"), .list(["x"]))
    }

    /// The values a template sees: a string stays a string, a list an array of strings.
    func testTemplateValues() {
        XCTAssertEqual(TemplateArgument.value("x").templateValue as? String, "x")
        XCTAssertEqual(TemplateArgument.list(["x", "y"]).templateValue as? [String], ["x", "y"])
    }
}
