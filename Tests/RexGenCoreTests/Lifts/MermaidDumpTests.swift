import Foundation
import XCTest
@testable import RexGenCore

/// `rexgen dump --format mermaid`: a Mermaid flowchart of the action tree. No Mermaid parser runs here, so
/// the output is checked against the part of Mermaid's `flowchart` grammar it uses: a header, one
/// `subgraph id["label"]` … `end` block per root, node declarations `id["label"]` and edges
/// `id -->|"label"| id`, every id a plain identifier declared before an edge uses it, and every label quoted
/// with none of the characters a quoted label cannot hold.
final class MermaidDumpTests: XCTestCase {
    func testEveryLiftFixtureDumpsAWellFormedFlowchart() throws {
        for arguments in [LiftTestSupport.endToEndArguments, ["Shapes"], ["Game"], ["Feedback"]] {
            let result = try LiftTestSupport.rexgen(["dump", "--format", "mermaid"] + arguments)
            try LiftTestSupport.require(result, "rexgen dump --format mermaid \(arguments)")
            let tree = try LiftTestSupport.rexgen(["dump", "--format", "tree"] + arguments)
            let roots = tree.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
            let flowchart = try Flowchart(parsing: result.stdout)
            XCTAssertEqual(flowchart.blocks.map(\.label), roots, "one block per root, in order: \(arguments)")
            // The tree dump's edges (case names on them) are the flowchart's, block by block.
            let treeEdges = Set(tree.stdout.split(separator: "\n").filter { $0.hasPrefix(" ") }
                .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " → ")[0]
                    .replacingOccurrences(of: " (cycle)", with: "") })
            let flowEdges = Set(flowchart.blocks.flatMap(\.edgeLabels).map {
                $0.replacingOccurrences(of: "#lt;", with: "<").replacingOccurrences(of: "#gt;", with: ">")
            })
            XCTAssertTrue(treeEdges.isSubset(of: flowEdges), "\(arguments): \(treeEdges.subtracting(flowEdges))")
        }
    }

    func testLabelsEscapeWhatAQuotedLabelCannotHold() {
        XCTAssertEqual(ActionTreeDump.mermaidLabel("Page<\"A\"#1>"), "\"Page#lt;#quot;A#quot;#35;1#gt;\"")
    }

    /// The checker itself rejects what it exists to reject.
    func testTheCheckerRejectsMalformedFlowcharts() {
        for bad in ["graph TD\n", "flowchart LR\n    subgraph r0[\"A\"]\n", "flowchart LR\n    subgraph r0[\"A\"]\n        a-b[\"x\"]\n    end\n",
                    "flowchart LR\n    subgraph r0[\"A\"]\n        n0 -->|\"x\"| n1\n    end\n",
                    "flowchart LR\n    subgraph r0[\"A\"]\n        n0[\"a\"b\"]\n    end\n"] {
            XCTAssertThrowsError(try Flowchart(parsing: bad), bad)
        }
    }
}

/// The subset of Mermaid's flowchart grammar `ActionTreeDump.mermaid` writes, parsed strictly.
private struct Flowchart {
    struct Block {
        var label: String
        var edgeLabels: [String] = []
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var blocks: [Block] = []

    init(parsing text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "flowchart LR" else { throw Malformed(description: "no flowchart header") }
        if lines.last == "" { lines.removeLast() }
        var declared = Set<String>()
        var open: Block?
        for line in lines.dropFirst() {
            let statement = line.trimmingCharacters(in: .whitespaces)
            if statement.hasPrefix("subgraph ") {
                guard open == nil else { throw Malformed(description: "nested subgraph: \(line)") }
                let (id, label) = try Self.node(String(statement.dropFirst("subgraph ".count)))
                guard declared.insert(id).inserted else { throw Malformed(description: "id declared twice: \(id)") }
                open = Block(label: label)
            } else if statement == "end" {
                guard let block = open else { throw Malformed(description: "end without subgraph") }
                blocks.append(block)
                open = nil
            } else if let arrow = statement.range(of: " -->|") {
                guard open != nil else { throw Malformed(description: "edge outside a subgraph: \(line)") }
                let from = String(statement[..<arrow.lowerBound])
                let rest = statement[arrow.upperBound...]
                guard let close = rest.range(of: "| ") else { throw Malformed(description: "edge without label end: \(line)") }
                let label = try Self.label(String(rest[..<close.lowerBound]))
                let to = String(rest[close.upperBound...])
                for id in [from, to] where !declared.contains(id) || !Self.isIdentifier(id) {
                    throw Malformed(description: "edge to an undeclared id \(id): \(line)")
                }
                open?.edgeLabels.append(label)
            } else {
                guard open != nil else { throw Malformed(description: "node outside a subgraph: \(line)") }
                let (id, _) = try Self.node(statement)
                guard declared.insert(id).inserted else { throw Malformed(description: "id declared twice: \(id)") }
            }
        }
        guard open == nil else { throw Malformed(description: "subgraph not closed") }
    }

    /// `id["label"]`.
    private static func node(_ text: String) throws -> (String, String) {
        guard let bracket = text.firstIndex(of: "["), text.hasSuffix("]") else { throw Malformed(description: "not a node: \(text)") }
        let id = String(text[..<bracket])
        guard isIdentifier(id) else { throw Malformed(description: "not an identifier: \(id)") }
        return (id, try label(String(text[text.index(after: bracket)..<text.index(before: text.endIndex)])))
    }

    private static func label(_ text: String) throws -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { throw Malformed(description: "label not quoted: \(text)") }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("\""), !inner.contains("\n") else { throw Malformed(description: "label holds a quote: \(text)") }
        return String(inner)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }
}
