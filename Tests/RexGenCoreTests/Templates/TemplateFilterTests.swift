import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// The filters Sourcery templates use beyond Stencil's own, rendered through the engine as a template would.
final class TemplateFilterTests: XCTestCase {
    private func render(_ template: String, _ context: [String: Any] = [:],
                        file: StaticString = #filePath, line: UInt = #line) -> String {
        TemplateTestSupport.output(template, context, file: file, line: line)
    }

    func testUpperFirstLetter() {
        XCTAssertEqual(render(#"{{ "movieList"|upperFirstLetter }}"#), "MovieList")
        XCTAssertEqual(render(#"{{ "état"|upperFirstLetter }}"#), "État")
        XCTAssertEqual(render(#"{{ ""|upperFirstLetter }}"#), "")
        // Only the first letter: the rest is left as written.
        XCTAssertEqual(render(#"{{ "urlSession"|upperFirstLetter }}"#), "UrlSession")
        XCTAssertEqual(render("{{ name|upperFirstLetter }}", ["name": "started"]), "Started")
    }

    func testLowerFirstLetter() {
        XCTAssertEqual(render(#"{{ "MovieList"|lowerFirstLetter }}"#), "movieList")
        XCTAssertEqual(render(#"{{ "URL"|lowerFirstLetter }}"#), "uRL")
        XCTAssertEqual(render(#"{{ ""|lowerFirstLetter }}"#), "")
    }

    /// On a string it is a substring test; on an array, Sourcery's "any element contains" test.
    func testContainsOnStringsAndArrays() {
        let template = #"{% if value|contains:"Action" %}yes{% else %}no{% endif %}"#
        XCTAssertEqual(render(template, ["value": "MovieAction"]), "yes")
        XCTAssertEqual(render(template, ["value": "MovieEvent"]), "no")
        XCTAssertEqual(render(template, ["value": ["Equatable", "MovieAction"]]), "yes")
        XCTAssertEqual(render(template, ["value": ["Equatable", "Sendable"]]), "no")
        XCTAssertEqual(render(template, ["value": [String]()]), "no")
        XCTAssertEqual(render(#"{{ "abc"|contains:"b" }}"#), "true")
    }

    func testHasPrefixAndHasSuffix() {
        XCTAssertEqual(render(#"{{ "isStarted"|hasPrefix:"is" }} {{ "isStarted"|hasPrefix:"Started" }}"#), "true false")
        XCTAssertEqual(render(#"{{ "MovieAction"|hasSuffix:"Action" }} {{ "MovieAction"|hasSuffix:"Movie" }}"#),
                       "true false")
        XCTAssertEqual(render(#"{% if types|hasSuffix:"Event" %}any{% endif %}"#, ["types": ["AAction", "BEvent"]]), "any")
    }

    func testReplace() {
        XCTAssertEqual(render(#"{{ "Movie.List.Action"|replace:".","_" }}"#), "Movie_List_Action")
        XCTAssertEqual(render(#"{{ "aaa"|replace:"a","" }}"#), "")
        XCTAssertEqual(render(#"{{ "none here"|replace:"x","y" }}"#), "none here")
    }

    /// On a context record (a type, a case) and on a plain dictionary, as Sourcery's `annotated`.
    func testAnnotated() {
        let prism = TemplateObject(["name": "A", "annotations": ["Prism": true] as [String: Any]])
        let plain = TemplateObject(["name": "B", "annotations": [String: Any]()])
        let template = #"{% if type|annotated:"Prism" %}prism{% else %}plain{% endif %}"#
        XCTAssertEqual(render(template, ["type": prism]), "prism")
        XCTAssertEqual(render(template, ["type": plain]), "plain")
        XCTAssertEqual(render(template, ["type": ["annotations": ["Prism": "x"]]]), "prism")
        // A value without annotations is simply not annotated.
        XCTAssertEqual(render(template, ["type": "AppAction"]), "plain")
        // `or` with `based`, the common Sourcery selection.
        let based = TemplateObject(["name": "C", "annotations": [String: Any](), "based": ["Prism": "Prism"]])
        let selection = #"{% for t in types where t.based.Prism or t|annotated:"Prism" %}{{ t }} {% endfor %}"#
        XCTAssertEqual(render(selection, ["types": [prism, plain, based]]), "A C ")
    }

    func testSwiftIdentifier() {
        XCTAssertEqual(render(#"{{ "my-screen"|swiftIdentifier }}"#), "my_screen")
        XCTAssertEqual(render(#"{{ "2fa"|swiftIdentifier }}"#), "_2fa")
        XCTAssertEqual(render(#"{{ "hello world.v2"|swiftIdentifier }}"#), "hello_world_v2")
        XCTAssertEqual(render(#"{{ "café"|swiftIdentifier }}"#), "café")
        // A keyword is escaped, so the result is always usable as a name.
        XCTAssertEqual(render(#"{{ "class"|swiftIdentifier }}"#), "`class`")
        XCTAssertEqual(render(#"{{ "already_fine"|swiftIdentifier }}"#), "already_fine")
    }

    /// Filters chain, and apply to a payload's `typeName` through its text.
    func testFiltersChainAndReadTypeNames() {
        XCTAssertEqual(render(#"{{ "movie-List"|swiftIdentifier|upperFirstLetter|replace:"_","" }}"#), "MovieList")
        XCTAssertEqual(render("{{ type|lowerFirstLetter }}", ["type": TypeName("URLRequest")]), "uRLRequest")
        XCTAssertEqual(render(#"{{ type|hasSuffix:"?" }} {{ type.isOptional }} {{ type.unwrappedTypeName }}"#,
                              ["type": TypeName("Int?")]), "true true Int")
    }

    /// Wrong arguments are template errors naming the filter's syntax, not silent empty output.
    func testWrongArgumentsAreErrors() {
        for (template, expected) in [
            (#"{{ "a"|replace:"a" }}"#, "'replace' takes two strings"),
            (#"{{ "a"|contains }}"#, "'contains' takes one string argument"),
            (#"{{ "a"|hasPrefix:"a","b" }}"#, "'hasPrefix' takes one string argument"),
            (#"{{ x|annotated }}"#, "'annotated' takes one annotation name"),
        ] {
            guard let diagnostic = TemplateTestSupport.failure(template) else { continue }
            XCTAssertEqual(diagnostic.severity, .error, template)
            XCTAssertTrue(diagnostic.message.hasPrefix("template error: "), "\(template): \(diagnostic)")
            XCTAssertTrue(diagnostic.message.contains(expected), "\(template): \(diagnostic)")
            XCTAssertEqual(diagnostic.location?.file, "Unit.stencil", template)
            XCTAssertEqual(diagnostic.location?.line, 1, template)
        }
    }
}
