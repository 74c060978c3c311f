#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// One file's parse result (`ParsedFile`) in the cache's byte encoding. The fields are listed once, in the
/// `code(_:)` of each model type below, which `FieldCoder` walks to encode, decode, skip or hash them. A
/// model field is added here and nowhere else in the cache; any model change must bump
/// `GenerationCache.formatVersion`, so an older cache is ignored instead of misread.
enum ParsedFileCoding {
    static func encode(_ file: ParsedFile, to writer: ByteWriter) {
        var coder = FieldCoder.encoding(path: file.path, to: writer)
        var file = file
        try? file.code(&coder)  // encoding reads no bytes, so nothing throws
    }

    /// The hash of every field but lines and columns: equal for two parses that declare the same things in
    /// the same order, wherever in the file they stand.
    static func positionFreeHash(of file: ParsedFile) -> RenderedSections.Key {
        FieldCoder.hash(path: file.path) { coder in
            var file = file
            try file.code(&coder)
        }
    }

    static func decode(path: String, from reader: inout ByteReader) throws -> ParsedFile {
        try decode(path: path, from: &reader, forPlanning: false)
    }

    /// What planning another file's enums reads of this one (see `EarlyCutOff`): its enums without their
    /// cases, its types and typealiases, the members that can be an enum's (those declared in the body of a
    /// struct, class, actor or protocol of this file cannot, as in `ParsedFile.referenceSummary`), and
    /// whether Sourcery wrote it. Cases, other members, imports and diagnostics are read past, not built:
    /// in a large target they are most of the cache. Reactor's states are built (they are few, and the
    /// summary keeps them whole).
    static func decodeForPlanning(path: String, from reader: inout ByteReader) throws -> ParsedFile {
        try decode(path: path, from: &reader, forPlanning: true)
    }

    private static func decode(path: String, from reader: inout ByteReader, forPlanning: Bool) throws -> ParsedFile {
        var coder = FieldCoder.decoding(path: path, from: reader, forPlanning: forPlanning)
        var file = ParsedFile(path: path)
        try file.code(&coder)
        reader = coder.reader
        return file
    }
}

extension ParsedFile {
    mutating func code(_ coder: inout FieldCoder) throws {
        // Enums, cases and types are tens of thousands in a modular app's cache: coded in plain loops, not
        // through the generic `array`, which in the debug build looks up its element type's metadata on every call.
        var enumCount = enums.count
        try coder.count(&enumCount)
        if coder.mode == .decode { enums.reserveCapacity(enumCount) }
        var index = 0
        while index < enumCount {
            var declaration = coder.mode == .decode ? EnumDeclaration.blank : enums[index]
            try declaration.code(&coder)
            if coder.mode == .decode { enums.append(declaration) }
            index += 1
        }
        var typeCount = types.count
        try coder.count(&typeCount)
        if coder.mode == .decode { types.reserveCapacity(typeCount) }
        index = 0
        while index < typeCount {
            var type = coder.mode == .decode ? TypeDeclaration.blank : types[index]
            try type.code(&coder)
            if coder.mode == .decode { types.append(type) }
            index += 1
        }
        if coder.isForPlanning, coder.mode == .decode {
            try membersForPlanning(&coder)
        } else if try !coder.codedAsEmpty(members.isEmpty) {
            try coder.array(&members, blank: { .blank }) { member, coder in
                try coder.string(&member.ownerName)
                try member.codeAfterOwner(&coder)
            }
        }
        if try !coder.codedAsEmpty(imports.isEmpty) {
            try coder.skipping(if: coder.isForPlanning) { coder in
                try coder.array(&imports, blank: { .blank }) { try $0.code(&$1) }
            }
        }
        if try !coder.codedAsEmpty(typeAliases.isEmpty) {
            try coder.array(&typeAliases, blank: { TypeAliasDeclaration(qualifiedName: "", targetText: "", location: .blank) }) {
                alias, coder in
                try coder.string(&alias.qualifiedName)
                try coder.string(&alias.targetText)
                try coder.location(&alias.location)
                try coder.strings(&alias.spiAttributes)
            }
        }
        if try !coder.codedAsEmpty(diagnostics.isEmpty) {
            try coder.skipping(if: coder.isForPlanning) { coder in
                try coder.array(&diagnostics, blank: { .note("") }) { diagnostic, coder in
                    try coder.tableIndex(&diagnostic.severity, in: [.note, .warning, .error])
                    try coder.string(&diagnostic.message)
                    var hasLocation = diagnostic.location != nil
                    try coder.bool(&hasLocation)
                    guard hasLocation else { return }
                    var location = diagnostic.location ?? .blank
                    try coder.location(&location)
                    diagnostic.location = location
                }
            }
        }
        try coder.bool(&isSourceryOutput)
        if try !coder.codedAsEmpty(reactorStates.isEmpty) {
            try coder.array(&reactorStates, blank: { .blank }) { try $0.code(&$1) }
        }
    }

    /// The members whose owner is not one of `namesOfTypesOtherThanEnums` (enums and types are decoded
    /// first), compared as bytes so that the others (nearly all, in an app's sources) are never built.
    private mutating func membersForPlanning(_ coder: inout FieldCoder) throws {
        let otherTypeNames = namesOfTypesOtherThanEnums
        var count = 0
        try coder.count(&count)
        while count > 0 {
            count -= 1
            let owner = try coder.reader.slice(try coder.reader.count())
            let isOtherTypesMember = otherTypeNames.contains { name in
                var name = name
                return name.withUTF8 { name in
                    name.count == owner.count
                        && (owner.count == 0 || memcmp(name.baseAddress!, owner.baseAddress!, owner.count) == 0)
                }
            }
            var member = MemberDeclaration.blank
            try coder.skipping(if: isOtherTypesMember) { try member.codeAfterOwner(&$0) }
            if !isOtherTypesMember {
                member.ownerName = String(decoding: owner, as: UTF8.self)
                members.append(member)
            }
        }
    }
}

extension EnumDeclaration {
    static var blank: EnumDeclaration { EnumDeclaration(name: "", qualifiedNameComponents: [], location: .blank) }

    /// - Parameter includingCases: false for a render key, which codes the planned cases itself.
    mutating func code(_ coder: inout FieldCoder, includingCases: Bool = true) throws {
        try coder.string(&name)
        try coder.strings(&qualifiedNameComponents)
        try coder.location(&location)
        try coder.strings(&genericParameters)
        try coder.optionalString(&whereClause)
        try coder.access(&declaredAccess)
        try coder.strings(&attributes)
        try coder.strings(&inheritance)
        try coder.annotations(&annotations)
        try coder.bool(&isIndirect)
        try coder.scopes(&enclosingScopes)
        try coder.clauses(&ifConfig)
        try coder.bool(&isLocal)
        if includingCases {
            // After their length, so that planning, which reads no cases, jumps over them.
            try coder.lengthPrefixed(skippedWhenDecoding: coder.isForPlanning) { coder in
                var caseCount = cases.count
                try coder.count(&caseCount)
                if coder.mode == .decode { cases.reserveCapacity(caseCount) }
                var index = 0
                while index < caseCount {
                    var enumCase = coder.mode == .decode ? EnumCaseDeclaration.blank : cases[index]
                    try enumCase.code(&coder)
                    if coder.mode == .decode { cases.append(enumCase) }
                    index += 1
                }
            }
        }
        var isImported = cImport != nil
        try coder.bool(&isImported)
        guard isImported else { return }
        var imported = cImport ?? CEnumImport(extensibility: .none, cName: "")
        try coder.rawValue(&imported.extensibility)
        try coder.string(&imported.cName)
        cImport = imported
    }
}

extension EnumCaseDeclaration {
    static var blank: EnumCaseDeclaration { EnumCaseDeclaration(name: "", location: .blank) }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.string(&name)
        try coder.location(&location)
        try coder.bool(&isIndirect)
        try coder.strings(&attributes)
        try coder.clauses(&ifConfig)
        var hasPayload = associatedValues != nil
        try coder.bool(&hasPayload)
        if hasPayload {
            var values = associatedValues ?? []
            var count = values.count
            try coder.count(&count)
            if coder.mode == .decode { values.reserveCapacity(count) }
            var index = 0
            while index < count {
                var value = coder.mode == .decode || coder.mode == .skip ? AssociatedValue(label: nil, typeText: "") : values[index]
                try coder.optionalString(&value.label)
                try coder.string(&value.typeText)
                try coder.optionalString(&value.defaultValue)
                try coder.bool(&value.isVariadic)
                if coder.mode == .decode { values.append(value) }
                index += 1
            }
            associatedValues = values
        }
        try coder.optionalString(&rawValue)
        try coder.annotations(&annotations)
    }
}

extension TypeDeclaration {
    static var blank: TypeDeclaration {
        TypeDeclaration(qualifiedName: "", declaredAccess: nil, enclosingScopes: [], location: .blank)
    }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.string(&qualifiedName)
        try coder.access(&declaredAccess)
        try coder.scopes(&enclosingScopes)
        try coder.location(&location)
        try coder.strings(&genericParameterNames)
        try coder.bool(&mayRequireSendableArguments)
        try coder.bool(&mayConstrainParameters)
    }
}

extension MemberDeclaration {
    static var blank: MemberDeclaration {
        MemberDeclaration(ownerName: "", name: "", kind: .property, isStatic: false, location: .blank)
    }

    /// Every field but the owner's name, which planning compares before it decodes the rest.
    mutating func codeAfterOwner(_ coder: inout FieldCoder) throws {
        try coder.string(&name)
        try coder.tableIndex(&kind, in: [.property, .function, .type, .typeAlias])
        try coder.bool(&isStatic)
        try coder.location(&location)
        try coder.optionalString(&typeText)
    }
}

extension EnclosingScope {
    mutating func code(_ coder: inout FieldCoder) throws {
        var (tag, name, access): (UInt8, String, AccessLevel?) = switch self {
        case .type(let name, let access): (0, name, access)
        case .extension(let name, let access): (1, name, access)
        }
        try coder.byte(&tag)
        try coder.string(&name)
        try coder.access(&access)
        switch tag {
        case 0: self = .type(name: name, declaredAccess: access)
        case 1: self = .extension(extendedType: name, declaredAccess: access)
        default: throw ByteReader.Malformed()
        }
    }
}

extension IfConfigClause {
    static var blank: IfConfigClause { IfConfigClause(blockID: 0, kind: .if, condition: "", precedingConditions: []) }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.signed(&blockID)
        try coder.rawValue(&kind)
        try coder.string(&condition)
        try coder.strings(&precedingConditions)
    }
}

extension ImportDeclaration {
    static var blank: ImportDeclaration { ImportDeclaration(text: "") }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.string(&text)
        try coder.clauses(&ifConfig)
    }
}

extension Annotation {
    static var blank: Annotation { Annotation(namespace: "", name: "") }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.string(&namespace)
        try coder.string(&name)
        try coder.optionalString(&value)
    }
}

/// The arrays nearly always empty, coded without a generic call when they are (see `codedAsEmpty`).
extension FieldCoder {
    mutating func clauses(_ clauses: inout [IfConfigClause]) throws {
        guard try !codedAsEmpty(clauses.isEmpty) else { return }
        try array(&clauses, blank: { .blank }) { try $0.code(&$1) }
    }

    mutating func annotations(_ annotations: inout [Annotation]) throws {
        guard try !codedAsEmpty(annotations.isEmpty) else { return }
        try array(&annotations, blank: { .blank }) { try $0.code(&$1) }
    }

    mutating func scopes(_ scopes: inout [EnclosingScope]) throws {
        guard try !codedAsEmpty(scopes.isEmpty) else { return }
        try array(&scopes, blank: { .type(name: "", declaredAccess: nil) }) { try $0.code(&$1) }
    }
}

extension SourceLocation {
    static var blank: SourceLocation { SourceLocation(file: "", line: 0, column: 0) }
}
