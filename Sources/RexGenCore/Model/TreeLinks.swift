/// The action tree's edges as integers, ordered by parent: what decides which enums are roots when none are
/// configured (`unconfiguredRoots`) and which enums get a conformance under a root (`walk(from:)`).
/// `ActionTreeBuilder` and `LiftPlanner` decide with it over the whole tree, and `TreeEdit` over the last
/// run's `TreeShape` with one file's edges changed, so an edited tree is judged by the rules that built it.
/// Integers and `while` loops: ten thousand nodes and edges in the debug build the build plugin runs.
struct TreeLinks: Sendable {
    /// By edge, in parent order.
    let parents: [Int]
    let children: [Int]
    /// Where each node's edges lie, by node (one more entry than nodes).
    let starts: [Int]

    /// - Parameter parents: each edge's parent, in ascending order; `children`, its child.
    init(nodeCount: Int, parents: [Int], children: [Int]) {
        var starts = [Int](repeating: 0, count: nodeCount + 1)
        var index = 0
        while index < parents.count {
            starts[parents[index] + 1] += 1
            index += 1
        }
        index = 0
        while index < nodeCount {
            starts[index + 1] += starts[index]
            index += 1
        }
        self.parents = parents
        self.children = children
        self.starts = starts
    }

    var nodeCount: Int { starts.count - 1 }

    /// The roots when none are configured: the nodes `isSource` holds for that carry another node and that no
    /// node carries, then, for a cycle through the top (`AppAction.a → AAction.back → AppAction`), its first
    /// node no root reaches. A case carrying its own enum does not make it a child, and an enum that carries
    /// no other one is no tree worth lifting.
    func unconfiguredRoots(isSource: (Int) -> Bool) -> [Int] {
        let parents = self.parents
        let children = self.children
        var isChild = [Bool](repeating: false, count: nodeCount)
        var index = 0
        while index < children.count {
            if parents[index] != children[index] { isChild[children[index]] = true }
            index += 1
        }
        var candidates: [Int] = []
        var roots: [Int] = []
        var node = 0
        while node < nodeCount {
            var carriesAnother = false
            index = starts[node]
            while !carriesAnother, index < starts[node + 1] {
                carriesAnother = children[index] != node
                index += 1
            }
            if carriesAnother, isSource(node) {
                candidates.append(node)
                if !isChild[node] { roots.append(node) }
            }
            node += 1
        }
        var reached = [Bool](repeating: false, count: nodeCount)
        func reach(from start: Int) {
            guard !reached[start] else { return }
            reached[start] = true
            var stack = [start]
            while let parent = stack.popLast() {
                var index = starts[parent]
                while index < starts[parent + 1] {
                    if !reached[children[index]] {
                        reached[children[index]] = true
                        stack.append(children[index])
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

    /// What the walk decided for one node it reached.
    enum Verdict: Equatable {
        case conformance
        /// Reachable along two ways: the edge that ends the second.
        case ambiguous(secondWay: Int)
        /// Reached through an ambiguous node.
        case reachedThrough(ambiguous: Int)
    }

    /// What the walk from one root decided, by node.
    struct Walk {
        var root: Int
        /// The nodes reached, breadth first: the order of their conformances.
        var order: [Int]
        /// The edge a node was first reached along, its path's last (-1 for the root, -2 when not reached).
        var firstEdge: [Int]
        /// For a node reachable along two ways, the edge that ends its second one (else -1).
        var secondWay: [Int]
        /// The first node on a node's path that is reachable along two ways, the root and the node itself left
        /// out (else -1).
        var through: [Int]
        let parents: [Int]

        /// Whether a reached node gets a conformance: reachable along one way, and not through a node that is not.
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
        func path(to node: Int) -> [Int] {
            var path: [Int] = []
            var current = node
            while firstEdge[current] >= 0 {
                path.append(firstEdge[current])
                current = parents[firstEdge[current]]
            }
            return path.reversed()
        }
    }

    /// The breadth-first walk from `root`: a node's first way down is its path; a second way that is no cycle
    /// (the node is no parent along the path to the edge's parent) makes it ambiguous, and every node reached
    /// through it.
    func walk(from root: Int) -> Walk {
        let parents = self.parents
        let children = self.children
        var firstEdge = [Int](repeating: -2, count: nodeCount)
        var secondWay = [Int](repeating: -1, count: nodeCount)
        firstEdge[root] = -1
        var order = [root]
        var head = 0
        while head < order.count {
            let parent = order[head]
            head += 1
            var edge = starts[parent]
            // No `defer` for the increment: the debug build pays for one on every edge. A case carrying the
            // root is no way down to it.
            while edge < starts[parent + 1] {
                let child = children[edge]
                if child == root {
                    edge += 1
                    continue
                }
                if firstEdge[child] == -2 {
                    firstEdge[child] = edge
                    order.append(child)
                } else if secondWay[child] == -1 {
                    var isCycle = false
                    var step = firstEdge[parent]
                    while step >= 0, !isCycle {
                        isCycle = parents[step] == child
                        step = firstEdge[parents[step]]
                    }
                    if !isCycle { secondWay[child] = edge }
                }
                edge += 1
            }
        }
        // A parent comes before its children in `order`: each node's first ambiguous node is its parent's,
        // or its parent.
        var through = [Int](repeating: -1, count: nodeCount)
        for node in order where firstEdge[node] >= 0 {
            let parent = parents[firstEdge[node]]
            through[node] = through[parent] >= 0 ? through[parent] : (parent != root && secondWay[parent] >= 0 ? parent : -1)
        }
        return Walk(root: root, order: order, firstEdge: firstEdge, secondWay: secondWay, through: through, parents: parents)
    }
}
