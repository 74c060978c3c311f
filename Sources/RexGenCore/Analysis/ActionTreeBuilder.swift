/// Builds the action tree from the model: which enums are actions, which carry which, and which are roots.
struct ActionTreeBuilder {
    let model: SourceModel
    let rules: SelectionRules
    /// Root names from `--root` / `roots:`; empty means "every source action enum without a parent".
    let configuredRoots: [String]
    /// Whether a case of a source's action enum that names one through a typealias `TypeNameResolver` does not
    /// follow is warned of: the lift file misses that branch (a run without lifts loses nothing).
    var warnsOfUnfollowedAliases = false
    /// `--reference-module`: a reference's payload names its own module's enum before another module's.
    var referenceModules = ReferenceModules()

    func build(diagnostics: inout [Diagnostic]) -> ActionTree {
        let sight = FileSight(model: model, referenceModules: referenceModules)
        let nodes = Self.actionNodes(in: model, rules: rules, referenceModules: referenceModules, sight: sight)
        let names = TypeNameResolver(nodes: nodes, model: model, referenceModules: referenceModules, sight: sight)
        let selectedNodes = nodes
        // Each node's payloads resolve on their own, so nodes are resolved on every core; order is kept.
        let found = Parallel.map(count: nodes.count, chunk: 32) { parent -> ([ActionTree.Edge], [Diagnostic]) in
            let declaration = selectedNodes[parent].declaration
            let cases = declaration.cases
            // `isGeneric` already knows whether any type along the path declares parameters.
            let parameters = selectedNodes[parent].isGeneric
                ? names.genericParameters(along: declaration.qualifiedNameComponents, own: declaration.genericParameterNames)
                : nil
            var edges: [ActionTree.Edge] = []
            var warnings: [Diagnostic] = []
            var index = 0
            while index < cases.count {  // not `compactMap`: see `SourceFileCollector.collect`
                let enumCase = cases[index]
                index += 1
                guard enumCase.canCarrySubAction else { continue }
                let payload = enumCase.associatedValues![0].typeText
                // Another module's payload names none of the sources' types, which it cannot see.
                guard let resolved = names.resolve(payload, from: declaration.qualifiedNameComponents, parameters: parameters,
                                                   inReference: selectedNodes[parent].isReference,
                                                   file: declaration.location.file) else {
                    if warnsOfUnfollowedAliases, !selectedNodes[parent].isReference,
                       let unfollowed = names.unfollowedAlias(in: payload, from: declaration.qualifiedNameComponents,
                                                              parameters: parameters) {
                        warnings.append(Self.unfollowedAliasWarning(unfollowed, case: enumCase, of: declaration,
                                                                    nodes: selectedNodes))
                    }
                    continue
                }
                // `Outer<Int>.SheetAction` with an `Outer` the sources do not declare generic (another module's,
                // extended here): its parameters, which a conformance must name, are unknown.
                guard resolved.scopeArguments.keys.allSatisfy(selectedNodes[resolved.node].genericScopes.contains) else { continue }
                edges.append(ActionTree.Edge(parent: parent, child: resolved.node, enumCase: enumCase,
                                             genericArguments: resolved.genericArguments,
                                             scopeArguments: resolved.scopeArguments,
                                             argumentsReadAtFileScope: resolved.argumentsReadAtFileScope))
            }
            return (edges, warnings)
        }
        var tree = ActionTree(nodes: nodes, edges: found.flatMap(\.0), roots: [])
        diagnostics += found.flatMap(\.1)
        tree.roots = findRoots(in: tree, diagnostics: &diagnostics)
        return tree
    }

    /// A typealias's target reads where the alias is declared, so one that gives it arguments is followed only
    /// where they read the same (`TypeNameResolver`); elsewhere the case would be a branch of the wrong type.
    private static func unfollowedAliasWarning(_ unfollowed: TypeNameResolver.UnfollowedAlias, case enumCase: EnumCaseDeclaration,
                                               of declaration: EnumDeclaration, nodes: [ActionTree.Node]) -> Diagnostic {
        .warning("case '\(enumCase.name)' of '\(declaration.qualifiedName)' names action enum "
            + "'\(nodes[unfollowed.node].declaration.qualifiedName)' through typealias '\(unfollowed.alias.qualifiedName)', "
            + "which passes generic arguments and is followed only when declared at the top level or in the case's enum "
            + "and given no arguments itself; the case is no branch of the action tree, so nothing is lifted through it "
            + "(name the enum in the case, or move the typealias)", at: enumCase.location)
    }

    /// The nodes of the tree, in source order (sources, then references): every enum that can be extended
    /// from another file and is an action enum by its name or annotation, and, recursively, every enum
    /// declared directly inside a node and carried by one of the node's cases (`BoardAction.Request`).
    /// - Parameter sight: `FileSight(model:referenceModules:)` if the caller has it.
    static func actionNodes(in model: SourceModel, rules: SelectionRules,
                            referenceModules: ReferenceModules = ReferenceModules(), sight: FileSight? = nil) -> [ActionTree.Node] {
        let resolver = AccessResolver(types: model.types)
        var candidates: [ActionTree.Node] = []
        var isNode: [Bool] = []
        // Most enums nest nothing: only a node with an enum declared inside it can carry a nested one.
        var nestedParents = Set<ArraySlice<String>>()
        // `while` loops over a modular app's tens of thousands of files: see `SourceFileCollector.collect`.
        for (isReference, files) in [(false, model.files), (true, model.referenceFiles)] {
            let firstFileIndex = isReference ? model.files.count : 0
            var position = 0
            while position < files.count {
                let enums = files[position].enums
                let fileIndex = firstFileIndex + position
                position += 1
                var index = 0
                while index < enums.count {
                    let declaration = enums[index]
                    index += 1
                    guard !declaration.isLocal else { continue }
                    let access = resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                          enclosing: declaration.enclosingScopes)
                    guard access.isVisibleToOtherFiles else { continue }
                    var node = ActionTree.Node(declaration: declaration, isReference: isReference, effectiveAccess: access)
                    node.fileIndex = fileIndex
                    node.enumIndex = index - 1
                    candidates.append(node)
                    isNode.append(rules.isActionEnum(declaration))
                    if declaration.qualifiedNameComponents.count > 1 {
                        nestedParents.insert(declaration.qualifiedNameComponents.dropLast())
                    }
                }
            }
        }
        var pending = nestedParents.isEmpty ? [] : candidates.indices.filter {
            isNode[$0] && nestedParents.contains(candidates[$0].declaration.qualifiedNameComponents[...])
        }
        guard !pending.isEmpty else { return nodes(of: candidates, where: isNode, types: model.types) }
        let names = TypeNameResolver(nodes: candidates, model: model, referenceModules: referenceModules,
                                     sight: sight ?? FileSight(model: model, referenceModules: referenceModules))
        while let parent = pending.popLast() {
            let declaration = candidates[parent].declaration
            let parameters = names.genericParameters(along: declaration.qualifiedNameComponents,
                                                     own: declaration.genericParameterNames)
            for enumCase in declaration.cases {
                guard enumCase.canCarrySubAction,
                      let child = names.resolve(enumCase.associatedValues![0].typeText,
                                                from: declaration.qualifiedNameComponents, parameters: parameters,
                                                inReference: candidates[parent].isReference,
                                                file: declaration.location.file)?.node,
                      !isNode[child],
                      Array(candidates[child].declaration.qualifiedNameComponents.dropLast())
                          == declaration.qualifiedNameComponents,
                      !candidates[child].declaration.hasAnnotation("skip", namespace: "rexgen")
                else { continue }
                isNode[child] = true
                pending.append(child)
            }
        }
        return nodes(of: candidates, where: isNode, types: model.types)
    }

    private static func nodes(of candidates: [ActionTree.Node], where isNode: [Bool], types: TypeIndex) -> [ActionTree.Node] {
        var nodes: [ActionTree.Node] = []
        nodes.reserveCapacity(candidates.count)
        for index in candidates.indices where isNode[index] {
            var node = candidates[index]
            let components = node.declaration.qualifiedNameComponents
            if components.count > 1 {
                node.genericScopes = types.scopes(along: components, own: node.declaration.genericParameterNames)
                    .dropLast().filter { !$0.genericParameters.isEmpty }.map(\.name)
                if case .extension(let extendedType, _)? = node.declaration.enclosingScopes.first {
                    node.isInUndeclaredExtension = types[extendedType] == nil
                }
            }
            nodes.append(node)
        }
        return nodes
    }

    private func findRoots(in tree: ActionTree, diagnostics: inout [Diagnostic]) -> [Int] {
        let nodes = tree.nodes
        guard configuredRoots.isEmpty else {
            var roots: [Int] = []
            for name in configuredRoots {
                let matches = nodes.indices.filter {
                    nodes[$0].declaration.qualifiedName == name || nodes[$0].declaration.name == name
                }
                if let match = matches.first(where: { nodes[$0].declaration.qualifiedName == name }) ?? matches.first {
                    if !roots.contains(match) { roots.append(match) }
                } else {
                    diagnostics.append(.warning("root '\(name)' is not a selected action enum in the sources"))
                }
            }
            return roots
        }
        return tree.links.unconfiguredRoots(isSource: { !nodes[$0].isReference })
    }
}

extension EnumCaseDeclaration {
    /// Whether the case can be an edge of the action tree (a reference's summary keeps only these): exactly one
    /// payload, not variadic, and a case that code can construct, as a child's conformance does to lift it
    /// (see `ExtensionAvailability.mayBeUnavailable`).
    var canCarrySubAction: Bool {
        guard let values = associatedValues, values.count == 1, !values[0].isVariadic else { return false }
        return !ExtensionAvailability.mayBeUnavailable(attributes)
    }
}
