/// `rexgen dump --format json`: one JSON object per enum declaration, one per line (JSON Lines),
/// sorted by file then line. The keys are a contract (the differential test reads them).
public enum ModelDump {
    public static func jsonLines(_ model: SourceModel, rules: SelectionRules) -> String {
        String(decoding: jsonLinesUTF8(model, rules: rules), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, ready to write to a file descriptor.
    public static func jsonLinesUTF8(_ model: SourceModel, rules: SelectionRules) -> [UInt8] {
        let types = model.types
        let resolver = AccessResolver(types: types)
        let carried = rules.carriedTypeNames(in: model)
        let actionNodes = Set(ActionTreeBuilder.actionNodes(in: model, rules: rules).map(\.declaration.location))
        var records: [EnumRecord] = []
        for (isReference, files) in [(false, model.files), (true, model.referenceFiles)] {
            for file in files {
                for declaration in file.enums {
                    let access = resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                          enclosing: declaration.enclosingScopes)
                    records.append(EnumRecord(declaration: declaration, effectiveAccess: access,
                                              selected: !isReference && rules.isSelected(declaration, carriedTypeNames: carried),
                                              actionNode: actionNodes.contains(declaration.location),
                                              reference: isReference))
                }
            }
        }
        records.sort { ($0.declaration.location.file, $0.declaration.location.line, $0.declaration.location.column)
            < ($1.declaration.location.file, $1.declaration.location.line, $1.declaration.location.column) }
        var writer = JSONBytesWriter(reservingCapacity: records.count * 1024)
        for record in records {
            record.write(to: &writer)
            writer.newline()
        }
        return writer.bytes
    }

    /// One enum declaration with what the dump adds to it.
    private struct EnumRecord {
        let declaration: EnumDeclaration
        let effectiveAccess: AccessLevel
        let selected: Bool
        /// A node of the action tree (an action enum), as opposed to one that only gets properties.
        let actionNode: Bool
        let reference: Bool

        /// The keys in byte order, as `JSONEncoder`'s `.sortedKeys` writes them (`cImport` before `cases`).
        func write(to writer: inout JSONBytesWriter) {
            writer.beginObject()
            writer.key("access"); writer.string(declaration.declaredAccess?.rawValue)
            writer.key("actionNode"); writer.bool(actionNode)
            writer.key("annotations"); writer.strings(declaration.annotations.map { annotation in
                "\(annotation.namespace): \(annotation.name)" + (annotation.value.map { " = \($0)" } ?? "")
            })
            writer.key("attributes"); writer.strings(declaration.attributes)
            // Only for enums read from C headers: how Swift imports them (closed, open, or none: a struct).
            if let cImport = declaration.cImport {
                writer.key("cImport"); writer.string(cImport.extensibility.rawValue)
            }
            writer.key("cases")
            writer.beginArray()
            for enumCase in declaration.cases { write(enumCase, to: &writer) }
            writer.endArray()
            writer.key("column"); writer.int(declaration.location.column)
            writer.key("effectiveAccess"); writer.string(effectiveAccess.rawValue)
            writer.key("file"); writer.string(declaration.location.file)
            writer.key("genericParameters"); writer.strings(declaration.genericParameters)
            writer.key("ifConfig"); writer.string(declaration.ifConfig.chainText)
            writer.key("indirect"); writer.bool(declaration.isIndirect)
            writer.key("inheritance"); writer.strings(declaration.inheritance)
            writer.key("line"); writer.int(declaration.location.line)
            writer.key("local"); writer.bool(declaration.isLocal)
            writer.key("name"); writer.string(declaration.name)
            writer.key("qualifiedName"); writer.string(declaration.qualifiedName)
            writer.key("reference"); writer.bool(reference)
            writer.key("selected"); writer.bool(selected)
            writer.key("whereClause"); writer.string(declaration.whereClause)
            writer.endObject()
        }

        private func write(_ enumCase: EnumCaseDeclaration, to writer: inout JSONBytesWriter) {
            writer.beginObject()
            writer.key("associatedValues")
            if let values = enumCase.associatedValues {
                writer.beginArray()
                for value in values { write(value, to: &writer) }
                writer.endArray()
            } else {
                writer.null()
            }
            writer.key("attributes"); writer.strings(enumCase.attributes)
            writer.key("column"); writer.int(enumCase.location.column)
            writer.key("ifConfig"); writer.string(enumCase.ifConfig.chainText)
            writer.key("indirect"); writer.bool(enumCase.isIndirect)
            writer.key("line"); writer.int(enumCase.location.line)
            writer.key("name"); writer.string(enumCase.name)
            writer.key("rawValue"); writer.string(enumCase.rawValue)
            writer.endObject()
        }

        private func write(_ value: AssociatedValue, to writer: inout JSONBytesWriter) {
            writer.beginObject()
            writer.key("defaultValue"); writer.string(value.defaultValue)
            writer.key("hasDefault"); writer.bool(value.defaultValue != nil)
            writer.key("label"); writer.string(value.label)
            writer.key("type"); writer.string(value.typeText)
            writer.key("variadic"); writer.bool(value.isVariadic)
            writer.endObject()
        }
    }
}
