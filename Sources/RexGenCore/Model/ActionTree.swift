/// The action tree: selected action enums as nodes, and an edge `Parent --case--> Child` for every case
/// whose single payload is another selected action enum.
public struct ActionTree: Sendable {
    public struct Node: Sendable {
        public var declaration: EnumDeclaration
        /// Read from `--reference` sources: part of the tree, but gets no generated code of its own.
        public var isReference: Bool
        public var effectiveAccess: AccessLevel
        /// Where the declaration lies: its file's index in `SourceModel.allFiles` and its own in that file's
        /// `enums` (-1 when built by hand), which the generation cache records for each lift conformance.
        var fileIndex = -1
        var enumIndex = -1
        /// The generic types the enum is declared in, outermost first (`Page<Value>.InnerAction` → `["Page"]`):
        /// their parameters are its own too, so it is as generic as they are.
        var genericScopes: [String] = []
        /// Declared in an extension of a type the sources do not declare (`extension Array { enum SortAction }`),
        /// which may be generic: its name alone may then be no type.
        var isInUndeclaredExtension = false

        /// Generic by itself or by a type it is declared in.
        var isGeneric: Bool { !declaration.genericParameters.isEmpty || !genericScopes.isEmpty }

        public init(declaration: EnumDeclaration, isReference: Bool, effectiveAccess: AccessLevel) {
            self.declaration = declaration
            self.isReference = isReference
            self.effectiveAccess = effectiveAccess
        }
    }

    public struct Edge: Sendable, Hashable {
        public var parent: Int
        public var child: Int
        public var enumCase: EnumCaseDeclaration
        /// Generic arguments the payload gives the child (`Wrapper<Movie>` → `["Movie"]`).
        public var genericArguments: [String]
        /// Generic arguments the payload gives types the child is declared in, by their qualified names
        /// (`Outer<Int>.SheetAction` → `["Outer": ["Int"]]`).
        public var scopeArguments: [String: [String]]
        /// The arguments are written in a typealias at the top level (`typealias Loop = Page<Int>`), so they
        /// read there, not where the case is (where `Int` may be a member type).
        public var argumentsReadAtFileScope: Bool

        public init(parent: Int, child: Int, enumCase: EnumCaseDeclaration, genericArguments: [String],
                    scopeArguments: [String: [String]] = [:], argumentsReadAtFileScope: Bool = false) {
            self.parent = parent
            self.child = child
            self.enumCase = enumCase
            self.argumentsReadAtFileScope = argumentsReadAtFileScope
            self.genericArguments = genericArguments
            self.scopeArguments = scopeArguments
        }

        /// The payload's label, which embedding must write (`.movie(action: x)`).
        public var payloadLabel: String? { enumCase.associatedValues?.first?.label }
    }

    public let nodes: [Node]
    public let edges: [Edge]
    /// Indices of the root nodes, in source order.
    public internal(set) var roots: [Int]
    /// `edges` ordered by parent (the same array when they already are, as the builder makes them): the
    /// edges `links` numbers.
    let edgesInParentOrder: [Edge]
    let links: TreeLinks

    /// - Parameter edges: between indexes of `nodes`, in any order.
    public init(nodes: [Node], edges: [Edge], roots: [Int]) {
        self.nodes = nodes
        self.edges = edges
        self.roots = roots
        // Loops, not `sorted` or `map` with key paths: a modular app's tree has ten thousand edges, and in the
        // debug build the build plugin runs, that is generic work per edge.
        var isInParentOrder = true
        var index = 1
        while index < edges.count, isInParentOrder {
            isInParentOrder = edges[index - 1].parent <= edges[index].parent
            index += 1
        }
        let ordered = isInParentOrder ? edges
            : edges.indices.sorted { (edges[$0].parent, $0) < (edges[$1].parent, $1) }.map { edges[$0] }
        var parents: [Int] = []
        var children: [Int] = []
        parents.reserveCapacity(ordered.count)
        children.reserveCapacity(ordered.count)
        index = 0
        while index < ordered.count {
            parents.append(ordered[index].parent)
            children.append(ordered[index].child)
            index += 1
        }
        edgesInParentOrder = ordered
        links = TreeLinks(nodeCount: nodes.count, parents: parents, children: children)
    }

    /// The cases of `parent` that carry another action enum, in source order.
    public func edges(from parent: Int) -> ArraySlice<Edge> {
        edgesInParentOrder[links.starts[parent]..<links.starts[parent + 1]]
    }

    /// Every node reachable from `starts`, the starts included.
    public func reachable(from starts: [Int]) -> Set<Int> {
        var reached = Set(starts)
        var pending = starts
        while let node = pending.popLast() {
            for edge in edges(from: node) where reached.insert(edge.child).inserted {
                pending.append(edge.child)
            }
        }
        return reached
    }
}
