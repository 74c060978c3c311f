// Generic enums, constrained ones, and enums nested in generic types: the generated extensions must see
// the same generic parameters without restating them.

public enum LoadingAction<Value> {
    case load
    case loaded(Value)
    case failed(Result<Value, Error>)
}

public enum PagingAction<Item: Hashable & Sendable, Cursor> where Cursor: Comparable {
    case page(items: [Item], next: Cursor?)
    case select(Set<Item>)
}

public struct GenericScreen<Model: Equatable> {
    public enum Action {
        case show(Model)
        case compare(Model, Model)
        case close
    }
}

public enum GenericContainer<Element> {
    case placeholder

    public enum Event {
        case element(Element)
        case transform((Element) -> Element)
    }
}

public struct GenericHost<Value> {}

extension GenericHost {
    // Nested in an extension of a generic type: `Value` is still in scope.
    public enum Action {
        case received(Value)
    }
}
