import XCTest
@testable import RexGenCore
@testable import RexGenTemplates

/// Context keys the golden file (Context.generated.swift) cannot show on its fixture, checked through the
/// real pipeline on small sources written here.
final class TemplateContextTests: XCTestCase {
    /// Renders `template` over `source` (one file) through GenerationOptions → Pipeline, without the header.
    private func render(_ template: String, source: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let directory = try temporaryDirectory()
        try TestSupport.write(["Sources/Input.swift": source, "Probe.stencil": template], under: directory)
        let result = Pipeline.run(GenerationOptions(
            sources: [directory.appendingPathComponent("Sources").path], lift: .none,
            templates: [directory.appendingPathComponent("Probe.stencil").path]), templateRenderer: StencilTemplateRenderer())
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)", file: file, line: line)
        let contents = try XCTUnwrap(result.files.first?.contents, file: file, line: line)
        return contents.components(separatedBy: "swiftlint:disable all\n\n").last ?? contents
    }

    /// Sourcery gives each case the annotations written above it (`// sourcery: skip`), and templates
    /// select cases with `case|annotated:"…"` or `case.annotations.…`.
    func testCaseAnnotations() throws {
        let output = try render("""
            {% for case in types.enums.first.cases %}
            {{ case.name }}: {{ case|annotated:"skip" }} [{{ case.annotations.label }}]
            {% endfor %}

            """, source: """
            enum ScreenAction {
                // sourcery: skip
                case hidden
                // sourcery: label = Shown
                case shown
                case plain
            }

            """)
        XCTAssertEqual(output, "hidden: true []\nshown: false [Shown]\nplain: false []\n")
    }

    /// `types.enums` is every enum (as Sourcery's), whatever RexGen selects; `enumProperties.enums` only
    /// what the default output generates for.
    func testTypesAreAllEnumsAndEnumPropertiesOnlySelected() throws {
        let output = try render("""
            {% for type in types.enums %}{{ type.name }}:{{ type.selected }} {% endfor %}
            {% for type in enumProperties.enums %}{{ type.name }} {% endfor %}

            """, source: """
            enum MovieAction { case load }
            enum Tab { case home }
            struct Holder { enum LocalEvent { case ping } }

            """)
        XCTAssertEqual(output, "MovieAction:true Tab:false Holder.LocalEvent:true \nMovieAction Holder.LocalEvent \n")
    }

    /// A payload naming a type declared beside the enum: `typeName` is as written (Sourcery's meaning),
    /// `qualifiedTypeName` and the property's `type` resolve at file scope; for every enum, selected or not.
    func testPayloadTypesAreOfferedAsWrittenAndQualified() throws {
        let output = try render("""
            {% for type in types.enums %}{% for case in type.cases %}{% for value in case.associatedValues %}
            {{ type.name }}.{{ case.name }}: {{ value.typeName }} | {{ value.qualifiedTypeName }} | {{ case.property.type }}
            {% endfor %}{% endfor %}{% endfor %}
            """, source: """
            enum Movies {
                enum Event { case picker(Picker.Event), list([Item]) }
                enum Tab { case item(Item) }
                enum Picker { enum Event { case opened } }
                struct Item {}
            }

            """)
        XCTAssertEqual(output, """
            Movies.Event.picker: Picker.Event | Movies.Picker.Event | Movies.Picker.Event
            Movies.Event.list: [Item] | [Movies.Item] | [Movies.Item]
            Movies.Tab.item: Item | Movies.Item | Movies.Item

            """)
    }
}
