// Which enums are selected: `*Action` and `*Event` names, the two annotation spellings, and the opt-out.

public enum SelectionAction {
    case byActionSuffix
}

public enum SelectionEvent {
    case byEventSuffix
}

// Neither suffix nor annotation: not selected.
public enum SelectionRoute {
    case ignored
}

// rexgen: prism
public enum SelectionScreen {
    case byRexGenAnnotation
}

/// Documentation comments between the annotation and the enum do not hide it.
// sourcery: Prism
/// The Sourcery spelling, so SwiftRex projects migrate without edits.
public enum SelectionTab {
    case bySourceryAnnotation
}

// rexgen: skip
public enum SelectionSkippedAction {
    case optedOut
}

// The suffix must end the name: `Actions` is not `Action`.
public enum SelectionActions {
    case notSelected
}

public struct SelectionFeature {
    // A nested `Feature.Action` is selected by its simple name.
    public enum Action {
        case nested
    }
}
