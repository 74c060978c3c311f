// Swift enums for CHeaderSelectionTests: a selected action enum carrying two C enums, and a
// non-action enum whose C payload must stay unselected.
public enum RemoteAction {
    case speed(Speed)
    case carried(value: Carried, count: Int)
    case reset
}

public enum Holder {
    case stuck(Stuck)
}
