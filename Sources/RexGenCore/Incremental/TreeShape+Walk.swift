/// `ActionTreeBuilder`'s roots and `LiftPlanner`'s walk, over a shape: which nodes get a conformance under
/// each root, along which path, and which are ambiguous. For a node that is not generic this decides what
/// those two do (for a generic one, `LiftPlanner` also weighs its arguments, which the shape does not hold:
/// see `PathMatcher.genericFatesAreAsBefore`); `TreeEdit` walks the last run's shape and the edited one and
/// renders only what differs. `TreeEditTests` and the random edit sequences hold the two to the same answers.
extension TreeShape {
    /// What the walk decided for one node reached from a root.
    enum Verdict: Equatable {
        case conformance
        /// Reachable along two paths: the first one, and the edge that ends the second.
        case ambiguous(secondWay: Int)
        /// Reached through an ambiguous node.
        case reachedThrough(ambiguous: Int)
    }

    struct Walk {
        var root: Int
        /// The nodes reached, in the order `LiftPlanner` writes their conformances.
        var order: [Int]
        /// By node: the edge it was first reached along (-1 for the root, -2 when not reached).
        var firstEdge: [Int]
        /// By node: for an ambiguous one, the edge that ends its second way down (else -1).
        var secondWay: [Int]
        /// By node: the first ambiguous node on its path, the root and the node itself left out (else -1).
        var through: [Int]

        /// Whether a reached node gets a conformance: integers, not `verdict(of:)`, for loops over ten
        /// thousand nodes in the debug build.
        func isLifted(_ node: Int) -> Bool {
            secondWay[node] < 0 && through[node] < 0
        }

        /// What the walk decided for a node; nil when it did not reach it.
        func verdict(of node: Int) -> Verdict? {
            if firstEdge[node] == -2 { return nil }
            if secondWay[node] >= 0 { return .ambiguous(secondWay: secondWay[node]) }
            if through[node] >= 0 { return .reachedThrough(ambiguous: through[node]) }
            return .conformance
        }

        /// The edges from the root down to `node`, along the way it was first reached.
        func path(to node: Int, in shape: TreeShape) -> [Int] {
            var path: [Int] = []
            var current = node
            while firstEdge[current] >= 0 {
                path.append(firstEdge[current])
                current = shape.edges[firstEdge[current]].parent
            }
            return path.reversed()
        }
    }

    /// Where each parent's edges lie in `edges`, by node (one more entry than nodes).
    func edgeStarts() -> [Int] {
        var starts = [Int](repeating: 0, count: nodes.count + 1)
        var index = 0
        while index < edges.count {
            starts[edges[index].parent + 1] += 1
            index += 1
        }
        index = 0
        while index < nodes.count {
            starts[index + 1] += starts[index]
            index += 1
        }
        return starts
    }

    /// `LiftPlanner`'s breadth-first walk from `root`: a node's first way down is its path; a second way
    /// that is no cycle (the node is no parent along the path to the edge's parent) makes it ambiguous.
    func walk(from root: Int, edgeStarts starts: [Int]) -> Walk {
        var firstEdge = [Int](repeating: -2, count: nodes.count)
        var secondWay = [Int](repeating: -1, count: nodes.count)
        firstEdge[root] = -1
        var order = [root]
        var head = 0
        while head < order.count {
            let parent = order[head]
            head += 1
            var index = starts[parent]
            while index < starts[parent + 1] {
                let child = edges[index].child
                let edge = index
                index += 1
                guard child != root else { continue }
                if firstEdge[child] == -2 {
                    firstEdge[child] = edge
                    order.append(child)
                    continue
                }
                // `parentReach.path.contains { $0.parent == child }`: the parents along the path to `parent`.
                var isCycle = false
                var step = firstEdge[parent]
                while step >= 0, !isCycle {
                    isCycle = edges[step].parent == child
                    step = firstEdge[edges[step].parent]
                }
                if !isCycle, secondWay[child] == -1 { secondWay[child] = edge }
            }
        }
        // A parent comes before its children in `order`: each node's first ambiguous node is its parent's,
        // or its parent.
        var through = [Int](repeating: -1, count: nodes.count)
        for node in order {
            let edge = firstEdge[node]
            guard edge >= 0 else { continue }
            let parent = edges[edge].parent
            through[node] = through[parent] >= 0 ? through[parent] : (parent != root && secondWay[parent] >= 0 ? parent : -1)
        }
        return Walk(root: root, order: order, firstEdge: firstEdge, secondWay: secondWay, through: through)
    }

    /// `ActionTreeBuilder`'s roots when none are configured: the sources' nodes that carry another node
    /// and that no node carries, then, for a cycle through the top, its first node no root reaches.
    func unconfiguredRoots(edgeStarts starts: [Int]) -> [Int] {
        // `while` loops over locals: ten thousand nodes and edges in the debug build.
        let edges = self.edges
        let nodes = self.nodes
        var isChild = [Bool](repeating: false, count: nodes.count)
        var index = 0
        while index < edges.count {
            if edges[index].parent != edges[index].child { isChild[edges[index].child] = true }
            index += 1
        }
        var candidates: [Int] = []
        var roots: [Int] = []
        var node = 0
        while node < nodes.count {
            var carriesAnother = false
            index = starts[node]
            while !carriesAnother, index < starts[node + 1] {
                carriesAnother = edges[index].child != node
                index += 1
            }
            if !nodes[node].isReference, carriesAnother {
                candidates.append(node)
                if !isChild[node] { roots.append(node) }
            }
            node += 1
        }
        var reached = [Bool](repeating: false, count: nodes.count)
        func reach(from start: Int) {
            guard !reached[start] else { return }
            reached[start] = true
            var stack = [start]
            while let parent = stack.popLast() {
                var index = starts[parent]
                while index < starts[parent + 1] {
                    let child = edges[index].child
                    if !reached[child] {
                        reached[child] = true
                        stack.append(child)
                    }
                    index += 1
                }
            }
        }
        for root in roots { reach(from: root) }
        for candidate in candidates where !reached[candidate] {
            roots.append(candidate)
            reach(from: candidate)
        }
        return roots
    }
}
