// Enums inside generic types: case paths unless a parameter around them must conform to a protocol.

public struct Box<Value> {
    public struct Item: Equatable {
        public var id: Int
        public init(id: Int) { self.id = id }
    }

    // rexgen: prism
    public enum Step {
        case value(Value)
        case item(Item)
        case done
    }
}

public struct Keyed<Key: Hashable> {
    // rexgen: prism
    public enum Change {
        case key(Key)
    }
}

extension Box {
    // rexgen: prism
    public enum Extra {
        case more(Value)
    }
}
