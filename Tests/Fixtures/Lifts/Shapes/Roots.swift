// Roots whose names or structure need care (see Router.swift for what the tests do with this folder).

// Acronym root: `URLAction` → `urlAction`. Internal, so the protocol, the lifts and the conformance of its
// public child are internal.
enum URLAction {
    case deepLink(DeepLinkAction)
    // An enum inside a generic action enum, the enum's argument written in the payload (Router.swift reaches
    // the same enum through `FormAction<Int>`): `where Field == String` for this root.
    case field(FormAction<String>.FieldAction)
}

public enum DeepLinkAction {
    case open(String)
}

// A cycle with no parentless enum: the first enum of the cycle (in source order) becomes the root, and the
// edge back is shown as a cycle.
public indirect enum LoopAction {
    case step(StepAction)
    case stop
}

public indirect enum StepAction {
    case again(LoopAction)
    case done
}

// A generic root: in the tree, but no lift extensions (a note says why).
public enum EnvelopeAction<Payload> {
    case wrapped(WrappedAction)
    case payload(Payload)
}

public enum WrappedAction {
    case open
}

// A root inside a generic type: no lift extensions either (a note says why), since `Screen.Action` names no
// type without `Screen`'s argument.
public struct Screen<Model> {
    public enum Action {
        case detail(DetailAction)
        case refresh
    }
}

public enum DetailAction {
    case close
}

// A namespace whose action carries a generic action with a type declared beside it: the conformance's
// `where` clause names that type qualified (`Library.Book`), since it is written at file scope.
public enum Library {
    public enum Action {
        case shelf(ShelfAction<Book>)
    }

    public struct Book {
        public init() {}
    }
}

public enum ShelfAction<Item> {
    case select(Item)
    case clear
}
