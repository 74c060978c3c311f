/// Another module's enums and types, as the lift file, which sits among the sources, must name them. That
/// module cannot see the sources' types, but in the lift file a top-level type of the sources captures its
/// name:
/// - a generic argument written in another module's file (`case list(ListAction<Movie>)` in `MovieFeature`)
///   means `Models.Movie`, while `where Item == Movie` would mean the app's own `Movie`, and the conformance
///   would be of another type than the payload's;
/// - `extension ListAction: AppActionConvertible` for `ListFeature`'s `ListAction` would extend the app's
///   own `ListAction`.
/// The same holds for a name two modules declare (`ListFeature.Row` and `GridFeature.Row`): the lift file
/// imports both, where the name alone is ambiguous.
/// Such a name is written module-qualified (`Models.Movie`, `ListFeature.ListAction`, `Swift.Result`), or,
/// when RexGen cannot tell the module, the conformance is left out with a warning.
///
/// Only for references whose module `--reference-module` names: without it RexGen does not know the module's
/// name.
struct ForeignNames {
    enum Rewrite: Equatable {
        /// The text, and the names in it of types of modules RexGen does not read.
        case text(String, unreadModuleNames: [UnreadModuleName])
        /// The text names `name`, which the sources declare too, and RexGen cannot tell which module's it is.
        case unqualifiable(name: Substring)
    }

    /// A name a `where` clause writes as its file does (`Movie`), though no module RexGen reads that the file
    /// sees declares it: a type of a module RexGen does not read, or of one re-exported through such a module.
    /// The lift file means it only while it imports every module the file imports, and sees none that RexGen
    /// reads and declares the name (`Models.Movie` would then be meant, or be ambiguous).
    struct UnreadModuleName: Hashable, Sendable {
        var name: Substring
        /// The modules RexGen reads that declare a type or typealias of that name.
        var declaringModules: Set<String>
        /// The modules the file imports that RexGen does not read, one of which the name comes from.
        var fileImports: Set<Substring>
    }

    private let model: SourceModel
    private let referenceModules: ReferenceModules
    /// The top-level types and typealiases of the sources, and those of the lift file's frameworks
    /// (`FrameworkNames`): what a name captures in the lift file.
    private let capturingNames: Set<Substring>
    private let frameworkNames: Set<Substring>
    /// The top-level types and typealiases of the sources.
    private let sourceNames: Set<Substring>
    /// `declaringModules()`, built the first time a name needs it (a name of the sources captured, or a
    /// `where` clause's).
    private var modulesByName: [Substring: Set<String>]?
    /// The references' top-level typealiases, built the first time `mayBeDeclaredMoreThanOnce` needs them.
    private var referenceAliasNames: Set<Substring>?
    /// `--reference-module`'s modules, and those of them a type is named like (`modulesNamedLikeTypes(_:in:)`),
    /// the first time `canWrite` needs them.
    private var readModules: (names: Set<String>, namedLikeTypes: Set<String>)?
    /// What each file imports, all files' the first time a generic argument needs one.
    private var imports: ImportedModules?
    /// `modulesTheSourcesImportAndRexGenDoesNotRead()`, the first time an enum needs it.
    private var sourcesUnreadImports: [Substring]?

    init(model: SourceModel, referenceModules: ReferenceModules, frameworks: LiftSelection) {
        self.model = model
        self.referenceModules = referenceModules
        frameworkNames = FrameworkNames.declared(by: frameworks)
        var names = Set<Substring>()
        for file in model.files {
            for type in file.types where !type.qualifiedName.contains(".") { names.insert(Substring(type.qualifiedName)) }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") { names.insert(Substring(alias.qualifiedName)) }
        }
        sourceNames = names
        capturingNames = names.union(frameworkNames)
    }

    /// `text`, written in `file` of `module` (nil: a source), rewritten to mean in the lift file what it means
    /// there. The lift file imports modules RexGen does not read, which may declare any name too, so a name that
    /// the file sees in one module RexGen reads is written with that module's name (`Models.Movie`).
    /// - Parameter ownModuleFirst: whether `text` is read as `module` reads it, whose own types come before
    ///   those of the modules it imports (not so for a typealias's target, which another module may declare).
    mutating func rewritten(_ text: String, writtenIn module: String?, file: String, ownModuleFirst: Bool) -> Rewrite {
        let starts = TypeTextNames(text).starts
        guard !starts.isEmpty else { return .text(text, unreadModuleNames: []) }
        var result = ""
        var written = text.startIndex
        var unread: [UnreadModuleName] = []
        for start in starts {
            let qualifier: String
            switch self.qualifier(of: start.name, writtenIn: module, file: file, ownModuleFirst: ownModuleFirst) {
            case .asWritten: continue
            case .unread(let name):
                unread.append(name)
                continue
            case .module(let name): qualifier = name
            case .unqualifiable: return .unqualifiable(name: start.name)
            }
            result += text[written..<start.range.lowerBound]
            result += qualifier + "."
            written = start.range.lowerBound
        }
        result += text[written...]
        return .text(result, unreadModuleNames: unread)
    }

    private enum Qualifier {
        case asWritten
        /// As written, and a type of a module RexGen does not read.
        case unread(UnreadModuleName)
        case module(String)
        case unqualifiable
    }

    private mutating func qualifier(of name: Substring, writtenIn module: String?, file: String,
                                    ownModuleFirst: Bool) -> Qualifier {
        let declaring = declaringModules()[name] ?? []
        if capturingNames.contains(name), let module {
            // Another module's name must not mean the sources' type, nor a lift framework's.
            let qualifier: String
            if ownModuleFirst, declaring.contains(module) {
                qualifier = module
            } else if declaring.count == 1, let only = declaring.first {
                qualifier = only
            } else if declaring.isEmpty, NamesTheSourcesDeclare.standardLibrary.contains(name) {
                qualifier = "Swift"
            } else {
                return .unqualifiable
            }
            return canWrite(module: qualifier) ? .module(qualifier) : .unqualifiable
        }
        // A source's own type. A lift framework's name, which the lift file imports, may mean another module's
        // type in a source that does not import the framework.
        if sourceNames.contains(name) { return .asWritten }
        // A typealias's arguments (not `ownModuleFirst`) are written in its own file, which may be another.
        guard ownModuleFirst else { return .asWritten }
        let seen: String?
        if declaring.isEmpty {
            seen = nil
        } else if let module, declaring.contains(module) {
            seen = module
        } else if let inSight = importedModules().modulesInSight(of: file, module: module) {
            let found = declaring.filter { inSight.contains(Substring($0)) }
            seen = found.count == 1 ? found.first : nil
        } else {
            seen = nil
        }
        guard let seen else {
            if declaring.isEmpty, !frameworkNames.contains(name), NamesTheSourcesDeclare.standardLibrary.contains(name)
                || referenceModules.contains(module: name) || ArgumentPlaceholders.isPlaceholder(name) {
                return .asWritten
            }
            let imports = importedModules().imports(of: file)
            // A lift framework's name in a source that imports no lift framework means something else there
            // (`Reducer.Action` of a module `Reducer`), which the lift file cannot write.
            if frameworkNames.contains(name) {
                let importsAFramework = imports.importsADeclaration || !imports.modules.isDisjoint(with: FrameworkNames.modules)
                return importsAFramework ? .asWritten : .unqualifiable
            }
            // A declaration a source imports alone: the lift file copies the import, which beats every module's.
            if module == nil, imports.importsADeclaration { return .asWritten }
            let readNames = readModuleNames().names
            return .unread(UnreadModuleName(name: name, declaringModules: declaring,
                                            fileImports: imports.modules.filter { Self.isUnknown($0, readNames: readNames) }))
        }
        if canWrite(module: seen) { return .module(seen) }
        // The lift file imports both modules (or the framework), and only the module's name could tell them apart.
        return declaring.count > 1 && seen == module || frameworkNames.contains(name) ? .unqualifiable : .asWritten
    }

    /// Every file's imports, read at once the first time a name needs one file's: looking one file up is a
    /// walk over all of them.
    private mutating func importedModules() -> ImportedModules {
        if let imports { return imports }
        let read = ImportedModules(model: model, referenceModules: referenceModules)
        imports = read
        return read
    }

    /// Whether RexGen cannot know `module`'s types: no module it reads, no lift framework, none every file sees
    /// without importing it.
    private static func isUnknown(_ module: Substring, readNames: Set<String>) -> Bool {
        !readNames.contains(String(module)) && !FrameworkNames.modules.contains(module)
            && module != "Swift" && module != "_Concurrency" && module != "_StringProcessing"
    }

    /// The modules of `--reference-module` whose references declare a top-level type or typealias of each name.
    private mutating func declaringModules() -> [Substring: Set<String>] {
        if let modulesByName { return modulesByName }
        var modules: [Substring: Set<String>] = [:]
        for file in model.referenceFiles {
            guard let module = referenceModules.module(ofFile: file.path) else { continue }
            for type in file.types where !type.qualifiedName.contains(".") {
                modules[Substring(type.qualifiedName), default: []].insert(module)
            }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") {
                modules[Substring(alias.qualifiedName), default: []].insert(module)
            }
        }
        modulesByName = modules
        return modules
    }
}

extension ForeignNames {
    /// Whether a lift framework's module declares `name` (rather than the sources).
    func frameworksDeclare(_ name: String) -> Bool { frameworkNames.contains(Substring(name)) }

    /// Whether a type named `name` is in sight in the lift file: the sources or a lift framework declare one.
    func isCapturedInTheLiftFile(_ name: String) -> Bool { capturingNames.contains(Substring(name)) }

    /// The modules whose references declare a top-level type or typealias named `name`, for a name declared
    /// more than once; empty for the others, which are most, without the modules of the references' files:
    /// the type index knows which types are declared twice.
    mutating func modulesDeclaringMoreThanOnce(_ name: Substring) -> Set<String> {
        guard model.types.namesDeclaredMoreThanOnce.contains(String(name)) || referenceAliases().contains(name) else { return [] }
        return declaringModules()[name] ?? []
    }

    /// The references' top-level typealiases.
    private mutating func referenceAliases() -> Set<Substring> {
        if let referenceAliasNames { return referenceAliasNames }
        var names = Set<Substring>()
        for file in model.referenceFiles where !file.typeAliases.isEmpty {
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") { names.insert(Substring(alias.qualifiedName)) }
        }
        referenceAliasNames = names
        return names
    }

    /// The names of the types a `where` requirement's argument names (`Movie` in `Item == Movie`: the
    /// parameter's name is no type).
    static func typeNames(inRequirement requirement: String) -> [TypeTextNames.Start] {
        guard let equals = requirement.firstIndex(of: "=") else { return [] }
        return TypeTextNames(String(requirement[equals...].drop { $0 == "=" || $0 == " " })).starts
    }

    /// `typeName`, declared in `module`, written with it (`GridFeature.RowAction`); nil when a type named like
    /// the module would capture the name.
    mutating func qualified(_ typeName: String, with module: String) -> String? {
        canWrite(module: module) ? module + "." + typeName : nil
    }

    /// Whether the lift file can name types with `module`'s name: no type or typealias named like it (the
    /// sources', a reference's or a lift framework's) would capture the name.
    mutating func canWrite(module: String) -> Bool {
        guard !frameworkNames.contains(Substring(module)) else { return false }
        let read = readModuleNames()
        guard read.names.contains(module) else { return Self.modulesNamedLikeTypes([module], in: model).isEmpty }
        return !read.namedLikeTypes.contains(module)
    }

    private mutating func readModuleNames() -> (names: Set<String>, namedLikeTypes: Set<String>) {
        if let readModules { return readModules }
        let modules = referenceModules.moduleNames
        readModules = (modules, Self.modulesNamedLikeTypes(modules, in: model))
        return readModules!
    }

    /// The modules the sources import that RexGen does not read (nor a lift framework, nor the standard
    /// library), sorted: the lift file imports them, and RexGen cannot know their types.
    mutating func modulesTheSourcesImportAndRexGenDoesNotRead() -> [Substring] {
        if let sourcesUnreadImports { return sourcesUnreadImports }
        let read = readModuleNames().names
        var found = Set<Substring>()
        for file in model.files {
            for declaration in file.imports {
                guard let module = declaration.moduleName, Self.isUnknown(module, readNames: read) else { continue }
                found.insert(module)
            }
        }
        sourcesUnreadImports = found.sorted()
        return sourcesUnreadImports!
    }

    /// The modules the lift file sees, importing `imports`: those, and those they re-export.
    mutating func modulesInSight(importing imports: [ImportDeclaration]) -> Set<Substring> {
        importedModules().withReExports(Set(imports.compactMap(\.moduleName)))
    }

    /// Those of `modules` that a top-level type or typealias of the sources or the references is named like. The
    /// one rule for the whole run (`canWrite`) and for `TreeEdit`, which keeps them with the tree's shape.
    static func modulesNamedLikeTypes(_ modules: Set<String>, in model: SourceModel) -> Set<String> {
        var result = modules.filter { model.types[$0] != nil }
        guard result.count < modules.count else { return result }
        let files = model.allFiles
        var index = 0
        while index < files.count {  // not `for in`, which copies each file: see `SourceFileCollector.collect`
            for alias in files[index].typeAliases where modules.contains(alias.qualifiedName) { result.insert(alias.qualifiedName) }
            index += 1
        }
        return result
    }

    /// The module to import for each type a conformance's `where` clause names (`where Item == Movie`, with
    /// `Movie` declared in `Models`, which the app's sources need not import), with the widest access of the
    /// conformances naming it: a name the standard library and the sources do not declare, which the
    /// references of one module declare, or a module's name (`Models.Movie`). A name several modules declare is
    /// left to the sources' imports, since importing them all would make it ambiguous, and so is a type of a
    /// module RexGen does not read (`UnreadModuleName`), which the module RexGen reads would take the place of.
    mutating func modulesNamed(inWhereClausesOf roots: [RootPlan]) -> [String: AccessLevel] {
        var result: [String: AccessLevel] = [:]
        for root in roots {
            for conformance in root.conformances {
                for requirement in conformance.whereRequirements {
                    for start in Self.typeNames(inRequirement: requirement)
                    where !NamesTheSourcesDeclare.standardLibrary.contains(start.name) && !capturingNames.contains(start.name)
                        && !conformance.unreadModuleNames.contains(where: { $0.name == start.name }) {
                        let modules = declaringModules()[start.name]
                            ?? (referenceModules.contains(module: start.name) ? [String(start.name)] : [])
                        guard modules.count == 1, let module = modules.first else { continue }
                        result[module] = max(result[module] ?? conformance.access, conformance.access)
                    }
                }
            }
        }
        return result
    }
}
