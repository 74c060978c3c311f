#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `rexgen dump --format tree|dot|mermaid`: the action tree per root, for people, for Graphviz, and for
/// Mermaid, which GitHub renders in issues, pull requests and Markdown files.
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
                let child = edge.scopeArguments.isEmpty ? tree.nodes[edge.child].declaration.qualifiedName
                    : withScopeArguments(tree.nodes[edge.child].declaration.qualifiedNameComponents, edge.scopeArguments)
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

    /// `Outer<Int>.SheetAction`, as the payload wrote it.
    private static func withScopeArguments(_ components: [String], _ arguments: [String: [String]]) -> String {
        var scope = ""
        var written = ""
        for component in components {
            scope += scope.isEmpty ? component : "." + component
            written += (written.isEmpty ? "" : ".") + component
            if let given = arguments[scope] { written += "<" + given.joined(separator: ", ") + ">" }
        }
        return written
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

    /// A Mermaid flowchart, one `subgraph` per root holding every action enum the root reaches, the case
    /// names on the edges. Node ids are made up (`r0_n1`), so any name is safe; labels are quoted, with
    /// Mermaid's entity codes for the characters a quoted label cannot hold.
    public static func mermaid(_ tree: ActionTree) -> String {
        var text = "flowchart LR\n"
        for (rootIndex, root) in tree.roots.enumerated() {
            let rootName = tree.nodes[root].declaration.qualifiedName
            text += "    subgraph r\(rootIndex)[\(mermaidLabel(rootName))]\n"
            // Breadth-first from the root: each enum declared once, in the order it is first reached.
            var ids: [Int: String] = [root: "r\(rootIndex)_n0"]
            var order = [root]
            var head = 0
            var edges: [ActionTree.Edge] = []
            while head < order.count {
                let parent = order[head]
                head += 1
                for edge in tree.edges(from: parent) {
                    edges.append(edge)
                    if ids[edge.child] == nil {
                        ids[edge.child] = "r\(rootIndex)_n\(order.count)"
                        order.append(edge.child)
                    }
                }
            }
            for node in order {
                text += "        \(ids[node]!)[\(mermaidLabel(tree.nodes[node].declaration.qualifiedName))]\n"
            }
            for edge in edges {
                text += "        \(ids[edge.parent]!) -->|\(mermaidLabel("." + edge.enumCase.name))| \(ids[edge.child]!)\n"
            }
            text += "    end\n"
        }
        return text
    }

    /// `"Feature.Action"`: quoted, with `"`, `<`, `>`, `#` and line breaks as Mermaid entity codes.
    static func mermaidLabel(_ text: String) -> String {
        var label = ""
        for character in text {
            switch character {
            case "\"": label += "#quot;"
            case "<": label += "#lt;"
            case ">": label += "#gt;"
            case "#": label += "#35;"
            case "\n", "\r": label += " "
            default: label.append(character)
            }
        }
        return "\"" + label + "\""
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
