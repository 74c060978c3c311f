/// The access level each import copied into a generated file is written at. A generated file takes its
/// source's imports, so that payload types resolve; but `public import Foundation` in a file where no public
/// generated declaration names a type of Foundation draws "public import of 'Foundation' was not used in
/// public declarations or inlinable code". Such an import is written only as wide as the generated
/// declarations that may need it: `internal import` (or `package import`). Which import provides a type is
/// known only for a type of a reference whose module `--reference-module` names; any other type from outside
/// the sources may come from any import but those of such modules that re-export none and declare no
/// typealias of its name.
extension EnumPropertiesPlanner {
    /// - Parameters:
    ///   - enums: the enums whose properties the file holds.
    ///   - known: nil when no import of the sources states a wide access level.
    func narrowingImports(_ imports: [ImportDeclaration], for enums: [PlannedEnum],
                          known: NamesTheSourcesDeclare?) -> [ImportDeclaration] {
        guard let known, imports.contains(where: Self.statesWideAccess) else { return imports }
        let importedModules = Set(imports.compactMap(\.moduleName).map(String.init))
        // The widest enum naming a type from outside the sources: what an import that may provide it needs.
        var anyImport = AccessLevel.internal
        // What each module needs for the types found in it, and the names found in no module the file imports
        // (nil for a C header's enum, whose module is not known).
        var byModule: [String: AccessLevel] = [:]
        var unattributed: [Substring]? = []
        for planned in enums {
            guard let names = namesOutsideTheSources(planned, known: known) else {
                anyImport = max(anyImport, planned.access)
                unattributed = nil
                continue
            }
            guard !names.isEmpty else { continue }
            anyImport = max(anyImport, planned.access)
            for name in names {
                let modules = importedModules.contains(String(name)) ? [String(name)]
                    : known.modules(declaring: name).filter(importedModules.contains)
                if modules.isEmpty { unattributed?.append(name) }
                // A module that declares a type inside this one (in an extension) may provide the rest of the name.
                for module in modules + known.modules(nestingIn: name).filter(importedModules.contains) {
                    byModule[module] = max(byModule[module] ?? .internal, planned.access)
                }
            }
        }
        return imports.map { declaration in
            // A module provides no type it does not declare, unless it re-exports another module or names the
            // type through a typealias (another module's type of the same name would make the source's use of
            // it ambiguous); when every such type is found, no other import provides one.
            let module = declaration.moduleName.map(String.init)
            var needed = anyImport
            if let unattributed, unattributed.isEmpty
                || module.map({ known.providesOnlyItsOwnTypes($0, amongNames: unattributed) }) == true {
                needed = module.flatMap { byModule[$0] } ?? .internal
            }
            guard let stated = declaration.statedAccess, stated > needed else { return declaration }
            var words = declaration.text.split(separator: " ").map(String.init)
            words[words.firstIndex(of: "import")! - 1] = needed.memberKeyword
            return ImportDeclaration(text: words.joined(separator: " "), ifConfig: declaration.ifConfig)
        }
    }

    static func statesWideAccess(_ declaration: ImportDeclaration) -> Bool {
        (declaration.statedAccess ?? .internal) > .internal
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
                where !parameters.contains(start.name) && model.types[declaration.qualifiedName + "." + start.name] == nil
                    // Another module may declare a type inside a standard library type (Foundation's `String.Encoding`).
                    && (!known.contains(start.name) || (known.isStandardLibraryType(start.name)
                                                        && Self.namesAMember(after: start, in: type))) {
                    names.append(start.name)
                }
            }
        }
        return names
    }
}

extension EnumPropertiesPlanner {
    /// Whether `start` is followed by a member type, its generic arguments aside: `String.Encoding`,
    /// `Array<Int>.Chunk`, but not `String.Type`.
    static func namesAMember(after start: TypeTextNames.Start, in type: String) -> Bool {
        var rest = type[start.range.upperBound...].drop { $0 == " " }
        if rest.first == "<" {
            var depth = 0
            rest = rest.drop { character in
                if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
                return depth > 0
            }.dropFirst().drop { $0 == " " }
        }
        guard rest.first == "." else { return false }
        let member = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        return !member.isEmpty && member != "Type" && member != "Protocol"
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
    /// The modules whose references declare a type inside a type of each name (in an extension, or its own).
    private let modulesNestingByName: [Substring: Set<String>]
    /// The modules whose references declare a top-level typealias of each name.
    private let modulesAliasingByName: [Substring: Set<String>]
    /// The modules whose references hold an `@_exported import`.
    private let reExportingModules: Set<String>
    /// Every module a reference belongs to: the references under a module's folder are all its Swift files
    /// (as the build plugin passes a dependency target's), so it declares nothing they do not.
    private let referencedModules: Set<String>

    init(model: SourceModel, referenceModules: ReferenceModules = ReferenceModules()) {
        // The reader records every enum, struct, class, actor and protocol that is not local among `types`.
        var topLevelNames = Set<Substring>()
        for file in model.files {
            for type in file.types where !type.qualifiedName.contains(".") { topLevelNames.insert(Substring(type.qualifiedName)) }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") {
                topLevelNames.insert(Substring(alias.qualifiedName))
            }
        }
        var modulesByName: [Substring: Set<String>] = [:], modulesNestingByName: [Substring: Set<String>] = [:]
        var modulesAliasingByName: [Substring: Set<String>] = [:]
        var reExportingModules = Set<String>(), referencedModules = Set<String>()
        if !referenceModules.isEmpty {
            for file in model.referenceFiles {
                guard let module = referenceModules.module(ofFile: file.path) else { continue }
                referencedModules.insert(module)
                if file.imports.contains(where: \.isReExport) { reExportingModules.insert(module) }
                for type in file.types {
                    let outermost = type.qualifiedName.prefix { $0 != "." }
                    if outermost.endIndex == type.qualifiedName.endIndex {
                        modulesByName[outermost, default: []].insert(module)
                    } else {
                        modulesNestingByName[outermost, default: []].insert(module)
                    }
                }
                for alias in file.typeAliases where !alias.qualifiedName.contains(".") {
                    modulesAliasingByName[Substring(alias.qualifiedName), default: []].insert(module)
                }
            }
        }
        self.topLevelNames = topLevelNames
        self.modulesByName = modulesByName
        self.modulesNestingByName = modulesNestingByName
        self.modulesAliasingByName = modulesAliasingByName
        self.reExportingModules = reExportingModules
        self.referencedModules = referencedModules
    }

    func contains(_ name: Substring) -> Bool {
        Self.standardLibrary.contains(name) || topLevelNames.contains(name)
    }

    /// Whether `name` is a standard library type's (not the module's name, nor a type of the sources).
    func isStandardLibraryType(_ name: Substring) -> Bool {
        name != "Swift" && Self.standardLibrary.contains(name) && !topLevelNames.contains(name)
    }

    /// The modules of the references that declare `name` at the top level.
    func modules(declaring name: Substring) -> Set<String> { modulesByName[name] ?? [] }

    /// The modules of the references that declare a type inside a type named `name`.
    func modules(nestingIn name: Substring) -> Set<String> { modulesNestingByName[name] ?? [] }

    /// Whether `module`'s references are all it declares, it re-exports no module, and it names none of
    /// `names` through a typealias: then no type of those names comes from it.
    func providesOnlyItsOwnTypes(_ module: String, amongNames names: [Substring]) -> Bool {
        referencedModules.contains(module) && !reExportingModules.contains(module)
            && !names.contains { modulesAliasingByName[$0]?.contains(module) == true }
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
