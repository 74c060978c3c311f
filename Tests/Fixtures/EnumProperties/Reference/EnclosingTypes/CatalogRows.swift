extension Catalog {
    public struct Row: Equatable {
        public typealias ID = Int
        public var id: ID
        public init(id: ID) { self.id = id }
    }
}
