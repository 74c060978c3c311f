/// The access level each import copied into a generated file is written at. A generated file takes its
/// source's imports, so that payload types resolve; but `public import Foundation` in a file where no public
/// generated declaration names a type of Foundation draws "public import of 'Foundation' was not used in
/// public declarations or inlinable code". Such an import is written only as wide as the generated
/// declarations that may need it: `internal import` (or `package import`). Which import provides a type is
/// known only for a type of a reference whose module `--reference-module` names; any other type from outside
/// the sources may come from any import.
extension EnumPropertiesPlanner {
    /// - Parameters:
    ///   - enums: the enums whose properties the file holds.
    ///   - known: nil when no import of the sources states a wide access level.
    func narrowingImports(_ imports: [ImportDeclaration], for enums: [PlannedEnum],
                          known: NamesTheSourcesDeclare?) -> [ImportDeclaration] {
        guard let known, imports.contains(where: Self.statesWideAccess) else { return imports }
        let importedModules = Set(imports.compactMap(Self.moduleName))
        // The widest enum naming a type from outside the sources: what an import that may provide it needs.
        var anyImport = AccessLevel.internal
        // What each module needs, which counts only when every such type is found in modules the file imports.
        var byModule: [String: AccessLevel] = [:]
        var everyNameIsAttributed = true
        for planned in enums {
            guard let names = namesOutsideTheSources(planned, known: known) else {
                anyImport = max(anyImport, planned.access)
                everyNameIsAttributed = false
                continue
            }
            guard !names.isEmpty else { continue }
            anyImport = max(anyImport, planned.access)
            for name in names {
                let modules = importedModules.contains(String(name)) ? [String(name)]
                    : known.modules(declaring: name).filter(importedModules.contains)
                if modules.isEmpty { everyNameIsAttributed = false }
                for module in modules { byModule[module] = max(byModule[module] ?? .internal, planned.access) }
            }
        }
        return imports.map { declaration in
            // When every such type is a reference's whose module the file imports, no other import provides one
            // (another module's type of the same name would make the source's use of it ambiguous).
            var needed = anyImport
            if everyNameIsAttributed { needed = Self.moduleName(of: declaration).flatMap { byModule[$0] } ?? .internal }
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

    /// `NIOCore` for `public import NIOCore`, `import struct NIOCore.ByteBuffer` and `import NIOCore.Sub`.
    static func moduleName(of declaration: ImportDeclaration) -> String? {
        let words = declaration.text.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
        let path = kinds.contains(words[index + 1]) ? words.dropFirst(index + 2).first : words[index + 1]
        return path.flatMap { $0.split(separator: ".").first }.map(String.init)
    }

    /// The names a generated declaration of `planned` starts a type with that only an import can provide: of
    /// payload types, those neither the standard library's nor declared in the sources, and the type from
    /// another module the enum is nested in (an extension of it with public members needs that module
    /// imported publicly). Nil for an enum of a C header, whose module is not known.
    private func namesOutsideTheSources(_ planned: PlannedEnum, known: NamesTheSourcesDeclare) -> [Substring]? {
        let declaration = planned.declaration
        guard declaration.cImport == nil else { return nil }
        var names: [Substring] = []
        let outermost = Substring(declaration.qualifiedNameComponents[0])
        if !known.contains(outermost) { names.append(outermost) }
        let parameters = genericParametersInScope(of: declaration)
        for plannedCase in planned.cases where plannedCase.generatesValueProperty || (planned.generatesCasePaths && plannedCase.hasCasePath) {
            for type in plannedCase.payloadTypes {
                for start in TypeTextNames(type).starts
                where !parameters.contains(start.name) && !known.contains(start.name)
                    && model.types[declaration.qualifiedName + "." + start.name] == nil {
                    names.append(start.name)
                }
            }
        }
        return names
    }
}

/// The names a payload type can start with that need no import: the standard library's, and the top-level
/// types and typealiases of the sources. Not the references': they are other modules' (the build plugin's
/// dependency targets), whose types a public declaration names only through a public import.
struct NamesTheSourcesDeclare {
    private let topLevelNames: Set<Substring>
    /// The modules whose references declare a top-level type of each name (`--reference-module`). Not a
    /// typealias: the type it stands for may be another module's, which a public declaration may need too.
    private let modulesByName: [Substring: Set<String>]

    init(model: SourceModel, referenceModules: ReferenceModules = ReferenceModules()) {
        // The reader records every enum, struct, class, actor and protocol that is not local among `types`.
        var topLevelNames = Set<Substring>()
        for file in model.files {
            for type in file.types where !type.qualifiedName.contains(".") { topLevelNames.insert(Substring(type.qualifiedName)) }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") {
                topLevelNames.insert(Substring(alias.qualifiedName))
            }
        }
        var modulesByName: [Substring: Set<String>] = [:]
        if !referenceModules.isEmpty {
            for file in model.referenceFiles {
                guard let module = referenceModules.module(ofFile: file.path) else { continue }
                for type in file.types where !type.qualifiedName.contains(".") {
                    modulesByName[Substring(type.qualifiedName), default: []].insert(module)
                }
            }
        }
        self.topLevelNames = topLevelNames
        self.modulesByName = modulesByName
    }

    func contains(_ name: Substring) -> Bool {
        Self.standardLibrary.contains(name) || topLevelNames.contains(name)
    }

    /// The modules of the references that declare `name` at the top level.
    func modules(declaring name: Substring) -> Set<String> { modulesByName[name] ?? [] }

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
