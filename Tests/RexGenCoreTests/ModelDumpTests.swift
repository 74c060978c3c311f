import Foundation
import XCTest
@testable import RexGenCore

/// `rexgen dump --format json` writes its JSON by hand for speed; it must stay byte-for-byte what
/// `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) wrote before, which the reference encoding
/// below still does.
final class ModelDumpTests: XCTestCase {
    /// Every byte JSON must escape, both quotes, slashes, non-ASCII text and an empty string.
    private static let awkwardTexts = [
        "", "plain", "say \"hi\"", #"back\slash"#, "a/b </script>", "tab\there", "line\nbreak\r\n",
        "\u{08}\u{0C}\u{0B}\u{00}\u{01}\u{1F}\u{7F}", "caf\u{E9} \u{1F600} \u{2028}",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    private func awkwardModel() -> SourceModel {
        let texts = Self.awkwardTexts
        var cases: [EnumCaseDeclaration] = []
        for (index, text) in texts.enumerated() {
            let values = index % 3 == 0 ? nil : [
                AssociatedValue(label: text, typeText: text, defaultValue: index % 2 == 0 ? text : nil,
                                isVariadic: index % 2 == 1),
                AssociatedValue(label: nil, typeText: "Int"),
            ]
            cases.append(EnumCaseDeclaration(
                name: text, location: SourceLocation(file: text, line: index * 997 + 1, column: index * 10 + 2),
                isIndirect: index % 2 == 0, attributes: [text, "@available(*, deprecated)"],
                ifConfig: [IfConfigClause(blockID: index, kind: .if, condition: text, precedingConditions: [])],
                associatedValues: values, rawValue: index % 2 == 0 ? text : nil))
        }
        var enums: [EnumDeclaration] = []
        for (index, text) in texts.enumerated() {
            enums.append(EnumDeclaration(
                name: text + "Action", qualifiedNameComponents: ["Outer", text], location:
                    SourceLocation(file: "Sources/\(text).swift", line: 100 - index, column: 3),
                genericParameters: [text, "T: Equatable"], whereClause: index % 2 == 0 ? text : nil,
                declaredAccess: index % 2 == 0 ? .public : nil, attributes: [text],
                inheritance: index % 3 == 0 ? [] : [text, "Sendable"],
                annotations: [Annotation(namespace: "rexgen", name: text, value: index % 2 == 0 ? text : nil)],
                isIndirect: index % 2 == 1, enclosingScopes: [.type(name: "Outer", declaredAccess: .internal)],
                isLocal: index % 4 == 0, cases: index % 2 == 0 ? cases : [],
                cImport: index % 3 == 1 ? CEnumImport(extensibility: .closed, cName: text) : nil))
        }
        let reference = EnumDeclaration(name: "RemoteAction", qualifiedNameComponents: ["RemoteAction"],
                                        location: SourceLocation(file: "Other/Remote.swift", line: 1, column: 1))
        var sources = ParsedFile(path: "Sources/A.swift")
        sources.enums = enums
        var references = ParsedFile(path: "Other/Remote.swift")
        references.enums = [reference]
        return SourceModel(files: [sources], referenceFiles: [references])
    }

    func testHandWrittenJSONEqualsJSONEncoderOutput() throws {
        let model = awkwardModel()
        for rules in [SelectionRules(), SelectionRules(selectsAllEnums: true)] {
            let written = ModelDump.jsonLines(model, rules: rules)
            XCTAssertEqual(written, try ReferenceDump.jsonLines(model, rules: rules))
            XCTAssertEqual(written.split(separator: "\n").count, Self.awkwardTexts.count + 1)
        }
    }

    func testNumbersOfEveryWidth() {
        for value in [0, 7, 10, 99, 100, 12_345, Int.max, -1, -40, Int.min] {
            var writer = JSONBytesWriter()
            writer.int(value)
            XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), String(value))
        }
    }

    func testEmptyModelWritesNothing() {
        XCTAssertEqual(ModelDump.jsonLines(SourceModel(files: []), rules: SelectionRules()), "")
    }

    func testReadFixturesDumpAsJSONEncoderWould() throws {
        let fixtures = TestSupport.testsDirectory.appendingPathComponent("Fixtures")
        let files = try FileManager.default.subpathsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(files.isEmpty)
        let parsed = try files.map { path in
            let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
            return bytes.withUnsafeBufferPointer { SwiftReader.parse($0, path: path) }
        }
        let model = SourceModel(files: parsed)
        XCTAssertEqual(ModelDump.jsonLines(model, rules: SelectionRules()),
                       try ReferenceDump.jsonLines(model, rules: SelectionRules()))
    }
}

/// The dump as `JSONEncoder` wrote it before `JSONBytesWriter`: the reference the hand-written JSON must equal.
private enum ReferenceDump {
    static func jsonLines(_ model: SourceModel, rules: SelectionRules) throws -> String {
        let resolver = AccessResolver(types: model.types)
        let carried = rules.carriedTypeNames(in: model)
        let actionNodes = Set(ActionTreeBuilder.actionNodes(in: model, rules: rules).map(\.declaration.location))
        var records: [EnumRecord] = []
        for (isReference, files) in [(false, model.files), (true, model.referenceFiles)] {
            for declaration in files.flatMap(\.enums) {
                records.append(EnumRecord(
                    declaration: declaration,
                    effectiveAccess: resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                              enclosing: declaration.enclosingScopes),
                    selected: !isReference && rules.isSelected(declaration, carriedTypeNames: carried),
                    actionNode: actionNodes.contains(declaration.location),
                    reference: isReference))
            }
        }
        records.sort { ($0.declaration.location.file, $0.declaration.location.line, $0.declaration.location.column)
            < ($1.declaration.location.file, $1.declaration.location.line, $1.declaration.location.column) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try records.map { String(decoding: try encoder.encode($0), as: UTF8.self) + "\n" }.joined()
    }

    private struct EnumRecord: Encodable {
        let declaration: EnumDeclaration
        let effectiveAccess: AccessLevel
        let selected: Bool
        let actionNode: Bool
        let reference: Bool

        enum Key: String, CodingKey {
            case file, line, column, name, qualifiedName, genericParameters, whereClause, access, effectiveAccess
            case indirect, attributes, inheritance, annotations, ifConfig, local, selected, actionNode, reference, cases
            case cImport
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(declaration.location.file, forKey: .file)
            try container.encode(declaration.location.line, forKey: .line)
            try container.encode(declaration.location.column, forKey: .column)
            try container.encode(declaration.name, forKey: .name)
            try container.encode(declaration.qualifiedName, forKey: .qualifiedName)
            try container.encode(declaration.genericParameters, forKey: .genericParameters)
            try container.encode(declaration.whereClause, forKey: .whereClause)
            try container.encode(declaration.declaredAccess?.rawValue, forKey: .access)
            try container.encode(effectiveAccess.rawValue, forKey: .effectiveAccess)
            try container.encode(declaration.isIndirect, forKey: .indirect)
            try container.encode(declaration.attributes, forKey: .attributes)
            try container.encode(declaration.inheritance, forKey: .inheritance)
            try container.encode(declaration.annotations.map { annotation in
                "\(annotation.namespace): \(annotation.name)" + (annotation.value.map { " = \($0)" } ?? "")
            }, forKey: .annotations)
            try container.encode(declaration.ifConfig.chainText, forKey: .ifConfig)
            try container.encode(declaration.isLocal, forKey: .local)
            try container.encode(selected, forKey: .selected)
            try container.encode(actionNode, forKey: .actionNode)
            try container.encode(reference, forKey: .reference)
            try container.encode(declaration.cases.map(CaseRecord.init), forKey: .cases)
            try container.encodeIfPresent(declaration.cImport?.extensibility.rawValue, forKey: .cImport)
        }
    }

    private struct CaseRecord: Encodable {
        let enumCase: EnumCaseDeclaration

        enum Key: String, CodingKey {
            case name, line, column, indirect, attributes, ifConfig, associatedValues, rawValue
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(enumCase.name, forKey: .name)
            try container.encode(enumCase.location.line, forKey: .line)
            try container.encode(enumCase.location.column, forKey: .column)
            try container.encode(enumCase.isIndirect, forKey: .indirect)
            try container.encode(enumCase.attributes, forKey: .attributes)
            try container.encode(enumCase.ifConfig.chainText, forKey: .ifConfig)
            try container.encode(enumCase.associatedValues?.map(ValueRecord.init), forKey: .associatedValues)
            try container.encode(enumCase.rawValue, forKey: .rawValue)
        }
    }

    private struct ValueRecord: Encodable {
        let value: AssociatedValue

        enum Key: String, CodingKey { case label, type, hasDefault, defaultValue, variadic }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value.label, forKey: .label)
            try container.encode(value.typeText, forKey: .type)
            try container.encode(value.defaultValue != nil, forKey: .hasDefault)
            try container.encode(value.defaultValue, forKey: .defaultValue)
            try container.encode(value.isVariadic, forKey: .variadic)
        }
    }
}
