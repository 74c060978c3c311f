import Foundation

/// `rexgen dump --format tree|dot`: the action tree per root, for people and for Graphviz.
public enum ActionTreeDump {
    /// ```
    /// AppAction
    ///   .movie → MovieAction
    ///     .list → ListAction
    /// ```
    public static func tree(_ tree: ActionTree) -> String {
        var text = ""
        for root in tree.roots {
            text += tree.nodes[root].declaration.qualifiedName + "\n"
            // Depth-first with an explicit stack; an enum already on the current path is shown, not entered.
            var stack: [(edge: ActionTree.Edge, depth: Int, ancestors: Set<Int>)] =
                tree.edges(from: root).reversed().map { ($0, 1, [root]) }
            while let (edge, depth, ancestors) = stack.popLast() {
                let child = tree.nodes[edge.child].declaration.qualifiedName
                let arguments = edge.genericArguments.isEmpty ? "" : "<\(edge.genericArguments.joined(separator: ", "))>"
                let isCycle = ancestors.contains(edge.child)
                text += String(repeating: "  ", count: depth) + ".\(edge.enumCase.name) → \(child)\(arguments)"
                    + (isCycle ? " (cycle)" : "") + "\n"
                guard !isCycle else { continue }
                stack += tree.edges(from: edge.child).reversed().map { ($0, depth + 1, ancestors.union([edge.child])) }
            }
        }
        return text
    }

    /// A Graphviz digraph: `rexgen dump --format dot Sources | dot -Tsvg > tree.svg`.
    public static func dot(_ tree: ActionTree) -> String {
        let reachable = tree.reachable(from: tree.roots)
        var text = "digraph ActionTree {\n    rankdir=LR;\n    node [shape=box];\n"
        for root in tree.roots {
            text += "    \(quoted(tree.nodes[root].declaration.qualifiedName)) [style=bold];\n"
        }
        for edge in tree.edges where reachable.contains(edge.parent) {
            text += "    \(quoted(tree.nodes[edge.parent].declaration.qualifiedName)) -> "
                + "\(quoted(tree.nodes[edge.child].declaration.qualifiedName)) [label=\(quoted(edge.enumCase.name))];\n"
        }
        return text + "}\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
