import Foundation

/// `rexgen dump --format json`: one JSON object per enum declaration, one per line (JSON Lines),
/// sorted by file then line. The keys are a contract (the differential test reads them).
public enum ModelDump {
    public static func jsonLines(_ model: SourceModel, rules: SelectionRules) -> String {
        let types = model.types
        let resolver = AccessResolver(types: types)
        let carried = rules.carriedTypeNames(in: model)
        var records: [EnumRecord] = []
        for (isReference, files) in [(false, model.files), (true, model.referenceFiles)] {
            for file in files {
                for declaration in file.enums {
                    let access = resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                          enclosing: declaration.enclosingScopes)
                    records.append(EnumRecord(declaration, effectiveAccess: access,
                                              selected: !isReference && rules.isSelected(declaration, carriedTypeNames: carried),
                                              reference: isReference))
                }
            }
        }
        records.sort { ($0.declaration.location.file, $0.declaration.location.line, $0.declaration.location.column)
            < ($1.declaration.location.file, $1.declaration.location.line, $1.declaration.location.column) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return records.map { record in
            // Encoding plain strings, arrays and booleans cannot fail.
            String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self) + "\n"
        }.joined()
    }

    private struct EnumRecord: Encodable {
        let declaration: EnumDeclaration
        let effectiveAccess: AccessLevel
        let selected: Bool
        let reference: Bool

        init(_ declaration: EnumDeclaration, effectiveAccess: AccessLevel, selected: Bool, reference: Bool) {
            self.declaration = declaration
            self.effectiveAccess = effectiveAccess
            self.selected = selected
            self.reference = reference
        }

        enum Key: String, CodingKey {
            case file, line, column, name, qualifiedName, genericParameters, whereClause, access, effectiveAccess
            case indirect, attributes, inheritance, annotations, ifConfig, local, selected, reference, cases
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
            try container.encode(reference, forKey: .reference)
            try container.encode(declaration.cases.map(CaseRecord.init), forKey: .cases)
            // Only for enums read from C headers: how Swift imports them (closed, open, or none: a struct).
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
