import XCTest
@testable import RexGenCore

/// A section's render key is the hash of everything its renderer reads: a field that changes the text must
/// change the key, or the next run copies a stale section. The declaration's fields come from the cache's
/// one field list (`GenerationCacheCodingTests.testEveryModelFieldRoundTrips` shows it is complete); the
/// planner's own fields are listed in `decisions`, which this test ties to the types' stored properties.
final class RenderKeyTests: XCTestCase {
    private let location = SourceLocation(file: "/a/Action.swift", line: 3, column: 1)

    private var planned: PlannedEnum {
        let enumCase = EnumCaseDeclaration(name: "load", location: location,
                                           associatedValues: [AssociatedValue(label: "id", typeText: "Int")])
        let declaration = EnumDeclaration(name: "Action", qualifiedNameComponents: ["Action"], location: location,
                                          cases: [enumCase])
        return PlannedEnum(declaration: declaration, access: .internal, cases: [
            PlannedCase(declaration: enumCase, generatesValueProperty: true, generatesIsProperty: true),
        ])
    }

    func testThePlannersFieldsAreAllInTheKey() {
        // A field added to either type must be added to its `decisions` (and then here).
        XCTAssertEqual(Mirror(reflecting: planned).children.map(\.label),
                       ["declaration", "access", "cases", "generatesCasePaths", "casePathsRootAlias"])
        XCTAssertEqual(Mirror(reflecting: planned.cases[0]).children.map(\.label),
                       ["declaration", "generatesValueProperty", "generatesIsProperty", "payloadTypes",
                        "payloadTypesAreNameable"])
        let key = RenderedSections.key(for: planned)
        let edits: [(String, (inout PlannedEnum) -> Void)] = [
            ("access", { $0.access = .public }),
            ("generatesCasePaths", { $0.generatesCasePaths = true }),
            ("casePathsRootAlias", { $0.casePathsRootAlias = "_AllCasePathsRoot6Action" }),
            ("generatesValueProperty", { $0.cases[0].generatesValueProperty = false }),
            ("generatesIsProperty", { $0.cases[0].generatesIsProperty = false }),
            ("payloadTypes", { $0.cases[0].payloadTypes = ["Swift.Int"] }),
            ("payloadTypesAreNameable", { $0.cases[0].payloadTypesAreNameable = false }),
            ("the case's declaration", { $0.cases[0].declaration.attributes = ["@available(*, deprecated)"] }),
            ("the enum's declaration", { $0.declaration.attributes = ["@_spi(Internal)"] }),
        ]
        for (field, edit) in edits {
            var edited = planned
            edit(&edited)
            XCTAssertNotEqual(RenderedSections.key(for: edited), key, field)
        }
    }

    func testPositionsAreNotInTheKey() {
        var moved = planned
        moved.declaration.location.line += 40
        moved.cases[0].declaration.location.line += 40
        XCTAssertEqual(RenderedSections.key(for: moved), RenderedSections.key(for: planned))
    }
}
