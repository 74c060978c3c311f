/// Which node a name means as the module writing it sees it: a file sees only its own module and the modules
/// it imports (and their SPI only through an SPI import), and a type of the writing module has no members
/// that another module declares of its type of the same name.
extension TypeNameResolver {
    /// Of the declarations of one name (a node's or a typealias's) in several modules (`byModule`), the one a
    /// name means: with a module's name (`module`), that module's; in a reference, its own module's, which
    /// hides those of the modules it imports; else, unless a source declares the name (the sources' own
    /// comes first), the one `file` sees (`FileSight`). Nil when it sees none, or more than one (the file is
    /// then ambiguous, and the first declaration read stands).
    func inModule<Declaration>(_ byModule: [String: Declaration], named module: String?, inReference: Bool, file: String?,
                               declaredBySources: Bool, where declared: (Declaration) -> (file: String, attributes: [String]))
        -> Declaration? {
        if let module { return byModule[module] }
        guard let file else { return nil }
        if inReference, let own = referenceModules.module(ofFile: file).flatMap({ byModule[$0] }) { return own }
        guard inReference || !declaredBySources, !sight.isEmpty else { return nil }
        var found: Declaration?
        for declaration in byModule.values {
            let (declaringFile, attributes) = declared(declaration)
            guard sight.sees(declaringFile, attributes: attributes, from: file) else { continue }
            if found != nil { return nil }
            found = declaration
        }
        return found
    }

    /// Whether the sources declare the type that `name` (`written` inside it) is looked up in: another module's
    /// type of that name (whose `Row.Action` is not the sources' `Row`'s) is a type of its own.
    func sourcesDeclare(scopeOf name: String, _ written: String) -> Bool {
        types.isDeclared(inFirst: sourceFileCount, Self.scope(of: name, written))
    }

    /// `Row` for `Row.Action` found as `Action`.
    static func scope(of name: String, _ written: String) -> String {
        String(name.utf8.dropLast(written.utf8.count + 1))!
    }

    /// Whether `node`, found as a member (`name`) of a type around the case, is another module's member of a
    /// type named like one the case's own module declares: `Detail`'s `Row.Action` is no member of the `Row`
    /// of the module writing the case (a source's, or, with `--reference-module`, a reference's).
    func isAnotherModulesMember(_ node: Int, name: String, written: String, inReference: Bool, file: String?) -> Bool {
        guard !nodes.isEmpty else { return false }
        return isHiddenByOwnModulesType(declaredIn: nodes[node].declaration.location.file, isReference: nodes[node].isReference,
                                        typeName: Self.scope(of: name, written), inReference: inReference, file: file)
    }

    /// Whether a declaration of another module, found by a name whose first component is `typeName`, is hidden
    /// by a type of that name that the case's own module declares, which comes first: an app's `struct Event`
    /// hides a feature's `enum Event`, and its `Row` the feature's `Row.Action`.
    func isHiddenByOwnModulesType(declaredIn declaringFile: String, isReference: Bool, typeName: String,
                                  inReference: Bool, file: String?) -> Bool {
        guard inReference else { return isReference && types.isDeclared(inFirst: sourceFileCount, typeName) }
        guard !sight.modulesDeclaring.isEmpty, let modules = sight.modulesDeclaring[typeName],
              let module = file.flatMap(referenceModules.module(ofFile:)),
              referenceModules.module(ofFile: declaringFile) != module else { return false }
        return modules.contains(module)
    }

    /// Whether a declaration in `declaringFile`, found with the first component of a name dropped, is what the
    /// name means: with a module's name RexGen reads (`namedModule`), that module's; with any other first
    /// component (a type or a module RexGen does not know: `State.ListAction`), no declaration of a module it
    /// reads, which only that module's name could name so.
    func isMeant(declaredIn declaringFile: String, isReference: Bool, namedModule: String?) -> Bool {
        let module = isReference ? referenceModules.module(ofFile: declaringFile) : nil
        guard let namedModule else { return module == nil }
        return module == namedModule
    }

    /// Whether a reference's node is out of `file`'s sight.
    func isHidden(node: Int, from file: String?) -> Bool {
        guard !sight.isEmpty, let file, nodes[node].isReference else { return false }
        return !sight.sees(nodes[node].declaration.location.file, attributes: nodes[node].declaration.attributes, from: file)
    }

    /// Whether `name`, the first component of a module-qualified payload that names no known type nor a module
    /// of `--reference-module`, is a module that RexGen does not read: in a reference of a named module, any
    /// such name (a module cannot import the sources' module, and its own is named); in the sources, a module
    /// one of them imports (a module cannot import itself), when RexGen knows the modules it reads (with
    /// `--reference-module`, or no references at all). Otherwise it may be the sources' own module's name, or
    /// that of a reference's module.
    func namesAModuleNotRead(_ name: String, inReference: Bool, file: String?) -> Bool {
        if inReference { return !referenceModules.isEmpty && file.flatMap(referenceModules.module(ofFile:)) != nil }
        guard !readsReferences || !referenceModules.isEmpty else { return false }
        let module = Substring(name)
        return sourceFiles.contains { source in source.imports.contains { $0.moduleName == module } }
    }

    /// Whether a reference's typealias is out of `file`'s sight.
    func isHidden(alias: TypeAliasDeclaration, from file: String?) -> Bool {
        guard !sight.isEmpty, let file else { return false }
        return !sight.sees(alias.location.file, attributes: alias.spiAttributes, from: file)
    }
}
