/// Another module's enum that is `@_spi(Group)` (or lies in a type that is), and a path through another
/// module's `@_spi(Group)` case, can be named only in a file that imports the module with `@_spi(Group)`. Such
/// an import reaches no other file, so the lift file writes its own: for each module of the references on
/// the tree's paths, one import stating every SPI group that the module's references state on their action
/// enums and on cases that can carry one (what their summaries keep). A group is taken for the whole module,
/// not only for the enums and cases on the paths, so that which groups are imported changes only when a
/// reference's summary does (`TreeEdit` compares the edited reference's groups).
extension LiftPlanner {
    /// The access of a root's protocol, alias and lifts: as the root's, but internal for an `@_spi` root (or
    /// one inside an `@_spi` type), since a public protocol cannot name an SPI type and a public type of the
    /// tree cannot conform to an SPI protocol.
    static func liftAccess(of root: ActionTree.Node) -> AccessLevel {
        root.declaration.attributes.contains(where: InheritedAttributes.isSPI) ? min(root.effectiveAccess, .internal)
            : min(root.effectiveAccess, .public)
    }

    /// `@_spi(Internals)`: each SPI attribute of `file`'s enums and of their cases.
    static func spiAttributes(in file: ParsedFile) -> Set<String> {
        var found = Set<String>()
        for declaration in file.enums {
            found.formUnion(declaration.attributes.filter(InheritedAttributes.isSPI))
            for enumCase in declaration.cases { found.formUnion(enumCase.attributes.filter(InheritedAttributes.isSPI)) }
        }
        return found
    }

    /// The SPI attribute of a reference along `path` to `node` (the enum's own, or a case's of a reference
    /// enum on the path) when the reference's module is unknown: no import can be written for it.
    func spiOfUnknownModule(node: Int, path: [ActionTree.Edge]) -> (attribute: String, through: String?)? {
        // Asked of every conformance, whose attributes are nearly always none: nothing is copied until one is.
        func unknownModule(_ node: Int) -> Bool {
            tree.nodes[node].isReference && referenceModules.module(ofFile: tree.nodes[node].declaration.location.file) == nil
        }
        if !tree.nodes[node].declaration.attributes.isEmpty,
           let attribute = tree.nodes[node].declaration.attributes.first(where: InheritedAttributes.isSPI), unknownModule(node) {
            return (attribute, nil)
        }
        for edge in path where !edge.enumCase.attributes.isEmpty {
            guard let attribute = edge.enumCase.attributes.first(where: InheritedAttributes.isSPI),
                  unknownModule(edge.parent) else { continue }
            return (attribute, tree.nodes[edge.parent].declaration.qualifiedName + "." + edge.enumCase.name)
        }
        return nil
    }

    static func spiWarning(_ declaration: EnumDeclaration, spi: (attribute: String, through: String?),
                           protocolName: String) -> Diagnostic {
        let what = spi.through.map { "is reached through case '\($0)', which is \(spi.attribute) in another module" }
            ?? "is \(spi.attribute) in another module"
        return .warning("'\(declaration.qualifiedName)' \(what), which the lift file can import with its SPI only when "
            + "--reference-module names that module (the build plugin does); no \(protocolName) conformance is "
            + "generated for it", at: declaration.location)
    }

    /// The SPI imports the lift file needs besides `imports` (see above), one per module.
    func spiImports(_ roots: [RootPlan], besides imports: [ImportDeclaration]) -> [ImportDeclaration] {
        guard !referenceModules.isEmpty else { return [] }
        // The SPI groups each module's references state: none in most apps, which then need nothing more.
        var groups: [String: Set<String>] = [:]
        for file in model.referenceFiles {
            let found = Self.spiAttributes(in: file)
            guard !found.isEmpty, let module = referenceModules.module(ofFile: file.path) else { continue }
            groups[module, default: []].formUnion(found)
        }
        guard !groups.isEmpty else { return [] }
        // The modules of the reference nodes on the paths (every node on a path but the root is a conformance,
        // or an enum left out whose descendants' paths still go through its cases), each with the widest root
        // reaching it.
        var modules = ReferenceModules.Memo(referenceModules)
        var access: [String: AccessLevel] = [:]
        for root in roots {
            for conformance in root.conformances {
                let nodes = (conformance.node >= 0 ? [conformance.node] : []) + conformance.path.map(\.parent)
                for node in nodes where tree.nodes[node].isReference {
                    guard let module = modules.module(ofFile: tree.nodes[node].declaration.location.file),
                          groups[module] != nil else { continue }
                    access[module] = max(access[module] ?? root.access, root.access)
                }
            }
        }
        // The groups the copied imports state already, by module.
        var stated: [String: Set<String>] = [:]
        for declaration in imports where !declaration.isScoped {
            let groups = declaration.spiGroups
            guard !groups.isEmpty, let module = declaration.moduleName.map(String.init) else { continue }
            stated[module, default: []].formUnion(groups)
        }
        let statesAccess = imports.contains { $0.statedAccess != nil }
        return access.keys.sorted().compactMap { module in
            let missing = groups[module]!.subtracting(stated[module] ?? []).sorted()
            guard !missing.isEmpty else { return nil }
            let keyword = statesAccess ? access[module]!.memberKeyword + " " : ""
            return ImportDeclaration(text: missing.joined(separator: " ") + " " + keyword + "import " + module)
        }
    }
}
