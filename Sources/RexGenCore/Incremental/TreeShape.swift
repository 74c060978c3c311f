#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The action tree as the generation cache keeps it: which enum each node is, which case of which node
/// carries which, and the roots, in integers, with the names that resolving a payload reads (see
/// `TreeEdit`). Declarations stay in the cached parses, decoded only for the few nodes an edit touches:
/// walking ten thousand nodes of integers is cheap, decoding ten thousand declarations is not.
struct TreeShape: Equatable, Sendable {
    struct Node: Equatable, Sendable {
        /// The enum's file, by index in `SourceModel.allFiles` (the run's inputs, in order), and its index
        /// in that file's `enums`.
        var fileIndex: Int
        var enumIndex: Int
        var isReference: Bool
        /// Generic, or maybe (`ActionTree.Node.isInUndeclaredExtension`): what `LiftPlanner` decides for it
        /// depends on more than the shape holds.
        var isGeneric: Bool
    }

    struct Edge: Equatable, Sendable {
        var parent: Int
        var child: Int
        /// The carrying case, by `caseHash(of:)`.
        var caseHash: UInt64
    }

    var nodes: [Node]
    /// In the builder's order: by parent, each parent's in case order.
    var edges: [Edge]
    var roots: [Int]
    /// The node of each conformance in the lift file, in its order (a generic node may have none).
    var lifted: [Int]
    /// The nodes' qualified names in node order, each on its own line (the first and the last too).
    var nodeNames: String
    /// The qualified names of the model's typealiases, and those of the types that have an enum declared
    /// inside them (whose cases can make that enum a node), likewise.
    var aliasNames: String
    var enclosingNames: String
    /// The modules of `--reference-module` that a top-level type or typealias is named like: the lift file
    /// cannot name their enums with the module's name (`ForeignNames.qualified`), likewise.
    var modulesNamedLikeTypes: String
    /// The top-level names that two files declare as types (a source's and a reference's, or two modules'),
    /// likewise: a type of the writing module hides another module's node of its name (`TypeNameResolver`).
    var namesDeclaredTwice: String

    init(nodes: [Node], edges: [Edge], roots: [Int], lifted: [Int], nodeNames: String, aliasNames: String,
         enclosingNames: String, modulesNamedLikeTypes: String, namesDeclaredTwice: String = "\n") {
        self.nodes = nodes
        self.edges = edges
        self.roots = roots
        self.lifted = lifted
        self.nodeNames = nodeNames
        self.aliasNames = aliasNames
        self.enclosingNames = enclosingNames
        self.modulesNamedLikeTypes = modulesNamedLikeTypes
        self.namesDeclaredTwice = namesDeclaredTwice
    }

    /// The shape of a whole run's tree and lifts. `while` loops: ten thousand nodes in the debug build.
    init(_ tree: ActionTree, lifts: LiftPlan, model: SourceModel, referenceModules: ReferenceModules) {
        var nodes: [Node] = []
        nodes.reserveCapacity(tree.nodes.count)
        var names: [String] = []
        names.reserveCapacity(tree.nodes.count)
        var index = 0
        while index < tree.nodes.count {
            let node = tree.nodes[index]
            nodes.append(Node(fileIndex: node.fileIndex, enumIndex: node.enumIndex, isReference: node.isReference,
                              isGeneric: node.isGeneric || node.isInUndeclaredExtension))
            names.append(node.declaration.qualifiedName)
            index += 1
        }
        var edges: [Edge] = []
        edges.reserveCapacity(tree.edgesInParentOrder.count)
        index = 0
        while index < tree.edgesInParentOrder.count {
            let edge = tree.edgesInParentOrder[index]
            edges.append(Edge(parent: edge.parent, child: edge.child, caseHash: Self.caseHash(of: edge.enumCase)))
            index += 1
        }
        var aliases: [String] = []
        var enclosing = Set<String>()
        let files = model.allFiles
        index = 0
        while index < files.count {
            aliases += files[index].typeAliases.map(\.qualifiedName)
            for declaration in files[index].enums where declaration.qualifiedNameComponents.count > 1 {
                enclosing.insert(declaration.qualifiedNameComponents.dropLast().joined(separator: "."))
            }
            index += 1
        }
        var lifted: [Int] = []
        for root in lifts.roots {
            index = 0
            while index < root.conformances.count {
                lifted.append(root.conformances[index].node)
                index += 1
            }
        }
        let modulesNamedLikeTypes = ForeignNames.modulesNamedLikeTypes(referenceModules.moduleNames, in: model)
        self.init(nodes: nodes, edges: edges, roots: tree.roots, lifted: lifted, nodeNames: NameLines.lines(names),
                  aliasNames: NameLines.lines(aliases), enclosingNames: NameLines.lines(enclosing.sorted()),
                  modulesNamedLikeTypes: NameLines.lines(modulesNamedLikeTypes.sorted()),
                  namesDeclaredTwice: NameLines.lines(model.types.namesDeclaredMoreThanOnce.filter { !$0.contains(".") }.sorted()))
    }

    /// The shape's edges as `ActionTreeBuilder` and `LiftPlanner` decide over them.
    func links() -> TreeLinks {
        var parents: [Int] = []
        var children: [Int] = []
        parents.reserveCapacity(edges.count)
        children.reserveCapacity(edges.count)
        var index = 0
        while index < edges.count {
            parents.append(edges[index].parent)
            children.append(edges[index].child)
            index += 1
        }
        return TreeLinks(nodeCount: nodes.count, parents: parents, children: children)
    }

    /// A case named as no edit that leaves the tree as it was can change it: by name and labels (two cases
    /// may share a name, never with the same labels), not by place, which cases the tree does not see move.
    static func caseHash(of enumCase: EnumCaseDeclaration) -> UInt64 {
        var inputs = FieldHasher()
        inputs.string(enumCase.name)
        inputs.count(enumCase.associatedValues?.count ?? -1)
        for value in enumCase.associatedValues ?? [] { inputs.optionalString(value.label) }
        return inputs.finalized.0
    }

    /// The case of `declaration` that `hash` names.
    static func enumCase(_ hash: UInt64, of declaration: EnumDeclaration) -> EnumCaseDeclaration? {
        declaration.cases.first { caseHash(of: $0) == hash }
    }

    // MARK: Coding

    func write(to writer: ByteWriter) {
        // Stored through a buffer pointer, not appended: ten thousand nodes and edges in the debug build.
        var words = [UInt32](repeating: 0, count: 3 * nodes.count + 4 * edges.count + roots.count + lifted.count)
        words.withUnsafeMutableBufferPointer { words in
            var at = 0
            for node in nodes {
                words[at] = UInt32(truncatingIfNeeded: node.fileIndex).littleEndian
                words[at + 1] = UInt32(truncatingIfNeeded: node.enumIndex).littleEndian
                words[at + 2] = UInt32((node.isReference ? 1 : 0) | (node.isGeneric ? 2 : 0)).littleEndian
                at += 3
            }
            for edge in edges {
                words[at] = UInt32(truncatingIfNeeded: edge.parent).littleEndian
                words[at + 1] = UInt32(truncatingIfNeeded: edge.child).littleEndian
                words[at + 2] = UInt32(truncatingIfNeeded: edge.caseHash).littleEndian
                words[at + 3] = UInt32(truncatingIfNeeded: edge.caseHash >> 32).littleEndian
                at += 4
            }
            for node in roots + lifted {
                words[at] = UInt32(truncatingIfNeeded: node).littleEndian
                at += 1
            }
        }
        let body = ByteWriter(capacity: 4 * words.count + nodeNames.utf8.count + 64)
        body.count(nodes.count)
        body.count(edges.count)
        body.count(roots.count)
        body.count(lifted.count)
        words.withUnsafeBytes { body.raw($0[...]) }
        body.string(nodeNames)
        body.string(aliasNames)
        body.string(enclosingNames)
        body.string(modulesNamedLikeTypes)
        body.string(namesDeclaredTwice)
        writer.count(body.count)
        writer.raw(body.bytes)
    }

    /// Where a written shape lies, its length skipped.
    static func skip(_ reader: inout ByteReader) throws -> Range<Int> {
        let length = try reader.count()
        let start = reader.offset
        _ = try reader.slice(length)
        return start..<reader.offset
    }

    /// The shape in `bytes` of `storage`; nil if it is out of shape (an index out of range, an edge's
    /// parent before the one before it).
    static func decode(_ storage: [UInt8], _ bytes: Range<Int>) -> TreeShape? {
        guard !bytes.isEmpty else { return nil }
        return storage.withUnsafeBytes { raw -> TreeShape? in
            var reader = ByteReader(raw, from: bytes.lowerBound, to: bytes.upperBound)
            guard let nodeCount = try? reader.count(), let edgeCount = try? reader.count(), let rootCount = try? reader.count(),
                  let liftedCount = try? reader.count(), nodeCount < Int(UInt32.max), edgeCount < Int(UInt32.max),
                  rootCount <= nodeCount, liftedCount < Int(UInt32.max),
                  let block = try? reader.slice(4 * (3 * nodeCount + 4 * edgeCount + rootCount + liftedCount)) else { return nil }
            func word(_ index: Int) -> Int {
                Int(UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
            }
            var nodes: [Node] = []
            nodes.reserveCapacity(nodeCount)
            var index = 0
            while index < nodeCount {
                let flags = word(3 * index + 2)
                nodes.append(Node(fileIndex: word(3 * index), enumIndex: word(3 * index + 1),
                                  isReference: flags & 1 != 0, isGeneric: flags & 2 != 0))
                index += 1
            }
            var edges: [Edge] = []
            edges.reserveCapacity(edgeCount)
            let edgeStart = 3 * nodeCount
            index = 0
            while index < edgeCount {
                let first = edgeStart + 4 * index
                let edge = Edge(parent: word(first), child: word(first + 1),
                                caseHash: UInt64(word(first + 2)) | UInt64(word(first + 3)) << 32)
                guard edge.parent < nodeCount, edge.child < nodeCount,
                      edges.last.map({ $0.parent <= edge.parent }) ?? true else { return nil }
                edges.append(edge)
                index += 1
            }
            var roots: [Int] = []
            index = 0
            while index < rootCount {
                let root = word(edgeStart + 4 * edgeCount + index)
                guard root < nodeCount else { return nil }
                roots.append(root)
                index += 1
            }
            var lifted: [Int] = []
            lifted.reserveCapacity(liftedCount)
            index = 0
            while index < liftedCount {
                let node = word(edgeStart + 4 * edgeCount + rootCount + index)
                guard node < nodeCount else { return nil }
                lifted.append(node)
                index += 1
            }
            guard let nodeNames = try? reader.string(), let aliasNames = try? reader.string(),
                  let enclosingNames = try? reader.string(), let modulesNamedLikeTypes = try? reader.string(),
                  let namesDeclaredTwice = try? reader.string(), reader.isAtEnd else { return nil }
            return TreeShape(nodes: nodes, edges: edges, roots: roots, lifted: lifted, nodeNames: nodeNames, aliasNames: aliasNames,
                             enclosingNames: enclosingNames, modulesNamedLikeTypes: modulesNamedLikeTypes,
                             namesDeclaredTwice: namesDeclaredTwice)
        }
    }
}

extension TreeShape {
    /// The property each root's conformances declare (`RootMemberClash`), or nil when a root's name has a
    /// raw identifier, which its line cannot tell apart from its dots.
    var rootMemberNames: Set<String>? {
        let lines = nodeNames.utf8.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        var names = Set<String>()
        for root in roots {
            guard lines.indices.contains(root) else { return nil }
            let components = lines[root].split(separator: ".").map(String.init)
            guard components.allSatisfy(SwiftNames.isPlainIdentifier) else { return nil }
            names.insert(LiftNaming.memberName(joinedName: LiftNaming.joinedName(components)))
        }
        return names
    }
}
