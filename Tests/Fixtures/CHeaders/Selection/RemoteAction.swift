// Swift enums for CHeaderSelectionTests: a selected action enum carrying two C enums, and a
// non-action enum whose C payload must stay unselected.
public enum RemoteAction {
    case speed(Speed)
    case carried(value: Carried, count: Int)
    // Carried inside an optional, an array and a dictionary: selected all the same.
    case wrapped(Wrapped?)
    case listed([Listed])
    case keyed(lookup: [String: Keyed])
    case reset
}

public enum Holder {
    case stuck(Stuck)
}
