/// The access level each import copied into a generated file is written at. A generated file takes its
/// source's imports, so that payload types resolve; but `public import Foundation` in a file where no public
/// generated declaration names a type of Foundation draws "public import of 'Foundation' was not used in
/// public declarations or inlinable code". Such an import is written only as wide as the generated
/// declarations that may need it: `internal import` (or `package import`).
extension EnumPropertiesPlanner {
    /// - Parameters:
    ///   - enums: the enums whose properties the file holds.
    ///   - known: nil when no import of the sources states a wide access level.
    func narrowingImports(_ imports: [ImportDeclaration], for enums: [PlannedEnum],
                          known: NamesTheSourcesDeclare?) -> [ImportDeclaration] {
        guard let known, imports.contains(where: Self.statesWideAccess) else { return imports }
        let needed = max(.internal, enums.filter { namesTypesOutsideTheSources($0, known: known) }.map(\.access).max() ?? .internal)
        return imports.map { declaration in
            guard let stated = Self.statedAccess(of: declaration), stated > needed else { return declaration }
            var words = declaration.text.split(separator: " ").map(String.init)
            words[words.firstIndex(of: "import")! - 1] = needed.memberKeyword
            return ImportDeclaration(text: words.joined(separator: " "), ifConfig: declaration.ifConfig)
        }
    }

    static func statesWideAccess(_ declaration: ImportDeclaration) -> Bool {
        (statedAccess(of: declaration) ?? .internal) > .internal
    }

    /// `public` for `public import Foundation` and `@preconcurrency public import Foundation`; nil for an
    /// import without an access level, and for `@_exported` ones, which re-export the module whatever is used.
    static func statedAccess(of declaration: ImportDeclaration) -> AccessLevel? {
        let words = declaration.text.split(separator: " ")
        guard !words.contains("@_exported"), let index = words.firstIndex(of: "import"), index > 0 else { return nil }
        return AccessLevel(rawValue: String(words[index - 1]))
    }

    /// Whether a generated declaration of `planned` names a type only an import can provide: a payload type
    /// that is neither the standard library's nor declared in the sources, or a type from another module the
    /// enum is nested in (an extension of it with public members needs that module imported publicly).
    private func namesTypesOutsideTheSources(_ planned: PlannedEnum, known: NamesTheSourcesDeclare) -> Bool {
        let declaration = planned.declaration
        guard declaration.cImport == nil, known.contains(Substring(declaration.qualifiedNameComponents[0])) else { return true }
        let parameters = genericParametersInScope(of: declaration)
        let written = planned.cases.filter { $0.generatesValueProperty || (planned.generatesCasePaths && $0.hasCasePath) }
        return written.contains { plannedCase in
            plannedCase.payloadTypes.contains { type in
                TypeTextNames(type).starts.contains { start in
                    !parameters.contains(start.name) && !known.contains(start.name)
                        && model.types[declaration.qualifiedName + "." + start.name] == nil
                }
            }
        }
    }
}

/// The names a payload type can start with that need no import: the standard library's, and the top-level
/// types and typealiases of the sources. Not the references': they are other modules' (the build plugin's
/// dependency targets), whose types a public declaration names only through a public import.
struct NamesTheSourcesDeclare {
    private let topLevelNames: Set<Substring>

    init(model: SourceModel) {
        var names = Set<Substring>()
        for file in model.files {
            for name in file.types.map(\.qualifiedName) + file.enums.map(\.qualifiedName) + file.typeAliases.map(\.qualifiedName)
            where !name.contains(".") {
                names.insert(Substring(name))
            }
        }
        topLevelNames = names
    }

    func contains(_ name: Substring) -> Bool {
        Self.standardLibrary.contains(name) || topLevelNames.contains(name)
    }

    static let standardLibrary: Set<Substring> = UncheckedSendableRequirement.typesRequiringNothingSendable.union([
        "Swift", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float",
        "Float16", "Float80", "Double", "Bool", "String", "Character", "Substring", "StaticString", "Unicode", "Void",
        "Never", "Error", "Any", "AnyObject", "AnyHashable", "AnyKeyPath", "Hashable", "Equatable", "Comparable",
        "Codable", "Encodable", "Decodable", "CodingKey", "Identifiable", "CustomStringConvertible", "Sendable",
        "ObjectIdentifier", "OpaquePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeRawBufferPointer",
        "UnsafeMutableRawBufferPointer", "Duration", "ContinuousClock", "SuspendingClock", "Clock", "Task",
        "TaskPriority", "CancellationError", "DecodingError", "EncodingError", "MainActor", "Actor", "Int128", "UInt128",
    ])
}
