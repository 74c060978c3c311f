// Deprecated and unavailable declarations: every extension generated for them carries their `@available`.

@available(*, deprecated, message: "Use AppAction")
public enum LegacyAppAction: Equatable {
    case counter(CounterAction)
    case old(OldCounterAction)
}

@available(*, deprecated, renamed: "CounterAction")
public enum OldCounterAction: Equatable {
    case add(Int)
    case reset
}

public enum CounterAction: Equatable {
    case increment
}

@available(*, deprecated, message: "Use `Column` instead.")
public struct LegacyColumn {
    public enum Action: Equatable {
        case text(String)
    }
}

@available(*, unavailable, message: "gone in 2.0")
public enum RemovedAction {
    case run(Int)
}
