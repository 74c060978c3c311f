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
        case text(String)
        /// The text names `name`, which the sources declare too, and RexGen cannot tell which module's it is.
        case unqualifiable(name: Substring)
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
    /// The modules each file imports (`importedModules(of:)`), all of them the first time a generic argument
    /// needs one.
    private var importsByFile: [String: Set<Substring>?] = [:]

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
        guard !starts.isEmpty else { return .text(text) }
        var result = ""
        var written = text.startIndex
        for start in starts {
            let qualifier: String
            switch self.qualifier(of: start.name, writtenIn: module, file: file, ownModuleFirst: ownModuleFirst) {
            case .asWritten: continue
            case .module(let name): qualifier = name
            case .unqualifiable: return .unqualifiable(name: start.name)
            }
            result += text[written..<start.range.lowerBound]
            result += qualifier + "."
            written = start.range.lowerBound
        }
        result += text[written...]
        return .text(result)
    }

    private enum Qualifier {
        case asWritten
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
        } else if let imported = importedModules(of: file) {
            let inSight = declaring.filter { imported.contains(Substring($0)) }
            seen = inSight.count == 1 ? inSight.first : nil
        } else {
            seen = nil
        }
        guard let seen else {
            // A lift framework's name in a source that imports no lift framework means something else there
            // (`Reducer.Action` of a module `Reducer`), which the lift file cannot write.
            guard frameworkNames.contains(name) else { return .asWritten }
            let importsAFramework = importedModules(of: file).map { !$0.isDisjoint(with: FrameworkNames.modules) } ?? true
            return importsAFramework ? .asWritten : .unqualifiable
        }
        if canWrite(module: seen) { return .module(seen) }
        // The lift file imports both modules (or the framework), and only the module's name could tell them apart.
        return declaring.count > 1 && seen == module || frameworkNames.contains(name) ? .unqualifiable : .asWritten
    }

    /// The modules `file` imports; nil when it imports a declaration alone (`import struct ThirdParty.Movie`),
    /// which comes before every module's declaration of that name.
    private mutating func importedModules(of file: String) -> Set<Substring>? {
        if let known = importsByFile[file] { return known }
        if importsByFile.isEmpty {
            // Every file's imports at once: looking one file up is a walk over all of them.
            let files = model.allFiles
            var index = 0
            while index < files.count {
                importsByFile[files[index].path] = Self.importedModules(files[index].imports)
                index += 1
            }
        }
        return importsByFile[file] ?? []
    }

    private static func importedModules(_ imports: [ImportDeclaration]) -> Set<Substring>? {
        var modules = Set<Substring>()
        for declaration in imports {
            if declaration.isScoped { return nil }
            if let name = declaration.moduleName { modules.insert(name) }
        }
        return modules
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
        if readModules == nil {
            let modules = referenceModules.moduleNames
            readModules = (modules, Self.modulesNamedLikeTypes(modules, in: model))
        }
        guard readModules!.names.contains(module) else { return Self.modulesNamedLikeTypes([module], in: model).isEmpty }
        return !readModules!.namedLikeTypes.contains(module)
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
    /// left to the sources' imports, since importing them all would make it ambiguous.
    mutating func modulesNamed(inWhereClausesOf roots: [RootPlan]) -> [String: AccessLevel] {
        var result: [String: AccessLevel] = [:]
        for root in roots {
            for conformance in root.conformances {
                for requirement in conformance.whereRequirements {
                    for start in Self.typeNames(inRequirement: requirement)
                    where !NamesTheSourcesDeclare.standardLibrary.contains(start.name) && !capturingNames.contains(start.name) {
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

extension LiftPlanner {
    /// Leaves out each conformance whose `where` clause names, as written, a type that two of the modules the
    /// lift file imports declare (`where Item == Row`, with `Row` in `AMod` and `BMod`): ambiguous there, and
    /// RexGen cannot tell which one the payload's module imports. Returns whether it left one out.
    func leaveOutAmbiguousWhereClauses(_ roots: inout [RootPlan], importing imports: [ImportDeclaration],
                                       foreignNames: inout ForeignNames?, diagnostics: inout [Diagnostic]) -> Bool {
        guard roots.contains(where: { $0.conformances.contains { !$0.whereRequirements.isEmpty } }) else { return false }
        if foreignNames == nil { foreignNames = makeForeignNames() }
        let imported = Set(imports.compactMap { $0.moduleName.map(String.init) })
        var leftOut = false
        for rootIndex in roots.indices {
            let protocolName = roots[rootIndex].joinedName + "Convertible"
            roots[rootIndex].conformances.removeAll { conformance in
                for requirement in conformance.whereRequirements {
                    for start in ForeignNames.typeNames(inRequirement: requirement)
                    where !foreignNames!.isCapturedInTheLiftFile(String(start.name)) {
                        let both = foreignNames!.modulesDeclaringMoreThanOnce(start.name).intersection(imported).sorted()
                        guard both.count > 1 else { continue }
                        diagnostics.append(.warning("'\(conformance.declaration.qualifiedName)' is used with generic arguments "
                            + "that name '\(start.name)', which modules \(both.joined(separator: " and ")) declare, and the "
                            + "lift file imports them all; RexGen cannot tell which one is meant, so no \(protocolName) "
                            + "conformance is generated for it", at: conformance.declaration.location))
                        leftOut = true
                        return true
                    }
                }
                return false
            }
        }
        return leftOut
    }

    /// `ForeignNames` of this plan's model, modules and frameworks, made the first time a name needs it.
    func makeForeignNames() -> ForeignNames {
        ForeignNames(model: model, referenceModules: referenceModules, frameworks: frameworks)
    }

    /// Names the conformance of each enum of another module whose first name the sources or a third module
    /// declare too with its module (`extension ListFeature.ListAction`), or leaves it out with a warning when
    /// RexGen cannot.
    func qualifyForeignEnums(_ conformances: inout [ConformancePlan], foreignNames: inout ForeignNames?,
                             protocolName: String, diagnostics: inout [Diagnostic]) {
        var kept: [ConformancePlan] = []
        kept.reserveCapacity(conformances.count)
        // Thousands of another module's enums in a modular app: each folder's module is worked out once (and
        // `canWrite` keeps what it works out).
        var modules = ReferenceModules.Memo(referenceModules)
        for var conformance in conformances {
            let declaration = conformance.declaration
            let first = declaration.qualifiedNameComponents[0]
            guard conformance.node >= 0, tree.nodes[conformance.node].isReference else {
                kept.append(conformance)
                continue
            }
            if foreignNames == nil { foreignNames = makeForeignNames() }
            if foreignNames!.isCapturedInTheLiftFile(first) {
                if let module = referenceModules.module(ofFile: declaration.location.file),
                   case .text(let name) = foreignNames!.rewritten(conformance.typeName, writtenIn: module,
                                                                    file: declaration.location.file, ownModuleFirst: true) {
                    conformance.typeName = name
                    kept.append(conformance)
                    continue
                }
                let declaring = foreignNames!.frameworksDeclare(first) ? "a lift framework declares" : "the sources declare"
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is another module's, and \(declaring) a "
                    + "'\(first)' too, which the lift file's extension would mean; RexGen cannot tell which module to name "
                    + "it with, so no \(protocolName) conformance is generated for it", at: declaration.location))
            } else if !referenceModules.isEmpty,
                      case let declaring = foreignNames!.modulesDeclaringMoreThanOnce(Substring(first)), !declaring.isEmpty,
                      let module = referenceModules.module(ofFile: declaration.location.file),
                      declaring.contains(where: { $0 != module }) {
                if let name = foreignNames!.qualified(conformance.typeName, with: module) {
                    conformance.typeName = name
                    kept.append(conformance)
                    continue
                }
                let holder = foreignNames!.frameworksDeclare(module) ? "a lift framework"
                    : foreignNames!.isCapturedInTheLiftFile(module) ? "the sources" : "a module"
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is module \(module)'s, and another module declares "
                    + "a '\(first)' too, which would make the lift file's extension ambiguous; \(holder) declares a type "
                    + "named '\(module)', so RexGen cannot name it with its module, and no \(protocolName) conformance is "
                    + "generated for it", at: declaration.location))
            } else {
                // The lift file imports the sources' modules, and RexGen reads only some of them: another
                // one may declare this name too, and then the name alone is ambiguous there.
                if let module = modules.module(ofFile: declaration.location.file), foreignNames!.canWrite(module: module) {
                    conformance.typeName = module + "." + conformance.typeName
                }
                kept.append(conformance)
            }
        }
        conformances = kept
    }
}
