// An enum declared in an extension whose payloads name types declared in another extension, in another
// file (CatalogRows.swift).

public enum Catalog {}

extension Catalog {
    public enum Event {
        case row(Row)
        case rows([Row.ID: Row])
    }
}

public struct Outer {
    public struct Inner: Equatable {
        public init() {}
    }

    public struct Mid {}
}

/// Lookup from inside `extension Outer.Mid` searches `Outer.Mid`, not `Outer`: `Inner` here is the
/// top-level type, not `Outer.Inner`, and stays as written.
extension Outer.Mid {
    public enum Event {
        case inner(Inner)
    }
}

public struct Inner: Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}
