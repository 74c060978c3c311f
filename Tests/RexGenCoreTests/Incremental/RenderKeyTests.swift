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
                       ["declaration", "access", "cases", "generatesCasePaths"])
        XCTAssertEqual(Mirror(reflecting: planned.cases[0]).children.map(\.label),
                       ["declaration", "generatesValueProperty", "generatesIsProperty", "payloadTypes",
                        "payloadTypesAreNameable", "payloadIsNever"])
        let key = RenderedSections.key(for: planned)
        let edits: [(String, (inout PlannedEnum) -> Void)] = [
            ("access", { $0.access = .public }),
            ("generatesCasePaths", { $0.generatesCasePaths = true }),
            ("generatesValueProperty", { $0.cases[0].generatesValueProperty = false }),
            ("generatesIsProperty", { $0.cases[0].generatesIsProperty = false }),
            ("payloadTypes", { $0.cases[0].payloadTypes = ["Swift.Int"] }),
            ("payloadTypesAreNameable", { $0.cases[0].payloadTypesAreNameable = false }),
            ("payloadIsNever", { $0.cases[0].payloadIsNever = true }),
            ("the case's declaration", { $0.cases[0].declaration.attributes = ["@available(*, deprecated)"] }),
            ("the enum's declaration", { $0.declaration.attributes = ["@_spi(Internal)"] }),
        ]
        for (field, edit) in edits {
            var edited = planned
            edit(&edited)
            XCTAssertNotEqual(RenderedSections.key(for: edited), key, field)
        }
    }

    func testTheConformancesFieldsAreAllInTheKey() {
        let plan = planned
        let edge = ActionTree.Edge(parent: 0, child: 1, enumCase: plan.declaration.cases[0], genericArguments: [])
        let conformance = ConformancePlan(declaration: plan.declaration, path: [edge], whereRequirements: [],
                                          access: .internal, ifConfig: [])
        // A field added to `ConformancePlan` must be added to its `decisions` (and then here).
        XCTAssertEqual(Mirror(reflecting: conformance).children.map(\.label),
                       ["declaration", "path", "whereRequirements", "access", "ifConfig", "rootAvailability", "typeName",
                        "node", "unreadModuleNames"])
        func key(_ conformance: ConformancePlan, camel: String = "appAction") -> RenderedSections.Key {
            RenderedSections.key(for: conformance, camel: camel, rootType: "_Root", protocolName: "AppActionConvertible")
        }
        let edits: [(String, (inout ConformancePlan) -> Void)] = [
            ("access", { $0.access = .public }),
            ("whereRequirements", { $0.whereRequirements = ["Value == Int"] }),
            ("ifConfig", { $0.ifConfig = [IfConfigClause(blockID: 1, kind: .if, condition: "DEBUG", precedingConditions: [])] }),
            ("rootAvailability", { $0.rootAvailability = ["@available(*, deprecated)"] }),
            ("typeName", { $0.typeName = "ListFeature." + $0.typeName }),
            ("the path's case", { $0.path[0].enumCase.attributes = ["@available(iOS 17, *)"] }),
            ("the path's payload label", { $0.path[0].enumCase.associatedValues![0].label = nil }),
            ("the path's generic arguments", { $0.path[0].genericArguments = ["Int"] }),
            ("the declaration", { $0.declaration.qualifiedNameComponents = ["Feature", "Action"] }),
        ]
        for (field, edit) in edits {
            var edited = conformance
            edit(&edited)
            XCTAssertNotEqual(key(edited), key(conformance), field)
        }
        XCTAssertNotEqual(key(conformance, camel: "root"), key(conformance))
        var renumbered = conformance
        renumbered.node = 7
        // Planning's: it decides the lift file's imports and which conformances stay, not a conformance's text.
        renumbered.unreadModuleNames = [.init(name: "Movie", declaringModules: ["Models"], fileImports: ["ThirdParty"])]
        renumbered.path[0].parent = 3
        renumbered.declaration.location.line += 9
        XCTAssertEqual(key(renumbered), key(conformance))
    }

    func testPositionsAreNotInTheKey() {
        var moved = planned
        moved.declaration.location.line += 40
        moved.cases[0].declaration.location.line += 40
        XCTAssertEqual(RenderedSections.key(for: moved), RenderedSections.key(for: planned))
    }
}
