/// Decides the conformances for each root: every enum reachable along exactly one path, with one set of
/// generic arguments. Anything reachable two ways gets a warning naming both, and no conformance, since
/// extracting it from the root would be ambiguous.
struct LiftPlanner {
    let tree: ActionTree
    let model: SourceModel
    let frameworks: LiftSelection
    let combineFeedbackAPI: CombineFeedbackAPI
    /// The modules of the references, whose enums of the tree the lift file imports (`importsOfDeclaringModules`).
    let referenceModules: ReferenceModules
    private let qualifier: PayloadTypeQualifier

    init(tree: ActionTree, model: SourceModel, frameworks: LiftSelection = .swiftRex,
         combineFeedbackAPI: CombineFeedbackAPI = .release, referenceModules: ReferenceModules = ReferenceModules(),
         qualifier: PayloadTypeQualifier? = nil) {
        self.tree = tree
        self.model = model
        self.frameworks = frameworks
        self.combineFeedbackAPI = combineFeedbackAPI
        self.referenceModules = referenceModules
        self.qualifier = qualifier ?? PayloadTypeQualifier(model: model)
    }

    func plan(diagnostics: inout [Diagnostic]) -> LiftPlan {
        var roots: [RootPlan] = []
        var foreignNames: ForeignNames?
        let memberNames = Set(tree.roots.map { root in
            LiftNaming.memberName(joinedName: LiftNaming.joinedName(tree.nodes[root].declaration.qualifiedNameComponents))
        })
        let memberOwners = RootMemberClash.memberOwners(in: model.files, memberNames: memberNames)
        for root in tree.roots {
            let rootNode = tree.nodes[root]
            guard rootNode.declaration.genericParameters.isEmpty else {
                diagnostics.append(.note("root '\(rootNode.declaration.qualifiedName)' is generic, so no lift "
                    + "extensions are generated for it", at: rootNode.declaration.location))
                continue
            }
            if let scope = rootNode.genericScopes.last {
                // Its name alone (`Page.Action`) is no type outside `Page<Value>`, and no path gives Value.
                diagnostics.append(.note("root '\(rootNode.declaration.qualifiedName)' is inside generic type "
                    + "'\(scope)', so no lift extensions are generated for it", at: rootNode.declaration.location))
                continue
            }
            if rootNode.isInUndeclaredExtension,
               case .extension(let extendedType, _)? = rootNode.declaration.enclosingScopes.first {
                diagnostics.append(.note("root '\(rootNode.declaration.qualifiedName)' is declared in an extension of "
                    + "'\(extendedType)', which the sources do not declare, so RexGen cannot tell whether it is "
                    + "generic; no lift extensions are generated for it (pass the sources that declare it with "
                    + "--reference)", at: rootNode.declaration.location))
                continue
            }
            let joinedName = LiftNaming.joinedName(rootNode.declaration.qualifiedNameComponents)
            if let earlier = roots.first(where: { $0.joinedName == joinedName }) {
                diagnostics.append(.warning("root '\(rootNode.declaration.qualifiedName)' would be named "
                    + "'\(joinedName)Convertible' like root '\(earlier.declaration.qualifiedName)' at "
                    + "\(earlier.declaration.location); no lift extensions are generated for it (name one of them "
                    + "with --root to choose)", at: rootNode.declaration.location))
                continue
            }
            var conformances = conformances(from: root, protocolName: joinedName + "Convertible",
                                            memberName: LiftNaming.memberName(joinedName: joinedName),
                                            memberOwners: memberOwners, foreignNames: &foreignNames,
                                            diagnostics: &diagnostics)
            if !referenceModules.isEmpty {
                qualifyForeignEnums(&conformances, foreignNames: &foreignNames, protocolName: joinedName + "Convertible",
                                    diagnostics: &diagnostics)
            }
            roots.append(RootPlan(declaration: rootNode.declaration, joinedName: joinedName,
                                  access: Self.liftAccess(of: rootNode), conformances: conformances))
        }
        let reactor = frameworks.contains(.reactor) ? ReactorPlanner(model: model).plan(diagnostics: &diagnostics) : nil
        var imports = liftFileImports(roots, reactor: reactor, foreignNames: &foreignNames)
        // A conformance left out may take the imports another one's `where` clause needs with it.
        while !referenceModules.isEmpty,
              leaveOutAmbiguousWhereClauses(&roots, importing: imports, foreignNames: &foreignNames, diagnostics: &diagnostics) {
            imports = liftFileImports(roots, reactor: reactor, foreignNames: &foreignNames)
        }
        return LiftPlan(roots: roots, imports: imports, frameworks: frameworks, combineFeedbackAPI: combineFeedbackAPI,
                        reactor: reactor)
    }

    /// The imports of the sources holding conformances (and composite states, whose extensions name them as
    /// their files do), then those of the modules the conformances need (`importsOfDeclaringModules`).
    private func liftFileImports(_ roots: [RootPlan], reactor: ReactorPlan?, foreignNames: inout ForeignNames?)
        -> [ImportDeclaration] {
        var involvedFiles = Set<String>()
        for root in roots {
            for conformance in root.conformances { involvedFiles.insert(conformance.declaration.location.file) }
        }
        for composite in reactor?.composites ?? [] { involvedFiles.insert(composite.declaration.location.file) }
        var imports: [ImportDeclaration] = []
        var seen = Set<ImportDeclaration>()
        for file in model.files where involvedFiles.contains(file.path) {
            for declaration in file.imports where seen.insert(declaration).inserted { imports.append(declaration) }
        }
        var whereClauseModules: [String: AccessLevel] = [:]
        if !referenceModules.isEmpty, roots.contains(where: { $0.conformances.contains { !$0.whereRequirements.isEmpty } }) {
            if foreignNames == nil { foreignNames = makeForeignNames() }
            whereClauseModules = foreignNames!.modulesNamed(inWhereClausesOf: roots)
        }
        return imports + Self.importsOfDeclaringModules(roots, whereClauseModules: whereClauseModules,
                                                        referenceModules: referenceModules, besides: imports)
            + spiImports(roots, besides: imports)
    }

    private func conformances(from root: Int, protocolName: String, memberName: String,
                              memberOwners: [String: Set<String>], foreignNames: inout ForeignNames?,
                              diagnostics: inout [Diagnostic]) -> [ConformancePlan] {
        let walk = tree.links.walk(from: root)
        let edges = tree.edgesInParentOrder
        // Each reached node's generic arguments along its path, at file scope: most trees have none.
        var argumentsByNode: [Int: [String]] = [:]
        // The arguments of the generic types a node is declared in, by type (`Page<Value>.InnerAction` reached
        // through `Page<Int>`: Page's are [Int]): written in the payload (`Outer<Int>.SheetAction`), or given by
        // a parent that is that type or declared in it.
        var scopeArgumentsByNode: [Int: [String: [String]]] = [:]
        // Nodes whose payload arguments name a parameter, or a type inside a generic type, whose arguments the
        // path does not give: the name, and that type. Their arguments stay unknown, so any child whose
        // arguments name their parameters lands here too.
        var missingArguments: [Int: (name: String, scope: String)] = [:]
        // Nodes whose arguments, written in another module, name a type the sources declare too, of a module
        // RexGen cannot tell (see `ForeignNames`).
        var capturedNames: [Int: Substring] = [:]
        // The types of modules RexGen does not read that each node's arguments name (see `ForeignNames`), with
        // those its parent's name: they pass down.
        var unreadNames: [Int: [ForeignNames.UnreadModuleName]] = [:]
        func concrete(_ written: [String], parent: Int, child: Int, readAtFileScope: Bool) -> [String]? {
            let file = tree.nodes[parent].declaration.location.file
            let module = tree.nodes[parent].isReference ? referenceModules.module(ofFile: file) : nil
            // A source's arguments too without `--reference-module`: a lift framework's name means its type in the
            // lift file, whatever it means in a file that imports no framework (the module's own name, `Reducer`).
            guard module != nil || !tree.nodes[parent].isReference else {
                var none: ArgumentPlaceholders?
                return concreteInItsFile(written, parent: parent, child: child, readAtFileScope: readAtFileScope,
                                         placeholders: &none)
            }
            // Only the text the parent's module wrote is read as that module reads it: the parent's own arguments,
            // already as the lift file means them (the sources' `Movie` in `ListAction<Movie>`), stand in as
            // placeholders meanwhile.
            var placeholders: ArgumentPlaceholders? = ArgumentPlaceholders()
            guard var result = concreteInItsFile(written, parent: parent, child: child, readAtFileScope: readAtFileScope,
                                                 placeholders: &placeholders)
            else { return nil }
            if foreignNames == nil { foreignNames = makeForeignNames() }
            for index in result.indices {
                switch foreignNames!.rewritten(result[index], writtenIn: module, file: file, ownModuleFirst: !readAtFileScope) {
                case .text(let text, let unread):
                    result[index] = placeholders!.filledIn(text)
                    unreadNames[child, default: []] += unread
                case .unqualifiable(let name):
                    capturedNames[child] = name
                    return nil
                }
            }
            return result
        }
        /// - Parameter placeholders: when not nil, the parent's arguments go in as its placeholders.
        func concreteInItsFile(_ written: [String], parent: Int, child: Int, readAtFileScope: Bool,
                               placeholders: inout ArgumentPlaceholders?) -> [String]? {
            // A top-level typealias's arguments already say what they mean at file scope.
            if readAtFileScope { return written }
            var parentArguments = argumentsByNode[parent] ?? []
            var parentScopeArguments = scopeArgumentsByNode[parent] ?? [:]
            if placeholders != nil {
                parentArguments = placeholders!.standIns(for: parentArguments)
                for (scope, arguments) in parentScopeArguments { parentScopeArguments[scope] = placeholders!.standIns(for: arguments) }
            }
            var result: [String] = []
            for argument in written {
                switch concreteArgument(argument, parent: tree.nodes[parent].declaration,
                                        parentArguments: parentArguments,
                                        parentScopeArguments: parentScopeArguments) {
                case .text(let text): result.append(text)
                case .needsArguments(let name, let scope):
                    missingArguments[child] = (name, scope)
                    return nil
                }
            }
            return result
        }
        func arguments(along edge: Int) -> [String]? {
            let edge = edges[edge]
            guard !edge.genericArguments.isEmpty else { return [] }
            return concrete(edge.genericArguments, parent: edge.parent, child: edge.child,
                            readAtFileScope: edge.argumentsReadAtFileScope)
        }
        // A parent comes before its children in `order`, but not always before a node's second way down.
        for node in walk.order where walk.firstEdge[node] >= 0 {
            let edge = edges[walk.firstEdge[node]]
            let parent = edge.parent
            if let inherited = unreadNames[parent] { unreadNames[node] = inherited }
            if let found = arguments(along: walk.firstEdge[node]), !found.isEmpty { argumentsByNode[node] = found }
            for scope in tree.nodes[node].genericScopes {
                if let written = edge.scopeArguments[scope] {
                    if let found = concrete(written, parent: parent, child: node, readAtFileScope: edge.argumentsReadAtFileScope) {
                        scopeArgumentsByNode[node, default: [:]][scope] = found
                    }
                } else if tree.nodes[parent].declaration.qualifiedName == scope {
                    scopeArgumentsByNode[node, default: [:]][scope] = argumentsByNode[parent] ?? []
                } else if let given = scopeArgumentsByNode[parent]?[scope] {
                    scopeArgumentsByNode[node, default: [:]][scope] = given
                }
            }
        }
        var result: [ConformancePlan] = []
        let rootNode = tree.nodes[root]
        let rootName = rootNode.declaration.qualifiedName
        let rootAvailability = rootNode.declaration.attributes.filter { $0.hasPrefix("@available") }
        for node in walk.order {
            let declaration = tree.nodes[node].declaration
            let nodeArguments = argumentsByNode[node] ?? []
            switch walk.verdict(of: node) {
            case .ambiguous(let secondWay):
                let reason = nodeArguments != (arguments(along: secondWay) ?? []) ? "is used with two different generic arguments"
                    : "is reachable along two paths"
                let second = walk.path(to: edges[secondWay].parent) + [secondWay]
                diagnostics.append(Self.ambiguityWarning(
                    declaration, reason: reason, paths: (describe(walk.path(to: node)), describe(second)),
                    protocolName: protocolName))
                continue
            case .reachedThrough(let ambiguous):
                diagnostics.append(Self.reachedThroughWarning(declaration, through: tree.nodes[ambiguous].declaration.qualifiedName,
                                                              rootName: rootName, protocolName: protocolName))
                continue
            case .conformance, nil:
                break
            }
            if !tree.nodes[node].isReference,
               let clash = RootMemberClash.clash(declaration, memberName: memberName, memberOwners: memberOwners) {
                diagnostics.append(RootMemberClash.warning(declaration, clash: clash, memberName: memberName,
                                                           protocolName: protocolName))
                continue
            }
            if let name = capturedNames[node] {
                let capturedBy = foreignNames?.frameworksDeclare(String(name)) == true ? "a lift framework declares"
                    : foreignNames?.isCapturedInTheLiftFile(String(name)) ?? true ? "the sources declare" : "two modules declare"
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is used with generic arguments that name "
                    + "'\(name)' as the file that writes them sees it, and \(capturedBy) a '\(name)' too, which the "
                    + "conformance's where clause would mean; RexGen cannot tell which module's '\(name)' to write, "
                    + "so no \(protocolName) conformance is generated for it", at: declaration.location))
                continue
            }
            if let missing = missingArguments[node] {
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is used with generic arguments that name "
                    + "'\(missing.name)', which at file scope needs the arguments of generic type '\(missing.scope)', "
                    + "and its path from '\(rootName)' does not give them; no \(protocolName) conformance is generated "
                    + "for it", at: declaration.location))
                continue
            }
            guard let scopeRequirements = scopeRequirements(of: node, given: scopeArgumentsByNode[node] ?? [:],
                                                            rootName: rootName, protocolName: protocolName,
                                                            diagnostics: &diagnostics) else { continue }
            let allArguments = nodeArguments + scopeArgumentsByNode[node, default: [:]].values.flatMap { $0 }
            if let hidden = allArguments.lazy.flatMap({ TypeTextNames($0).starts.map(\.name) })
                .first(where: { hidesName(String($0), inside: nil, declaration: declaration) }) {
                // In the conformance's `where` clause the child's own members and parameters come first, then
                // those of the types around it.
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is used with generic arguments that name "
                    + "'\(hidden)', which in its conformance's where clause means its own '\(hidden)'; no "
                    + "\(protocolName) conformance is generated for it", at: declaration.location))
                continue
            }
            guard let ownRequirements = whereRequirements(declaration, arguments: nodeArguments) else {
                diagnostics.append(.note("'\(declaration.qualifiedName)' is generic and its payload gives no "
                    + "concrete arguments; no \(protocolName) conformance is generated for it",
                    at: declaration.location))
                continue
            }
            let requirements = scopeRequirements + ownRequirements
            // Each edge of the path is its child's first way down: its arguments are the child's.
            let path = walk.path(to: node).map { index in
                var edge = edges[index]
                edge.genericArguments = argumentsByNode[edge.child] ?? []
                return edge
            }
            if let spi = spiOfUnknownModule(node: node, path: path) {
                diagnostics.append(Self.spiWarning(declaration, spi: spi, protocolName: protocolName))
                continue
            }
            var conformance = ConformancePlan(
                declaration: declaration, path: path, whereRequirements: requirements,
                access: min(Self.liftAccess(of: rootNode), tree.nodes[node].effectiveAccess),
                ifConfig: ifConfig(root: rootNode.declaration, path: path))
            conformance.node = node
            conformance.rootAvailability = rootAvailability
            if let unread = unreadNames[node] {
                let named = Set(requirements.flatMap { ForeignNames.typeNames(inRequirement: $0).map(\.name) })
                conformance.unreadModuleNames = Array(Set(unread.filter { named.contains($0.name) }))
            }
            result.append(conformance)
        }
        return result
    }

    /// The warning for an enum reachable along two ways from a root; `TreeEdit` writes it too.
    static func ambiguityWarning(_ declaration: EnumDeclaration, reason: String, paths: (String, String),
                                 protocolName: String) -> Diagnostic {
        .warning("'\(declaration.qualifiedName)' \(reason): \(paths.0) and \(paths.1); no \(protocolName) "
            + "conformance is generated for it", at: declaration.location)
    }

    /// The warning for an enum reached through one that is reachable along two ways; `TreeEdit` writes it too.
    static func reachedThroughWarning(_ declaration: EnumDeclaration, through ambiguous: String, rootName: String,
                                      protocolName: String) -> Diagnostic {
        .warning("'\(declaration.qualifiedName)' is reached through '\(ambiguous)', which is ambiguous from "
            + "'\(rootName)'; no \(protocolName) conformance is generated for it", at: declaration.location)
    }

    /// `Value == Int` for each parameter of the generic types `node` is declared in, or nil, with a warning,
    /// when its path does not give their arguments or the enum hides a parameter's name.
    private func scopeRequirements(of node: Int, given: [String: [String]], rootName: String, protocolName: String,
                                   diagnostics: inout [Diagnostic]) -> [String]? {
        let declaration = tree.nodes[node].declaration
        var requirements: [String] = []
        for scope in tree.nodes[node].genericScopes {
            // No parameter pack: Swift rejects an enum inside a type that declares one.
            let parameters = model.types[scope]?.genericParameterNames ?? []
            guard let arguments = given[scope], arguments.count == parameters.count else {
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is inside generic type '\(scope)', "
                    + "whose arguments its path from '\(rootName)' does not give; no \(protocolName) conformance "
                    + "is generated for it", at: declaration.location))
                return nil
            }
            if let hidden = parameters.first(where: { hidesName($0, inside: scope, declaration: declaration) }) {
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is inside generic type '\(scope)' "
                    + "and has a member type or generic parameter '\(hidden)', or is inside a type with such a "
                    + "parameter, which in its conformance's where clause would hide \(scope)'s parameter "
                    + "'\(hidden)'; no \(protocolName) conformance is generated for it", at: declaration.location))
                return nil
            }
            requirements += zip(parameters, arguments).map { "\($0) == \($1)" }
        }
        return requirements
    }

    /// Whether a name written in the where clause of `declaration`'s conformance means something other than
    /// at file scope. Swift looks it up among the enum's member types and typealiases, then among the generic
    /// parameters of the enum and of the types around it (from the enum outward, up to but not including
    /// `outermost`, or up to the top level when nil); the member types of the types around it are not searched.
    private func hidesName(_ name: String, inside outermost: String?, declaration: EnumDeclaration) -> Bool {
        if qualifier.declaresMember(name, of: declaration) { return true }
        for scope in model.types.scopes(along: declaration.qualifiedNameComponents,
                                        own: declaration.genericParameterNames).reversed() {
            if scope.name == outermost { return false }
            if scope.genericParameters.contains(name) { return true }
        }
        return false
    }

    /// Rewrites a payload's generic argument so it means the same at file scope: the generic parameters it
    /// names become the arguments their types were reached with (`PageAction<Item>` inside `RowsAction<Int>`
    /// is `PageAction<Int>`; so is `PageAction<Item>` inside `RowsAction<Int>.SectionAction`), and a type nested
    /// in the parent or around it gets its qualified name, with the arguments of the generic types on the way.
    /// - Parameter parentScopeArguments: the arguments of the generic types the parent is declared in, by type.
    private func concreteArgument(_ argument: String, parent: EnumDeclaration, parentArguments: [String],
                                  parentScopeArguments: [String: [String]]) -> PayloadTypeQualifier.FileScopeText {
        var arguments = parentScopeArguments
        if !parentArguments.isEmpty { arguments[parent.qualifiedName] = parentArguments }
        return qualifier.qualifiedAtFileScope(argument, in: parent, arguments: arguments)
    }

    /// `AppAction.movie → MovieAction.list`
    private func describe(_ path: [Int]) -> String {
        path.map { index in
            let edge = tree.edgesInParentOrder[index]
            return "\(tree.nodes[edge.parent].declaration.qualifiedName).\(edge.enumCase.name)"
        }.joined(separator: " → ")
    }

    private func whereRequirements(_ declaration: EnumDeclaration, arguments: [String]) -> [String]? {
        let parameters = declaration.genericParameterNames
        if parameters.isEmpty { return [] }
        guard parameters.count == arguments.count else { return nil }
        return zip(parameters, arguments).map { "\($0) == \($1)" }
    }

    private func ifConfig(root: EnumDeclaration, path: [ActionTree.Edge]) -> [IfConfigClause] {
        // The root's own clauses already wrap its whole section of the file.
        var clauses: [IfConfigClause] = []
        var index = 0
        while index < path.count {
            let edge = path[index]
            if !edge.enumCase.ifConfig.isEmpty { clauses += edge.enumCase.ifConfig }
            let childClauses = tree.nodes[edge.child].declaration.ifConfig
            if !childClauses.isEmpty { clauses += childClauses }
            index += 1
        }
        if clauses.isEmpty { return [] }
        var seen = Set(root.ifConfig)
        return clauses.filter { seen.insert($0).inserted }
    }
}
