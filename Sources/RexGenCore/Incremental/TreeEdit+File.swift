#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The tree's shape after one file's edit: the file's nodes and their edges anew, every other node's
/// edges kept (retargeted where indexes moved), when `TreeEdit`'s conditions on the file hold.
struct FileTreeEdit {
    var shape: TreeShape
    /// `shape.links()`, worked out once for its roots and its walk.
    var links: TreeLinks
    var edgeNames: String
    /// Where the file's nodes lie among the old shape's nodes, and among the new one's.
    var oldBlock: Range<Int>
    var newBlock: Range<Int>
    private var oldIndexInBlock: [Int?]

    /// The old index of a new node; nil for a node of the file that is new.
    func oldIndex(ofNew node: Int) -> Int? {
        if node < newBlock.lowerBound { return node }
        if node >= newBlock.upperBound { return node - newBlock.count + oldBlock.count }
        return oldIndexInBlock[node - newBlock.lowerBound]
    }

    init?(old: ParsedFile, new: ParsedFile, index: Int, isSource: Bool, cache: GenerationCache, shape: TreeShape,
          options: GenerationOptions) {
        let rules = options.selection
        // Only top-level enums: a nested one's edges and genericity depend on the types around it (their
        // generic parameters hide names), which the shape does not keep.
        guard !isSource || old.imports == new.imports,
              Self.aliasesOf(old) == Self.aliasesOf(new),
              [old, new].allSatisfy({ $0.enums.allSatisfy { $0.qualifiedNameComponents.count == 1 && $0.enclosingScopes.isEmpty } })
        else { return nil }
        let oldNodes = Self.nodes(of: old, rules: rules)
        let newNodes = Self.nodes(of: new, rules: rules)
        let oldEnums = old.enums.map(\.qualifiedName)
        let newEnums = new.enums.map(\.qualifiedName)
        guard Set(oldEnums).count == oldEnums.count, Set(newEnums).count == newEnums.count else { return nil }
        // The file's nodes lie together in the shape, in its enums' order.
        let shapeNodes = shape.nodes
        let start = Self.firstIndex(count: shapeNodes.count) { shapeNodes[$0].fileIndex >= index }
        var end = start
        while end < shapeNodes.count, shapeNodes[end].fileIndex == index { end += 1 }
        guard shapeNodes[start..<end].map(\.enumIndex) == oldNodes.map(\.enumIndex) else { return nil }
        oldBlock = start..<end
        newBlock = start..<(start + newNodes.count)

        // Names that the edit adds or removes, as enums or as nodes: nothing else may name them.
        let removedEnums = Set(oldEnums).subtracting(newEnums)
        let addedEnums = Set(newEnums).subtracting(oldEnums)
        let changed = removedEnums.union(addedEnums)
            .union(Set(oldNodes.map(\.name)).symmetricDifference(newNodes.map(\.name)))
        let aliasTargets = (old.typeAliases + new.typeAliases).map { $0.qualifiedName + " " + $0.targetText }
        for name in changed {
            guard name.utf8.allSatisfy({ $0 < 0x80 }), !options.roots.contains(name),
                  !options.referenceModules.contains(module: Substring(name)),
                  !cache.parses(otherThan: index, mention: name),
                  !NameLines.contains(name, inLines: shape.aliasNames),
                  !aliasTargets.contains(where: { $0.contains(name) }) else { return nil }
        }
        // An enum of another file declared inside one of the file's nodes may be a node by its cases.
        for name in oldNodes.map(\.name) + newNodes.map(\.name) where NameLines.contains(name, inLines: shape.enclosingNames) {
            return nil
        }
        let oldView = isSource ? old.referenceSummary(rules: rules) : old
        let newView = isSource ? new.referenceSummary(rules: rules) : new
        guard Self.comparable(oldView, dropping: changed) == Self.comparable(newView, dropping: changed) else { return nil }

        var edgeNames = cache.edgeNames
        for name in removedEnums.sorted() {
            guard let removed = NameLines.removing(name, from: edgeNames) else { return nil }
            edgeNames = removed
        }
        for name in addedEnums.sorted() {
            guard let inserted = NameLines.inserting(name, into: edgeNames) else { return nil }
            edgeNames = inserted
        }
        self.edgeNames = edgeNames
        // The new index of each old node of the file, by its name; nil for one that is gone.
        let indexInBlock = oldNodes.map { node in newNodes.firstIndex { $0.name == node.name }.map { start + $0 } }
        oldIndexInBlock = newNodes.map { node in oldNodes.firstIndex { $0.name == node.name }.map { start + $0 } }

        // The file's edges anew, resolved as `TypeNameResolver` resolves a plain name.
        let names = EdgeNames(lines: edgeNames)
        let block = oldBlock
        let delta = newNodes.count - oldNodes.count
        let modules = options.referenceModules
        let editedModule = modules.isEmpty ? nil : modules.module(ofFile: new.path)
        // Another module's node is a payload's only where the file sees it (`FileSight`): here, through an
        // import of its module that states its SPI group, if any (a re-export goes the whole way).
        func isInSight(_ node: Int) -> Bool {
            guard !modules.isEmpty, isSource || editedModule != nil, shapeNodes[node].isReference,
                  let module = modules.module(ofFile: cache.inputs[shapeNodes[node].fileIndex].path), module != editedModule
            else { return true }
            let imports = new.imports.filter { $0.moduleName.map(String.init) == module }
            guard !imports.isEmpty, let file = cache.parsedFile(at: shapeNodes[node].fileIndex),
                  file.enums.indices.contains(shapeNodes[node].enumIndex) else { return false }
            let spi = file.enums[shapeNodes[node].enumIndex].attributes.filter(InheritedAttributes.isSPI)
            return spi.isEmpty || spi.contains(where: Set(imports.flatMap(\.spiGroups)).contains)
        }
        func lookUp(_ name: String) -> Int?? {
            let line = NameLines.lineNumber(of: name, in: shape.nodeNames)
            if let line, !block.contains(line), !isInSight(line) { return nil }
            // A reference's payload looks past the sources' nodes, which another module cannot see
            // (`TypeNameResolver`), to a reference's of the same name, which the shape's names cannot tell.
            if let line, !isSource, !shapeNodes[line].isReference { return nil }
            // Another module's node may be hidden by a type of its name that the file's own module declares
            // (`TypeNameResolver`), which the shape's names cannot tell either.
            if let line, shapeNodes[line].isReference,
               NameLines.contains(String(name.prefix { $0 != "." }), inLines: shape.namesDeclaredTwice),
               isSource || !modules.isEmpty && modules.module(ofFile: cache.inputs[shapeNodes[line].fileIndex].path) != editedModule {
                return nil
            }
            // Nodes of several modules named alike: a reference's payload means its own module's, which the
            // shape's names cannot tell either.
            if line != nil, !options.referenceModules.isEmpty, NameLines.containsTwice(name, inLines: shape.nodeNames) {
                return nil
            }
            if let line, line < block.lowerBound { return line }
            if let position = newNodes.firstIndex(where: { $0.name == name }) { return start + position }
            if let line { return block.contains(line) ? .some(nil) : line + delta }
            return NameLines.contains(name, inLines: shape.aliasNames) ? nil : .some(nil)
        }
        // What each payload of the file's nodes resolved to last time, by node and payload: the same text in
        // the same node resolves alike unless it names a name the edit changed (those are named nowhere else).
        var lastResolved: [String: TreeShape.Edge?] = [:]
        let shapeEdges = shape.edges
        let edgesBefore = Self.firstIndex(count: shapeEdges.count) { shapeEdges[$0].parent >= start }
        let edgesAfter = Self.firstIndex(count: shapeEdges.count) { shapeEdges[$0].parent >= end }
        let oldEdges = shapeEdges[edgesBefore..<edgesAfter]
        for (position, node) in oldNodes.enumerated() {
            let cases = old.enums[node.enumIndex].cases
            for enumCase in cases where enumCase.canCarrySubAction {
                let text = enumCase.associatedValues![0].typeText
                let hash = TreeShape.caseHash(of: enumCase)
                let edge = oldEdges.first { $0.parent == start + position && $0.caseHash == hash }
                lastResolved[node.name + " " + text] = .some(edge)
            }
        }
        var fileEdges: [TreeShape.Edge] = []
        for (position, node) in newNodes.enumerated() {
            let declaration = new.enums[node.enumIndex]
            for enumCase in declaration.cases where enumCase.canCarrySubAction {
                let caseHash = TreeShape.caseHash(of: enumCase)
                let text = enumCase.associatedValues![0].typeText
                if let resolved = lastResolved[node.name + " " + text], !changed.contains(where: { text.contains($0) }) {
                    guard let oldEdge = resolved else { continue }
                    guard let child = block.contains(oldEdge.child) ? indexInBlock[oldEdge.child - start]
                        : Self.moved(oldEdge.child, block, delta) else { return nil }
                    fileEdges.append(TreeShape.Edge(parent: start + position, child: child, caseHash: caseHash))
                    continue
                }
                guard let (components, arguments, _) = TypeNameResolver.split(text), let last = components.last else { continue }
                guard components.count == 1, arguments.isEmpty else {
                    if names.contains(last) { return nil }
                    continue
                }
                // Innermost scope first: the enum's generic parameter (no node), `Parent.Name`, then `Name`. A pack
                // (`each T`, which Swift rejects on an enum) is read as `TypeIndex.scopes` reads it, so even that
                // file edits to the whole run's shape.
                if declaration.genericParameterNames.contains(where: { $0 == last || $0 == "each " + last }) { continue }
                guard let nested = lookUp(declaration.qualifiedName + "." + last) else { return nil }
                var child = nested
                if child == nil {
                    guard let plain = lookUp(last) else { return nil }
                    child = plain
                }
                if let child {
                    fileEdges.append(TreeShape.Edge(parent: start + position, child: child, caseHash: caseHash))
                }
            }
        }

        var nodes = Array(shapeNodes[..<start])
        for node in newNodes {
            nodes.append(TreeShape.Node(fileIndex: index, enumIndex: node.enumIndex, isReference: !isSource,
                                        isGeneric: !new.enums[node.enumIndex].genericParameters.isEmpty))
        }
        nodes += shapeNodes[end...]
        // The other files' edges, each node index moved as the file's nodes moved, through a buffer pointer:
        // ten thousand edges in the debug build.
        var edges = Array(shapeEdges[..<edgesBefore]) + fileEdges + shapeEdges[edgesAfter...]
        let movedChildren = edges.withUnsafeMutableBufferPointer { edges -> Bool in
            var at = 0
            while at < edges.count {
                if at == edgesBefore { at += fileEdges.count }
                guard at < edges.count else { break }
                let child = edges[at].child
                if child >= end {
                    edges[at].child = child + delta
                } else if child >= start {
                    // An edge of another file into one of this file's nodes that is gone: its name was named elsewhere.
                    guard let moved = indexInBlock[child - start] else { return false }
                    edges[at].child = moved
                }
                if edges[at].parent >= end { edges[at].parent += delta }
                at += 1
            }
            return true
        }
        guard movedChildren else { return nil }
        let nodeNames = oldNodes.map(\.name) == newNodes.map(\.name) ? shape.nodeNames
            : NameLines.replacing(block, with: newNodes.map(\.name), in: shape.nodeNames)
        var edited = TreeShape(nodes: nodes, edges: edges, roots: [], lifted: [], nodeNames: nodeNames, aliasNames: shape.aliasNames,
                               enclosingNames: shape.enclosingNames, modulesNamedLikeTypes: shape.modulesNamedLikeTypes,
                               namesDeclaredTwice: shape.namesDeclaredTwice)
        let oldRoots = shape.roots.map { block.contains($0) ? indexInBlock[$0 - start] : Self.moved($0, block, delta) }
        let links = edited.links()
        let roots = options.roots.isEmpty ? links.unconfiguredRoots(isSource: { !nodes[$0].isReference })
            : oldRoots.compactMap { $0 }
        guard roots == oldRoots.compactMap({ $0 }), roots.count == oldRoots.count else { return nil }
        edited.roots = roots
        self.shape = edited
        self.links = links
    }

    /// The first index in `0..<count` where `isAfter` holds, which it does for every index after that one.
    private static func firstIndex(count: Int, where isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private static func moved(_ node: Int, _ block: Range<Int>, _ delta: Int) -> Int {
        node < block.lowerBound ? node : node + delta
    }

    /// The file's enums that are nodes, as `ActionTreeBuilder.actionNodes` selects top-level ones.
    private static func nodes(of file: ParsedFile, rules: SelectionRules) -> [(enumIndex: Int, name: String)] {
        let resolver = AccessResolver(types: TypeIndex([]))
        var nodes: [(enumIndex: Int, name: String)] = []
        for (index, declaration) in file.enums.enumerated() where !declaration.isLocal {
            guard resolver.effectiveAccess(declared: declaration.declaredAccess, enclosing: []).isVisibleToOtherFiles,
                  rules.isActionEnum(declaration) else { continue }
            nodes.append((index, declaration.qualifiedName))
        }
        return nodes
    }

    private static func aliasesOf(_ file: ParsedFile) -> [String] {
        file.typeAliases.map { $0.qualifiedName + " = " + $0.targetText }
    }

    /// A summary's encoding without positions, without the enums named in `names` (and their types and
    /// members) and without any enum's cases: what other files read of it besides the tree's edges.
    private static func comparable(_ summary: ParsedFile, dropping names: Set<String>) -> RenderedSections.Key {
        var summary = summary
        summary.enums.removeAll { names.contains($0.qualifiedName) }
        summary.types.removeAll { names.contains($0.qualifiedName) }
        summary.members.removeAll { names.contains($0.ownerName) }
        for index in summary.enums.indices { summary.enums[index].cases = [] }
        return ParsedFileCoding.positionFreeHash(of: summary)
    }
}
