// Enums that cannot be extended from another file get nothing, and a note says why.

private enum PrivateSkippedAction {
    case tapped
}

fileprivate enum FileprivateSkippedAction {
    case tapped
}

struct SkippedContainer {
    // Private inside a type: visible only in this file.
    private enum NestedPrivateAction {
        case tapped
    }

    fileprivate enum NestedFileprivateAction {
        case tapped
    }
}

private struct PrivateSkippedContainer {
    // Internal by its own modifier, but inside a private type.
    enum InnerAction {
        case tapped
    }
}

private extension SkippedContainer {
    // Members of a `private extension` are fileprivate.
    enum ExtensionAction {
        case tapped
    }
}

func skippedLocalEnum() -> Int {
    // A local type cannot be extended at all.
    enum LocalAction {
        case tapped
    }
    return [LocalAction.tapped].count
}

// Present so the output is not empty: the one enum here that does get properties.
enum SkippedVisibleAction {
    case tapped
}
