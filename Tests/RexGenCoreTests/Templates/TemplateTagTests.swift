import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// The StencilSwiftKit tags RexGen provides (`set`, `macro`/`call`, `map`), with the syntax Sourcery
/// templates use them with.
final class TemplateTagTests: XCTestCase {
    /// Never empty, as the CLI's context never is: an empty one hits a separate bug, tested on its own
    /// (`testTopLevelSetAndMacroWithAnEmptyContext`), which would hide what these tests are about.
    nonisolated(unsafe) private static let someContext: [String: Any] = ["unrelated": "value"]

    private func render(_ template: String, _ context: [String: Any] = someContext,
                        file: StaticString = #filePath, line: UInt = #line) -> String {
        TemplateTestSupport.output(template, context, file: file, line: line)
    }

    /// `TemplateEngine.render` is public API; with an empty context Stencil's `Context` has no frame for
    /// top-level `set`/`macro` to write into, and they are silently dropped.
    func testTopLevelSetAndMacroWithAnEmptyContext() {
        XCTAssertEqual(render("{% set x %}1{% endset %}[{{ x }}]", [:]), "[1]")
        XCTAssertEqual(render("{% macro m %}-{% endmacro %}{% call m %}", [:]), "-")
    }

    // MARK: - set

    /// The block form stores the rendered body, as a string.
    func testSetBlockForm() {
        XCTAssertEqual(render("{% set greeting %}Hello, {{ name }}!{% endset %}[{{ greeting }}]", ["name": "Ada"]),
                       "[Hello, Ada!]")
        // The tag itself renders nothing where it stands.
        XCTAssertEqual(render("a{% set x %}ignored{% endset %}b"), "ab")
    }

    /// The one-tag form stores the value itself, not its text: a list stays a list.
    func testSetValueForm() {
        XCTAssertEqual(render("{% set n items.count %}{{ n }}", ["items": [1, 2, 3]]), "3")
        XCTAssertEqual(render("{% set list items %}{% for i in list %}<{{ i }}>{% endfor %}", ["items": ["a", "b"]]),
                       "<a><b>")
        XCTAssertEqual(render(#"{% set word "literal" %}{{ word|upperFirstLetter }}"#), "Literal")
    }

    /// A later `set` replaces the value.
    func testSetOverwrites() {
        XCTAssertEqual(render("{% set x %}1{% endset %}{% set x %}2{% endset %}{{ x }}"), "2")
    }

    func testSetWithoutEndsetOrNameIsAnError() {
        let unclosed = TemplateTestSupport.failure("line one\n{% set x %}never closed", Self.someContext)
        XCTAssertTrue(unclosed?.message.contains("endset") ?? false, "\(String(describing: unclosed))")
        XCTAssertEqual(unclosed?.location?.line, 2)
        let bare = TemplateTestSupport.failure("{% set %}")
        XCTAssertTrue(bare?.message.contains("'set' takes a variable name") ?? false, "\(String(describing: bare))")
    }

    // MARK: - macro / call

    func testMacroWithArgumentsRendersAtEachCall() {
        let template = """
            {% macro pair a b %}({{ a }}, {{ b }}){% endmacro %}\
            {% call pair "x" "1" %} {% call pair first.name items.count %}
            """
        XCTAssertEqual(render(template, ["first": ["name": "Ada"], "items": [1, 2]]), "(x, 1) (Ada, 2)")
    }

    /// Parameters are local to the call: they shadow outer names and do not leak after it.
    func testMacroParametersAreScopedToTheCall() {
        let template = "{% macro show name %}[{{ name }}]{% endmacro %}{% call show \"inner\" %}{{ name }}"
        XCTAssertEqual(render(template, ["name": "outer"]), "[inner]outer")
    }

    /// A macro body sees the context it is called in, and may call other macros (the Sourcery template does).
    func testMacroCallsMacroAndReadsTheCallersContext() {
        let template = """
            {% macro inner v %}<{{ v }}{{ suffix }}>{% endmacro %}\
            {% macro outer v %}{% call inner v %}{% call inner v %}{% endmacro %}\
            {% for suffix in items %}{% call outer "x" %}{% endfor %}
            """
        XCTAssertEqual(render(template, ["items": ["1", "2"]]), "<x1><x1><x2><x2>")
    }

    func testMacroWithoutParameters() {
        XCTAssertEqual(render("{% macro rule %}---{% endmacro %}{% call rule %}{% call rule %}"), "------")
    }

    /// Calling with the wrong number of arguments is an error at the call, naming both counts.
    func testWrongArgumentCountIsAnErrorAtTheCall() throws {
        let template = "{% macro pair a b %}{{ a }}{{ b }}{% endmacro %}\n\n  x {% call pair 1 %}\n"
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure(template, Self.someContext))
        XCTAssertTrue(diagnostic.message.contains("macro 'pair' takes 2 arguments, given 1"), diagnostic.description)
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "Unit.stencil", line: 3, column: 8))
    }

    func testUnknownMacroIsAnErrorAtTheCall() throws {
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure("first\n{% call missing 1 %}"))
        XCTAssertTrue(diagnostic.message.contains("unknown macro 'missing'"), diagnostic.description)
        XCTAssertEqual(diagnostic.location?.line, 2)
    }

    func testMacroWithoutEndmacroIsAnError() throws {
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure("{% macro m %}body"))
        XCTAssertTrue(diagnostic.message.contains("endmacro"), diagnostic.description)
    }

    // MARK: - map

    func testMapWithUsingCollectsEachRenderedBody() {
        let template = "{% map items into names using item %}{{ item|upperFirstLetter }}{% endmap %}{{ names|join:\", \" }}"
        XCTAssertEqual(render(template, ["items": ["ada", "grace"]]), "Ada, Grace")
    }

    /// `maploop` gives the 0-based counter, first, last and the item itself (the only name without `using`).
    func testMaploop() {
        let template = """
            {% map items into rows %}{{ maploop.counter }}:{{ maploop.item }}\
            {% if maploop.first %}F{% endif %}{% if maploop.last %}L{% endif %}{% endmap %}\
            {{ rows|join:" " }}
            """
        XCTAssertEqual(render(template, ["items": ["a", "b", "c"]]), "0:aF 1:b 2:cL")
        XCTAssertEqual(render(template, ["items": ["only"]]), "0:onlyFL")
    }

    /// The result is a list: it can be counted and looped over; nothing is output where the tag stands.
    func testMapResultIsAList() {
        let template = "[{% map items into doubled using i %}{{ i }}{{ i }}{% endmap %}]{{ doubled.count }}"
            + "{% for d in doubled %}<{{ d }}>{% endfor %}"
        XCTAssertEqual(render(template, ["items": ["x", "y"]]), "[]2<xx><yy>")
        XCTAssertEqual(render("{% map items into results using i %}{{ i }}{% endmap %}{{ results.count }}", ["items": [String]()]),
                       "0")
    }

    func testMapSyntaxErrors() {
        for template in ["{% map items %}{% endmap %}", "{% map items onto x %}{% endmap %}",
                         "{% map items into x using %}{% endmap %}"] {
            let diagnostic = TemplateTestSupport.failure(template)
            XCTAssertTrue(diagnostic?.message.contains("'map' syntax") ?? false, "\(template): \(String(describing: diagnostic))")
        }
        let unclosed = TemplateTestSupport.failure("{% map items into x %}{{ maploop.item }}")
        XCTAssertTrue(unclosed?.message.contains("endmap") ?? false, "\(String(describing: unclosed))")
    }
}
