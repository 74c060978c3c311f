/// The lift file after a `FileTreeEdit`: both shapes walked, each conformance of the new walk copied from
/// the last run's file when the old walk reached its enum along the same path (`PathMatcher`), and planned
/// from the declarations along its path otherwise; and the lift planner's warnings of both walks.
struct Relift {
    var text: [UInt8]
    var sections: [RenderedSections.Record]
    /// The node of each conformance in `sections`, for the edited shape.
    var lifted: [Int]
    var oldDiagnostics: [Diagnostic]
    var newDiagnostics: [Diagnostic]

    /// Past this many conformances planned anew (an edit in a root's file, say, touches every path), the
    /// whole way is as fast: the edit is not taken.
    static let mostPlanned = 256

    init?(old: TreeShape, new: TreeShape, edit: FileTreeEdit, sections oldSections: [RenderedSections.Record],
          text oldText: [UInt8], declarations: inout Declarations, newDeclarations: inout Declarations,
          options: GenerationOptions) {
        // `LiftPlanner` leaves generic roots out (with a note, which names the root's place: not one in the file).
        let oldRoots = old.roots.filter { !old.nodes[$0].isGeneric }
        let newRoots = new.roots.filter { !new.nodes[$0].isGeneric }
        guard oldRoots.count == newRoots.count, zip(oldRoots, newRoots).allSatisfy({ edit.oldIndex(ofNew: $1) == $0 }),
              !old.roots.contains(where: { old.nodes[$0].isGeneric && edit.oldBlock.contains($0) }),
              !new.roots.contains(where: { new.nodes[$0].isGeneric && edit.newBlock.contains($0) }),
              let rootNames = Self.uniqueRootNames(oldRoots, of: old, declarations: &declarations) else { return nil }
        let oldLinks = old.links()
        let oldWalks = oldRoots.map { oldLinks.walk(from: $0) }
        let newWalks = newRoots.map { edit.links.walk(from: $0) }

        // The lift file's sections are the old walks' conformances in order (a generic enum whose payload
        // gave no concrete arguments has none), as the cache's `lifted` records them.
        var oldSectionsOf: [[Int]] = []
        let oldNodes = old.nodes
        let oldLifted = old.lifted
        var firstSection: [Int] = []
        var section = 0
        var oldInvolved = Set<Int>()
        // The references with conformances, by root: the lift file imports their modules (see `LiftPlanner`).
        let importsModules = !options.referenceModules.isEmpty
        var oldReferenceFiles = [Set<Int>](repeating: [], count: importsModules ? oldWalks.count : 0)
        var newReferenceFiles = oldReferenceFiles
        for (rootIndex, walk) in oldWalks.enumerated() {
            firstSection.append(section)
            var sectionOf = [Int](repeating: -1, count: oldNodes.count)
            for node in walk.order where walk.isLifted(node) {
                guard section < oldLifted.count, oldLifted[section] == node else {
                    guard oldNodes[node].isGeneric else { return nil }
                    continue
                }
                sectionOf[node] = section
                if !oldNodes[node].isReference {
                    oldInvolved.insert(oldNodes[node].fileIndex)
                } else if importsModules {
                    oldReferenceFiles[rootIndex].insert(oldNodes[node].fileIndex)
                }
                section += 1
            }
            oldSectionsOf.append(sectionOf)
        }
        guard section == oldSections.count, section == old.lifted.count, !oldSections.isEmpty else { return nil }
        firstSection.append(section)

        var matcher = PathMatcher(old: old, new: new, edit: edit)
        let nodes = new.nodes
        var text: [UInt8] = []
        text.reserveCapacity(oldText.count + 4096)
        var sections: [RenderedSections.Record] = []
        sections.reserveCapacity(oldSections.count + 8)
        var lifted: [Int] = []
        lifted.reserveCapacity(oldSections.count + 8)
        var planned = 0
        var newInvolved = Set<Int>()
        text += oldText[0..<oldSections[0].range.lowerBound]
        for (rootIndex, walk) in newWalks.enumerated() {
            let oldWalk = oldWalks[rootIndex]
            let sectionOf = oldSectionsOf[rootIndex]
            guard matcher.match(walk, with: oldWalk, declarations: &declarations, newDeclarations: &newDeclarations),
                  matcher.genericFatesAreAsBefore(walk, oldWalk, hadSection: { sectionOf[$0] >= 0 },
                                                  declarations: &declarations, newDeclarations: &newDeclarations)
            else { return nil }
            var keys = [RenderedSections.Key?](repeating: nil, count: new.nodes.count)
            let isSame = matcher.isSame
            let oldNodes = matcher.oldNode
            for node in walk.order where walk.isLifted(node) {
                let start = text.count
                let oldNode = isSame[node] ? oldNodes[node] : -1
                if oldNode >= 0, sectionOf[oldNode] >= 0 {
                    let copied = oldSections[sectionOf[oldNode]]
                    text += oldText[copied.range]
                    keys[node] = copied.key
                    sections.append(RenderedSections.Record(key: copied.key, range: start..<text.count))
                } else if nodes[node].isGeneric {
                    continue  // as the last run planned it, along the same path: no conformance
                } else {
                    planned += 1
                    guard planned <= Self.mostPlanned,
                          let conformance = LiftedPath(walk.path(to: node), root: walk.root, in: new,
                                                       declarations: &newDeclarations, options: options),
                          conformance.ancestorKeys.indices.allSatisfy({ step in
                              keys[conformance.ancestors[step]] == conformance.ancestorKeys[step] }) else { return nil }
                    text += Array(conformance.text.utf8)
                    keys[node] = conformance.key
                    sections.append(RenderedSections.Record(key: conformance.key, range: start..<text.count))
                }
                lifted.append(node)
                if !nodes[node].isReference {
                    newInvolved.insert(nodes[node].fileIndex)
                } else if importsModules {
                    newReferenceFiles[rootIndex].insert(nodes[node].fileIndex)
                }
            }
            // What follows the root's conformances, up to the next root's first one (or the end).
            let lastOld = oldSections[firstSection[rootIndex + 1] - 1].range.upperBound
            let nextOld = rootIndex + 1 < newWalks.count ? oldSections[firstSection[rootIndex + 1]].range.lowerBound : oldText.count
            text += oldText[lastOld..<nextOld]
        }
        // The lift file copies the imports of the sources that have conformances, and imports the references'.
        // (And the modules of the types that generic conformances' `where` clauses name: those conformances
        // are as before, see `genericFatesAreAsBefore`, and a name the edit declares anew is named nowhere else.)
        guard oldInvolved == newInvolved,
              oldReferenceFiles == newReferenceFiles || Self.modules(of: oldReferenceFiles, declarations.cache, options)
                == Self.modules(of: newReferenceFiles, declarations.cache, options),
              let oldDiagnostics = Self.diagnostics(of: oldWalks, in: old, rootNames: rootNames, declarations: &declarations),
              let newDiagnostics = Self.diagnostics(of: newWalks, in: new, rootNames: rootNames, declarations: &newDeclarations)
        else { return nil }
        self.text = text
        self.sections = sections
        self.lifted = lifted
        self.oldDiagnostics = oldDiagnostics
        self.newDiagnostics = newDiagnostics
    }

    /// The modules of each root's references with conformances.
    private static func modules(of files: [Set<Int>], _ cache: GenerationCache, _ options: GenerationOptions) -> [Set<String>] {
        files.map { Set($0.compactMap { options.referenceModules.module(ofFile: cache.inputs[$0].path) }) }
    }

    /// The roots' qualified and joined names (`LiftNaming.joinedName`), in order, when no two would name
    /// their protocols alike.
    private static func uniqueRootNames(_ roots: [Int], of shape: TreeShape,
                                        declarations: inout Declarations) -> [(qualified: String, joined: String)]? {
        var names: [(qualified: String, joined: String)] = []
        for root in roots {
            guard let declaration = declarations.declaration(of: shape.nodes[root]) else { return nil }
            let joined = LiftNaming.joinedName(declaration.qualifiedNameComponents)
            guard !names.contains(where: { $0.joined == joined }) else { return nil }
            names.append((declaration.qualifiedName, joined))
        }
        return names
    }

    /// `LiftPlanner`'s warnings for the nodes a walk finds ambiguous, or reaches through an ambiguous one.
    private static func diagnostics(of walks: [TreeLinks.Walk], in shape: TreeShape,
                                    rootNames: [(qualified: String, joined: String)],
                                    declarations: inout Declarations) -> [Diagnostic]? {
        var diagnostics: [Diagnostic] = []
        for (walk, (rootName, joinedName)) in zip(walks, rootNames) {
            let protocolName = joinedName + "Convertible"
            // A generic node's warning may name its arguments: it stays as the last run wrote it (see `init`).
            for node in walk.order where !walk.isLifted(node) && !shape.nodes[node].isGeneric {
                guard let declaration = declarations.declaration(of: shape.nodes[node]),
                      let verdict = walk.verdict(of: node) else { return nil }
                switch verdict {
                case .ambiguous(let secondWay):
                    let second = walk.path(to: shape.edges[secondWay].parent) + [secondWay]
                    guard let first = describe(walk.path(to: node), in: shape, declarations: &declarations),
                          let other = describe(second, in: shape, declarations: &declarations) else { return nil }
                    diagnostics.append(LiftPlanner.ambiguityWarning(declaration, reason: "is reachable along two paths",
                                                                    paths: (first, other), protocolName: protocolName))
                case .reachedThrough(let ambiguous):
                    guard let through = declarations.declaration(of: shape.nodes[ambiguous]) else { return nil }
                    diagnostics.append(LiftPlanner.reachedThroughWarning(declaration, through: through.qualifiedName,
                                                                         rootName: rootName, protocolName: protocolName))
                case .conformance:
                    break
                }
            }
        }
        return diagnostics
    }

    /// `AppAction.movie → MovieAction.list`
    private static func describe(_ path: [Int], in shape: TreeShape, declarations: inout Declarations) -> String? {
        var steps: [String] = []
        for edge in path.map({ shape.edges[$0] }) {
            guard let parent = declarations.declaration(of: shape.nodes[edge.parent]),
                  let enumCase = TreeShape.enumCase(edge.caseHash, of: parent) else { return nil }
            steps.append("\(parent.qualifiedName).\(enumCase.name)")
        }
        return steps.joined(separator: " → ")
    }
}

/// One conformance planned from the declarations along its path, as `LiftPlanner` plans it in the whole
/// tree, with the keys of the conformances above it (which must be those the lift file has for them).
struct LiftedPath {
    var text: String
    var key: RenderedSections.Key
    var ancestors: [Int]
    var ancestorKeys: [RenderedSections.Key]

    init?(_ path: [Int], root: Int, in shape: TreeShape, declarations: inout Declarations, options: GenerationOptions) {
        let chain = [root] + path.map { shape.edges[$0].child }
        let resolver = AccessResolver(types: TypeIndex([]))
        var nodes: [ActionTree.Node] = []
        var cases: [EnumCaseDeclaration] = []
        for (step, node) in chain.enumerated() {
            guard let declaration = declarations.declaration(of: shape.nodes[node]), declaration.genericParameters.isEmpty,
                  !declaration.enclosingScopes.contains(where: \.isExtension) else { return nil }
            nodes.append(ActionTree.Node(declaration: declaration, isReference: shape.nodes[node].isReference,
                                         effectiveAccess: resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                                                   enclosing: declaration.enclosingScopes)))
            if step > 0 {
                guard let enumCase = TreeShape.enumCase(shape.edges[path[step - 1]].caseHash, of: nodes[step - 1].declaration)
                else { return nil }
                cases.append(enumCase)
            }
        }
        // Another module's enum whose first name the sources, a third module or a lift framework may declare
        // may be named with its module (`LiftPlanner.qualifyForeignEnums`), which their names, not kept with
        // the shape, decide.
        if let last = nodes.last, last.isReference, !options.referenceModules.isEmpty {
            let first = last.declaration.qualifiedNameComponents[0]
            if declarations.cache.sourceParses(mention: first)
                || FrameworkNames.declared(by: options.lift).contains(Substring(first)) { return nil }
            let module = options.referenceModules.module(ofFile: last.declaration.location.file)
            if declarations.cache.otherModulesSummaries(mention: first, besides: module, modules: options.referenceModules) {
                return nil
            }
            // Named with its module unless a type is named like the module, which the shape keeps.
            if let module, NameLines.contains(module, inLines: shape.modulesNamedLikeTypes) { return nil }
        }
        let edges = cases.indices.map { ActionTree.Edge(parent: $0, child: $0 + 1, enumCase: cases[$0], genericArguments: []) }
        var diagnostics: [Diagnostic] = []
        let plan = LiftPlanner(tree: ActionTree(nodes: nodes, edges: edges, roots: [0]), model: SourceModel(files: []),
                               frameworks: options.lift, combineFeedbackAPI: options.combineFeedbackAPI,
                               referenceModules: options.referenceModules)
            .plan(diagnostics: &diagnostics)
        guard diagnostics.isEmpty, let root = plan.roots.first, root.conformances.count == chain.count else { return nil }
        let camel = root.camelName
        // A member of a source's enum named like the conformance's property leaves it out (`RootMemberClash`),
        // and members may be declared in any file.
        if !nodes[nodes.count - 1].isReference, declarations.sourceParsesMention(camel) { return nil }
        let rootType = root.aliasName
        let protocolName = root.protocolName
        let keys = root.conformances.map {
            RenderedSections.key(for: $0, camel: camel, rootType: rootType, protocolName: protocolName)
        }
        text = LiftRenderer.conformanceText(root.conformances[chain.count - 1], camel: camel, rootType: rootType,
                                            protocolName: protocolName)
        key = keys[chain.count - 1]
        ancestors = Array(chain.dropLast())
        ancestorKeys = Array(keys.dropLast())
    }
}

extension EnclosingScope {
    var isExtension: Bool {
        if case .extension = self { return true }
        return false
    }
}
