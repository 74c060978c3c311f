/// One file's parse result (`ParsedFile`) in the cache's byte encoding, field by field. Any model change
/// must bump `GenerationCache.formatVersion`, so an older cache is ignored instead of misread.
///
/// Locations almost always name the file itself: those store a flag instead of the path, and decoding
/// shares the one path string among them.
enum ParsedFileCoding {
    static func encode(_ file: ParsedFile, to writer: ByteWriter) {
        Encoder(path: file.path, writer: writer, writesPositions: true).file(file)
    }

    /// The encoding with every line and column left out: equal for two parses that declare the same
    /// things in the same order, wherever in the file they stand.
    static func positionFreeEncoding(of file: ParsedFile) -> [UInt8] {
        let writer = ByteWriter(capacity: 512)
        Encoder(path: file.path, writer: writer, writesPositions: false).file(file)
        return writer.bytes
    }

    static func decode(path: String, from reader: inout ByteReader) throws -> ParsedFile {
        var decoder = Decoder(path: path, reader: reader)
        let file = try decoder.file()
        reader = decoder.reader
        return file
    }

    /// What planning another file's enums reads of this one (see `SourceEditShortcut`): its enums without
    /// their cases, its types and typealiases, the members that can be an enum's (those declared in the body
    /// of a struct, class, actor or protocol of this file cannot, as in `ParsedFile.referenceSummary`), and
    /// whether Sourcery wrote it. Cases, other members, imports and diagnostics are read past, not built:
    /// in a large target they are most of the cache. Reactor's states are built (they are few, and the
    /// summary keeps them whole).
    static func decodeForPlanning(path: String, from reader: inout ByteReader) throws -> ParsedFile {
        var decoder = Decoder(path: path, reader: reader, forPlanning: true)
        let file = try decoder.file()
        reader = decoder.reader
        return file
    }

    struct Encoder {
        let path: String
        let writer: ByteWriter
        let writesPositions: Bool

        func file(_ file: ParsedFile) {
            writer.count(file.enums.count)
            for declaration in file.enums { enumDeclaration(declaration) }
            writer.count(file.types.count)
            for type in file.types {
                writer.string(type.qualifiedName)
                access(type.declaredAccess)
                scopes(type.enclosingScopes)
                location(type.location)
                writer.strings(type.genericParameterNames)
            }
            writer.count(file.members.count)
            for member in file.members {
                writer.string(member.ownerName)
                writer.string(member.name)
                writer.byte(Self.kindCodes[member.kind]!)
                writer.bool(member.isStatic)
                location(member.location)
                writer.optionalString(member.typeText)
            }
            writer.count(file.imports.count)
            for declaration in file.imports {
                writer.string(declaration.text)
                ifConfig(declaration.ifConfig)
            }
            writer.count(file.typeAliases.count)
            for alias in file.typeAliases {
                writer.string(alias.qualifiedName)
                writer.string(alias.targetText)
                location(alias.location)
            }
            writer.count(file.diagnostics.count)
            for diagnostic in file.diagnostics {
                writer.byte(Self.severityCodes[diagnostic.severity]!)
                writer.string(diagnostic.message)
                writer.bool(diagnostic.location != nil)
                if let location = diagnostic.location { self.location(location) }
            }
            writer.bool(file.isSourceryOutput)
            writer.count(file.reactorStates.count)
            for state in file.reactorStates { reactorState(state) }
        }

        static let kindCodes: [MemberDeclaration.Kind: UInt8] = [.property: 0, .function: 1, .type: 2, .typeAlias: 3]
        static let severityCodes: [Diagnostic.Severity: UInt8] = [.note: 0, .warning: 1, .error: 2]

        func enumDeclaration(_ declaration: EnumDeclaration) {
            writer.string(declaration.name)
            writer.strings(declaration.qualifiedNameComponents)
            location(declaration.location)
            writer.strings(declaration.genericParameters)
            writer.optionalString(declaration.whereClause)
            access(declaration.declaredAccess)
            writer.strings(declaration.attributes)
            writer.strings(declaration.inheritance)
            annotations(declaration.annotations)
            writer.bool(declaration.isIndirect)
            scopes(declaration.enclosingScopes)
            ifConfig(declaration.ifConfig)
            writer.bool(declaration.isLocal)
            writer.count(declaration.cases.count)
            for enumCase in declaration.cases { self.enumCase(enumCase) }
            writer.bool(declaration.cImport != nil)
            if let cImport = declaration.cImport {
                writer.string(cImport.extensibility.rawValue)
                writer.string(cImport.cName)
            }
        }

        func enumCase(_ enumCase: EnumCaseDeclaration) {
            writer.string(enumCase.name)
            location(enumCase.location)
            writer.bool(enumCase.isIndirect)
            writer.strings(enumCase.attributes)
            ifConfig(enumCase.ifConfig)
            writer.bool(enumCase.associatedValues != nil)
            if let values = enumCase.associatedValues {
                writer.count(values.count)
                for value in values {
                    writer.optionalString(value.label)
                    writer.string(value.typeText)
                    writer.optionalString(value.defaultValue)
                    writer.bool(value.isVariadic)
                }
            }
            writer.optionalString(enumCase.rawValue)
            annotations(enumCase.annotations)
        }

        func location(_ location: SourceLocation) {
            let isOwnFile = location.file == path
            writer.bool(!isOwnFile)
            if !isOwnFile { writer.string(location.file) }
            guard writesPositions else { return }
            writer.count(location.line)
            writer.count(location.column)
        }

        func access(_ access: AccessLevel?) {
            writer.optionalString(access?.rawValue)
        }

        func scopes(_ scopes: [EnclosingScope]) {
            writer.count(scopes.count)
            for scope in scopes {
                switch scope {
                case .type(let name, let declaredAccess):
                    writer.byte(0)
                    writer.string(name)
                    access(declaredAccess)
                case .extension(let extendedType, let declaredAccess):
                    writer.byte(1)
                    writer.string(extendedType)
                    access(declaredAccess)
                }
            }
        }

        func ifConfig(_ clauses: [IfConfigClause]) {
            writer.count(clauses.count)
            for clause in clauses {
                writer.signed(Int64(clause.blockID))
                writer.string(clause.kind.rawValue)
                writer.string(clause.condition)
                writer.strings(clause.precedingConditions)
            }
        }

        func annotations(_ annotations: [Annotation]) {
            writer.count(annotations.count)
            for annotation in annotations {
                writer.string(annotation.namespace)
                writer.string(annotation.name)
                writer.optionalString(annotation.value)
            }
        }
    }

    struct Decoder {
        let path: String
        var reader: ByteReader
        /// See `decodeForPlanning`.
        var forPlanning = false

        /// `count` elements, each read by `element` (which gets the decoder, so nothing is accessed twice).
        mutating func array<Element>(_ element: (inout Decoder) throws -> Element) throws -> [Element] {
            let count = try reader.count()
            guard count > 0 else { return [] }
            var result: [Element] = []
            result.reserveCapacity(count)
            var index = 0
            while index < count {  // not `for … in 0..<count`: see `SourceFileCollector.collect`
                result.append(try element(&self))
                index += 1
            }
            return result
        }

        mutating func file() throws -> ParsedFile {
            var file = ParsedFile(path: path)
            // The enums, their cases and payloads, and the types (tens of thousands in a modular app's cache)
            // are decoded in plain loops: in the debug build the build plugin runs, the generic `array` looks up its
            // element type's metadata on every call.
            let enumCount = try reader.count()
            file.enums.reserveCapacity(enumCount)
            while file.enums.count < enumCount { file.enums.append(try enumDeclaration()) }
            let typeCount = try reader.count()
            file.types.reserveCapacity(typeCount)
            while file.types.count < typeCount {
                file.types.append(TypeDeclaration(qualifiedName: try reader.string(), declaredAccess: try access(),
                                                  enclosingScopes: try scopes(), location: try location(),
                                                  genericParameterNames: try reader.strings()))
            }
            if forPlanning {
                try membersForPlanning(into: &file)
                try skipImports()
            } else {
                file.members = try array { decoder in
                    let owner = try decoder.reader.string()
                    return try decoder.member(owner: owner)
                }
                file.imports = try array { decoder in
                    ImportDeclaration(text: try decoder.reader.string(), ifConfig: try decoder.ifConfig())
                }
            }
            file.typeAliases = try array { decoder in
                TypeAliasDeclaration(qualifiedName: try decoder.reader.string(), targetText: try decoder.reader.string(),
                                     location: try decoder.location())
            }
            if forPlanning {
                try skipDiagnostics()
            } else {
                file.diagnostics = try array { decoder in
                    let severity = try Self.severities.element(at: Int(try decoder.reader.byte()))
                    let message = try decoder.reader.string()
                    return Diagnostic(severity, message, at: try decoder.reader.bool() ? try decoder.location() : nil)
                }
            }
            file.isSourceryOutput = try reader.bool()
            file.reactorStates = try array { try $0.reactorState() }
            return file
        }

        mutating func member(owner: String) throws -> MemberDeclaration {
            let name = try reader.string()
            let kind = try Self.kinds.element(at: Int(try reader.byte()))
            return MemberDeclaration(ownerName: owner, name: name, kind: kind, isStatic: try reader.bool(),
                                     location: try location(), typeText: try reader.optionalString())
        }

        static let kinds: [MemberDeclaration.Kind] = [.property, .function, .type, .typeAlias]
        static let severities: [Diagnostic.Severity] = [.note, .warning, .error]

        mutating func enumDeclaration() throws -> EnumDeclaration {
            var declaration = EnumDeclaration(name: try reader.string(), qualifiedNameComponents: try reader.strings(),
                                              location: try location())
            declaration.genericParameters = try reader.strings()
            declaration.whereClause = try reader.optionalString()
            declaration.declaredAccess = try access()
            declaration.attributes = try reader.strings()
            declaration.inheritance = try reader.strings()
            declaration.annotations = try annotations()
            declaration.isIndirect = try reader.bool()
            declaration.enclosingScopes = try scopes()
            declaration.ifConfig = try ifConfig()
            declaration.isLocal = try reader.bool()
            let caseCount = try reader.count()
            if forPlanning {
                var skipped = 0
                while skipped < caseCount {
                    try skipEnumCase()
                    skipped += 1
                }
            } else {
                declaration.cases.reserveCapacity(caseCount)
                while declaration.cases.count < caseCount { declaration.cases.append(try enumCase()) }
            }
            if try reader.bool() {
                guard let extensibility = CEnumImport.Extensibility(rawValue: try reader.string()) else {
                    throw ByteReader.Malformed()
                }
                declaration.cImport = CEnumImport(extensibility: extensibility, cName: try reader.string())
            }
            return declaration
        }

        mutating func enumCase() throws -> EnumCaseDeclaration {
            var enumCase = EnumCaseDeclaration(name: try reader.string(), location: try location())
            enumCase.isIndirect = try reader.bool()
            enumCase.attributes = try reader.strings()
            enumCase.ifConfig = try ifConfig()
            if try reader.bool() {
                let valueCount = try reader.count()
                var values: [AssociatedValue] = []
                values.reserveCapacity(valueCount)
                while values.count < valueCount {
                    values.append(AssociatedValue(label: try reader.optionalString(), typeText: try reader.string(),
                                                  defaultValue: try reader.optionalString(), isVariadic: try reader.bool()))
                }
                enumCase.associatedValues = values
            }
            enumCase.rawValue = try reader.optionalString()
            enumCase.annotations = try annotations()
            return enumCase
        }

        mutating func location() throws -> SourceLocation {
            let file = try reader.bool() ? try reader.string() : path
            return SourceLocation(file: file, line: try reader.natural(), column: try reader.natural())
        }

        mutating func access() throws -> AccessLevel? {
            guard let text = try reader.optionalString() else { return nil }
            guard let access = AccessLevel(rawValue: text) else { throw ByteReader.Malformed() }
            return access
        }

        mutating func scopes() throws -> [EnclosingScope] {
            try array { decoder in
                let tag = try decoder.reader.byte()
                let name = try decoder.reader.string()
                let declaredAccess = try decoder.access()
                switch tag {
                case 0: return .type(name: name, declaredAccess: declaredAccess)
                case 1: return .extension(extendedType: name, declaredAccess: declaredAccess)
                default: throw ByteReader.Malformed()
                }
            }
        }

        mutating func ifConfig() throws -> [IfConfigClause] {
            try array { decoder in
                let blockID = try decoder.reader.int()
                guard let kind = IfConfigClause.Kind(rawValue: try decoder.reader.string()) else {
                    throw ByteReader.Malformed()
                }
                return IfConfigClause(blockID: blockID, kind: kind, condition: try decoder.reader.string(),
                                      precedingConditions: try decoder.reader.strings())
            }
        }

        mutating func annotations() throws -> [Annotation] {
            try array { decoder in
                Annotation(namespace: try decoder.reader.string(), name: try decoder.reader.string(),
                           value: try decoder.reader.optionalString())
            }
        }
    }
}

private extension Array {
    func element(at index: Int) throws -> Element {
        guard indices.contains(index) else { throw ByteReader.Malformed() }
        return self[index]
    }
}
