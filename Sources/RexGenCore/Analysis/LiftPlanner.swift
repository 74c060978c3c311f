/// Decides the conformances for each root: every enum reachable along exactly one path, with one set of
/// generic arguments. Anything reachable two ways gets a warning naming both, and no conformance, since
/// extracting it from the root would be ambiguous.
struct LiftPlanner {
    let tree: ActionTree
    let model: SourceModel
    let frameworks: LiftSelection
    let combineFeedbackAPI: CombineFeedbackAPI
    private let qualifier: PayloadTypeQualifier

    init(tree: ActionTree, model: SourceModel, frameworks: LiftSelection = .swiftRex,
         combineFeedbackAPI: CombineFeedbackAPI = .release, qualifier: PayloadTypeQualifier? = nil) {
        self.tree = tree
        self.model = model
        self.frameworks = frameworks
        self.combineFeedbackAPI = combineFeedbackAPI
        self.qualifier = qualifier ?? PayloadTypeQualifier(model: model)
    }

    func plan(diagnostics: inout [Diagnostic]) -> LiftPlan {
        var roots: [RootPlan] = []
        var involvedFiles = Set<String>()
        for root in tree.roots {
            let rootNode = tree.nodes[root]
            guard rootNode.declaration.genericParameters.isEmpty else {
                diagnostics.append(.note("root '\(rootNode.declaration.qualifiedName)' is generic, so no lift "
                    + "extensions are generated for it", at: rootNode.declaration.location))
                continue
            }
            let joinedName = rootNode.declaration.qualifiedNameComponents.joined()
            if let earlier = roots.first(where: { $0.joinedName == joinedName }) {
                diagnostics.append(.warning("root '\(rootNode.declaration.qualifiedName)' would be named "
                    + "'\(joinedName)Convertible' like root '\(earlier.declaration.qualifiedName)' at "
                    + "\(earlier.declaration.location); no lift extensions are generated for it (name one of them "
                    + "with --root to choose)", at: rootNode.declaration.location))
                continue
            }
            let conformances = conformances(from: root, diagnostics: &diagnostics)
            for conformance in conformances { involvedFiles.insert(conformance.declaration.location.file) }
            roots.append(RootPlan(declaration: rootNode.declaration, joinedName: joinedName,
                                  access: min(rootNode.effectiveAccess, .public), conformances: conformances))
        }
        let reactor = frameworks.contains(.reactor) ? ReactorPlanner(model: model).plan(diagnostics: &diagnostics) : nil
        // A composite state's extension names it as its file does: its file's imports are needed too.
        for composite in reactor?.composites ?? [] { involvedFiles.insert(composite.declaration.location.file) }
        var imports: [ImportDeclaration] = []
        var seen = Set<ImportDeclaration>()
        for file in model.files where involvedFiles.contains(file.path) {
            for declaration in file.imports where seen.insert(declaration).inserted { imports.append(declaration) }
        }
        return LiftPlan(roots: roots, imports: imports, frameworks: frameworks, combineFeedbackAPI: combineFeedbackAPI,
                        reactor: reactor)
    }

    private struct Reach {
        var path: [ActionTree.Edge]
        var arguments: [String]
        var conflict: String?
    }

    private func conformances(from root: Int, diagnostics: inout [Diagnostic]) -> [ConformancePlan] {
        var reaches: [Int: Reach] = [root: Reach(path: [], arguments: [])]
        var order = [root]
        var queue = [root]
        var head = 0
        while head < queue.count {
            let parent = queue[head]
            head += 1
            guard let parentReach = reaches[parent] else { continue }
            for var edge in tree.edges(from: parent) where edge.child != root {
                if !edge.genericArguments.isEmpty {
                    edge.genericArguments = edge.genericArguments.map {
                        concreteArgument($0, parent: tree.nodes[parent].declaration, parentArguments: parentReach.arguments)
                    }
                }
                // Sized to fit: every conformance keeps its path, and `+` leaves room to grow (ten thousand
                // paths of whole edges in a large app).
                var path: [ActionTree.Edge] = []
                path.reserveCapacity(parentReach.path.count + 1)
                path += parentReach.path
                path.append(edge)
                guard let existing = reaches[edge.child] else {
                    reaches[edge.child] = Reach(path: path, arguments: edge.genericArguments)
                    order.append(edge.child)
                    queue.append(edge.child)
                    continue
                }
                // An edge back to an enum already on this path is a cycle, not a second way down.
                if parentReach.path.contains(where: { $0.parent == edge.child }) { continue }
                if existing.conflict == nil {
                    let reason = existing.arguments != edge.genericArguments
                        ? "is used with two different generic arguments"
                        : "is reachable along two paths"
                    reaches[edge.child]?.conflict = "\(reason): \(describe(existing.path)) and \(describe(path))"
                }
            }
        }
        var result: [ConformancePlan] = []
        let rootNode = tree.nodes[root]
        let protocolName = rootNode.declaration.qualifiedNameComponents.joined() + "Convertible"
        for node in order {
            guard let reach = reaches[node] else { continue }
            let declaration = tree.nodes[node].declaration
            // `while` loops here and below, not lazy chains: ten thousand nodes in the debug build the build
            // plugin runs, where those are unspecialised generic calls.
            var inheritedConflict: Int?
            var step = 0
            while inheritedConflict == nil, step + 1 < reach.path.count {
                let child = reach.path[step].child
                if reaches[child]?.conflict != nil { inheritedConflict = child }
                step += 1
            }
            if let conflict = reach.conflict {
                diagnostics.append(.warning("'\(declaration.qualifiedName)' \(conflict); no \(protocolName) "
                    + "conformance is generated for it", at: declaration.location))
                continue
            }
            if let ancestor = inheritedConflict {
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is reached through "
                    + "'\(tree.nodes[ancestor].declaration.qualifiedName)', which is ambiguous from "
                    + "'\(rootNode.declaration.qualifiedName)'; no \(protocolName) conformance is generated for it",
                    at: declaration.location))
                continue
            }
            guard let requirements = whereRequirements(declaration, arguments: reach.arguments) else {
                diagnostics.append(.note("'\(declaration.qualifiedName)' is generic and its payload gives no "
                    + "concrete arguments; no \(protocolName) conformance is generated for it",
                    at: declaration.location))
                continue
            }
            var conformance = ConformancePlan(
                declaration: declaration, path: reach.path, whereRequirements: requirements,
                access: min(rootNode.effectiveAccess, tree.nodes[node].effectiveAccess, .public),
                ifConfig: ifConfig(root: rootNode.declaration, path: reach.path))
            conformance.node = node
            result.append(conformance)
        }
        return result
    }

    /// Rewrites a payload's generic argument so it means the same at file scope: the parent's own generic
    /// parameters become the arguments the parent was reached with (`PageAction<Item>` inside
    /// `RowsAction<Int>` is `PageAction<Int>`), and a type nested in the parent or around it gets its
    /// qualified name.
    private func concreteArgument(_ argument: String, parent: EnumDeclaration, parentArguments: [String]) -> String {
        var substitutions: [String: String] = [:]
        for (parameter, value) in zip(parent.genericParameterNames, parentArguments) { substitutions[parameter] = value }
        return qualifier.qualified(argument, in: parent, substituting: substitutions, outsideTheEnum: true)
    }

    /// `AppAction.movie → MovieAction.list`
    private func describe(_ path: [ActionTree.Edge]) -> String {
        path.map { "\(tree.nodes[$0.parent].declaration.qualifiedName).\($0.enumCase.name)" }.joined(separator: " → ")
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
