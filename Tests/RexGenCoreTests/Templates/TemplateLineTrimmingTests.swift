import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// Lines holding only block tags leave nothing behind (no blank line, no indentation), while tags inside a
/// line of text keep the spaces and line breaks around them; errors still point at the template's own
/// line and column although the text Stencil parses was rewritten.
final class TemplateLineTrimmingTests: XCTestCase {
    private func render(_ template: String, _ context: [String: Any] = [:],
                        file: StaticString = #filePath, line: UInt = #line) -> String {
        TemplateTestSupport.output(template, context, file: file, line: line)
    }

    func testBlockOnlyLinesLeaveNoBlankLineOrIndentation() {
        let template = """
            struct A {
            {% for name in names %}
                {% if name %}
                let {{ name }} = 1
                {% endif %}
            {% endfor %}
            }

            """
        XCTAssertEqual(render(template, ["names": ["a", "b"]]), "struct A {\n    let a = 1\n    let b = 1\n}\n")
        XCTAssertEqual(render(template, ["names": [String]()]), "struct A {\n}\n")
    }

    /// Tabs, several tags, and a comment next to a block tag still make a block-only line.
    func testLinesOfSeveralTagsTabsAndCommentsAreBlockOnly() {
        let template = "a\n\t{% for x in xs %}{% if x %}{# why #}\n{{ x }}\n\t{% endif %}{% endfor %}\nb"
        XCTAssertEqual(render(template, ["xs": ["1", "2"]]), "a\n1\n2\nb")
    }

    /// Whitespace an editor leaves after the tags of a block-only line is as invisible as the indentation
    /// before them, and must not turn into indentation of the next line that is output.
    func testTrailingWhitespaceOnABlockOnlyLineIsNotOutput() {
        let output = render("{% if yes %}  \nx\n{% endif %}\t\ny\n", ["yes": true])
        XCTAssertEqual(output, "x\ny\n", output.debugDescription)
    }


    /// Inline tags keep every space around them: Sourcery templates build lists this way.
    func testInlineTagsKeepTheirSpaces() {
        let template = "    call({% for a in args %}{{ a }}{% if not forloop.last %}, {% endif %}{% endfor %}) // done\n"
        XCTAssertEqual(render(template, ["args": ["x", "y", "z"]]), "    call(x, y, z) // done\n")
        XCTAssertEqual(render("let v = {% if flag %} yes {% else %} no {% endif %} ;", ["flag": true]), "let v =  yes  ;")
    }

    /// A line that also holds text or a `{{ }}` is output, even when that renders empty.
    func testLinesWithTextOrVariablesStay() {
        XCTAssertEqual(render("a\n{{ missing }}\nb"), "a\n\nb")
        XCTAssertEqual(render("a\n{% if yes %}x{% endif %}\nb", ["yes": true]), "a\nx\nb")
        XCTAssertEqual(render("a\n\n\nb"), "a\n\n\nb", "blank lines of the template are kept")
    }

    /// A template without a final line break renders none; one with it keeps it.
    func testFinalLineBreak() {
        let yes: [String: Any] = ["yes": true]
        XCTAssertEqual(render("x\n{% if yes %}\ny\n{% endif %}", yes), "x\ny\n")
        XCTAssertEqual(render("x\n{% if yes %}\ny\n{% endif %}\n", yes), "x\ny\n")
        XCTAssertEqual(render("x\n{% if yes %}\ny{% endif %}", yes), "x\ny")
    }

    /// A template saved with Windows line endings must trim its block-only lines the same way, keeping
    /// `\r\n` on the lines it outputs.
    func testWindowsLineEndings() {
        let lf = "struct A {\n{% for n in names %}\n    let {{ n }} = 1\n{% endfor %}\n}\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let output = render(crlf, ["names": ["a", "b"]])
        XCTAssertEqual(output, "struct A {\r\n    let a = 1\r\n    let b = 1\r\n}\r\n", output.debugDescription)
    }

    /// With Windows line endings an error must still name the template's line.
    func testWindowsLineEndingsErrorLine() throws {
        let template = "a\r\n{% if yes %}\r\n  {{ x|nope }}\r\n{% endif %}\r\n"
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure(template, ["yes": true], path: "T.stencil"))
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "T.stencil", line: 3, column: 6))
    }

    // MARK: - Error locations

    /// An error on a line after trimmed lines: the rewritten text joined them, the location must not.
    func testErrorAfterTrimmedLinesPointsAtTheTemplateLine() throws {
        let template = "header\n{% for x in xs %}\n    {% if x %}\n  let y = {{ x|nope }}\n    {% endif %}\n{% endfor %}\n"
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure(template, ["xs": ["a"]], path: "T.stencil"))
        XCTAssertTrue(diagnostic.message.contains("Unknown filter 'nope'"), diagnostic.description)
        // Stencil locates a `{{ }}` by its contents: column 14 is `x|nope`.
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "T.stencil", line: 4, column: 14))
    }

    /// An error in an indented block-only line: the column counts the indentation that was removed.
    func testErrorInAnIndentedBlockOnlyLineCountsItsIndentation() throws {
        let template = "a\n{% for x in xs %}\n        {% call nothing %}\n{% endfor %}\n"
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure(template, ["xs": ["a"]], path: "T.stencil"))
        XCTAssertTrue(diagnostic.message.contains("unknown macro 'nothing'"), diagnostic.description)
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "T.stencil", line: 3, column: 12))
    }

    /// The second of several tags on one block-only line, joined after another block-only line.
    func testErrorInTheSecondTagOfAJoinedLine() throws {
        let template = "{% if yes %}\n  {% for x in xs %}{% call gone %}\n{% endfor %}{% endif %}\n"
        let diagnostic = try XCTUnwrap(TemplateTestSupport.failure(template, ["xs": ["a"], "yes": true], path: "T.stencil"))
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "T.stencil", line: 2, column: 23))
    }

    /// The mapping on its own: rewritten line and column back to the template's.
    func testOriginalLocationMapping() {
        let trimmer = BlockLineTrimmer("one\n  {% if a %}\n\t{% for b in c %}\ntwo {{ b }}\n{% endfor %}{% endif %}\nthree")
        XCTAssertEqual(trimmer.text, "one\n{% if a %}{% for b in c %}two {{ b }}\n{% endfor %}{% endif %}three")
        func original(_ line: Int, _ column: Int) -> [Int] {
            let location = trimmer.originalLocation(line: line, column: column)
            return [location.line, location.column]
        }
        XCTAssertEqual(original(1, 2), [1, 2])
        XCTAssertEqual(original(2, 0), [2, 2], "the `if` line lost two spaces")
        XCTAssertEqual(original(2, 10), [3, 1], "the `for` line lost a tab")
        XCTAssertEqual(original(2, 11), [3, 2])
        XCTAssertEqual(original(2, 26), [4, 0], "`two` starts its own template line")
        XCTAssertEqual(original(2, 33), [4, 7])
        XCTAssertEqual(original(3, 12), [5, 12])
        XCTAssertEqual(original(3, 23), [6, 0], "`three` follows the trimmed line")
    }

    func testHoldsOnlyBlockTags() {
        XCTAssertTrue(BlockLineTrimmer.holdsOnlyBlockTags("{% if a %}"))
        XCTAssertTrue(BlockLineTrimmer.holdsOnlyBlockTags(" \t{% if a %} {% endif %}\r"))
        XCTAssertTrue(BlockLineTrimmer.holdsOnlyBlockTags("{# note #}{% endfor %}"))
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags(""), "an empty line is the template's own")
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags("   "))
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags("{{ x }}"))
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags("{% if a %}text"))
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags("{% if a"), "an unterminated tag is text")
        XCTAssertFalse(BlockLineTrimmer.holdsOnlyBlockTags("{# only a comment #}"))
    }
}
