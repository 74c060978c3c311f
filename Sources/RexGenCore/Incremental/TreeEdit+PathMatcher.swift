/// Which nodes the edited shape's walk reaches along the same path as the last run's walk reached them: the
/// same parent (itself reached along the same path), by the same case, to the same enum. Outside the edited
/// file, nodes and cases are the same by place (the edit moved nothing there); in it, by content without
/// positions, as a conformance's render key reads them (the enum without its cases, the carrying case). A
/// conformance whose node is reached along the same path has the same text and key as last time.
struct PathMatcher {
    let old: TreeShape
    let new: TreeShape
    let edit: FileTreeEdit
    /// By node of the edited shape, for the walk matched last.
    private(set) var isSame: [Bool] = []
    /// By node of the edited shape: its index in the last one (-1 for a new node of the edited file).
    let oldNode: [Int]
    private var enumKeys: [Int: RenderedSections.Key] = [:]
    private var oldEnumKeys: [Int: RenderedSections.Key] = [:]

    init(old: TreeShape, new: TreeShape, edit: FileTreeEdit) {
        self.old = old
        self.new = new
        self.edit = edit
        var oldNode = [Int](repeating: -1, count: new.nodes.count)
        for node in oldNode.indices { oldNode[node] = edit.oldIndex(ofNew: node) ?? -1 }
        self.oldNode = oldNode
    }

    /// Matches a walk of the edited shape with the last run's walk from the same root; false when a
    /// declaration of the edited file cannot be read. Arrays held in locals: ten thousand nodes in the debug
    /// build, where each access to a stored struct's array retains and releases it.
    mutating func match(_ walk: TreeLinks.Walk, with oldWalk: TreeLinks.Walk, declarations: inout Declarations,
                        newDeclarations: inout Declarations) -> Bool {
        let oldNode = self.oldNode
        let edges = new.edges
        let oldEdges = old.edges
        let firstEdge = walk.firstEdge
        let oldFirstEdge = oldWalk.firstEdge
        let block = edit.newBlock
        var isSame = [Bool](repeating: false, count: oldNode.count)
        for node in walk.order {
            let old = oldNode[node]
            guard old >= 0, oldFirstEdge[old] != -2 else { continue }
            let edge = firstEdge[node]
            let oldEdge = oldFirstEdge[old]
            if edge >= 0, oldEdge >= 0 {
                let parent = edges[edge].parent
                guard isSame[parent], oldNode[parent] == oldEdges[oldEdge].parent else { continue }
                if block.contains(parent) {
                    guard let sameCase = isSameCase(edge, oldEdge, declarations: &declarations, newDeclarations: &newDeclarations)
                    else { return false }
                    guard sameCase else { continue }
                } else if edges[edge].caseHash != oldEdges[oldEdge].caseHash {
                    continue
                }
            } else if edge != oldEdge {
                continue
            }
            guard block.contains(node) else {
                isSame[node] = true
                continue
            }
            guard let key = enumKey(node, in: new, keys: &enumKeys, declarations: &newDeclarations),
                  let oldKey = enumKey(old, in: self.old, keys: &oldEnumKeys, declarations: &declarations) else { return false }
            isSame[node] = key == oldKey
        }
        self.isSame = isSame
        return true
    }

    /// Whether the generic nodes of a matched walk meet the fates they met last time, along the same paths:
    /// what `LiftPlanner` decides for a generic node depends on its arguments, which the shape does not hold.
    /// - Parameter hadSection: whether an old node had a conformance in the last run's lift file.
    mutating func genericFatesAreAsBefore(_ walk: TreeLinks.Walk, _ oldWalk: TreeLinks.Walk, hadSection: (Int) -> Bool,
                                          declarations: inout Declarations, newDeclarations: inout Declarations) -> Bool {
        let oldNodes = old.nodes
        let nodes = new.nodes
        var oldCount = 0
        for node in oldWalk.order where oldNodes[node].isGeneric { oldCount += 1 }
        var count = 0
        for node in walk.order where nodes[node].isGeneric {
            count += 1
            guard isSame[node], let oldNode = edit.oldIndex(ofNew: node), let verdict = walk.verdict(of: node),
                  let oldVerdict = oldWalk.verdict(of: oldNode) else { return false }
            switch (verdict, oldVerdict) {
            case (.conformance, .conformance):
                break
            case (.ambiguous(let edge), .ambiguous(let oldEdge)):
                let parent = new.edges[edge].parent
                guard isSame[parent], edit.oldIndex(ofNew: parent) == old.edges[oldEdge].parent,
                      isSameCase(edge, oldEdge, declarations: &declarations, newDeclarations: &newDeclarations) == true
                else { return false }
            case (.reachedThrough(let through), .reachedThrough(let oldThrough)):
                guard isSame[through], edit.oldIndex(ofNew: through) == oldThrough else { return false }
            default:
                return false
            }
            // A note or warning names the node's place, which in the edited file may have moved.
            if edit.newBlock.contains(node), verdict != .conformance || !hadSection(oldNode) {
                guard let declaration = newDeclarations.declaration(of: new.nodes[node]),
                      let oldDeclaration = declarations.declaration(of: old.nodes[oldNode]),
                      declaration.location == oldDeclaration.location else { return false }
            }
        }
        return count == oldCount
    }

    /// Whether an edge of the edited shape and one of the last carry by the same case (their parents
    /// matched); nil when a case of the edited file cannot be read.
    private func isSameCase(_ edge: Int, _ oldEdge: Int, declarations: inout Declarations,
                            newDeclarations: inout Declarations) -> Bool? {
        let parent = new.edges[edge].parent
        guard edit.newBlock.contains(parent) else { return new.edges[edge].caseHash == old.edges[oldEdge].caseHash }
        guard let declaration = newDeclarations.declaration(of: new.nodes[parent]),
              var enumCase = TreeShape.enumCase(new.edges[edge].caseHash, of: declaration),
              let oldDeclaration = declarations.declaration(of: old.nodes[old.edges[oldEdge].parent]),
              var oldCase = TreeShape.enumCase(old.edges[oldEdge].caseHash, of: oldDeclaration) else { return nil }
        return FieldCoder.hash(path: "") { try enumCase.code(&$0) } == FieldCoder.hash(path: "") { try oldCase.code(&$0) }
    }

    /// An enum of the edited file without its cases or position, as a conformance's render key hashes it.
    private func enumKey(_ node: Int, in shape: TreeShape, keys: inout [Int: RenderedSections.Key],
                         declarations: inout Declarations) -> RenderedSections.Key? {
        if let key = keys[node] { return key }
        guard var declaration = declarations.declaration(of: shape.nodes[node]) else { return nil }
        let key = FieldCoder.hash(path: declaration.location.file) { try declaration.code(&$0, includingCases: false) }
        keys[node] = key
        return key
    }
}
