// The second root of the lift end-to-end fixture.
import MovieFeature

// Internal on purpose: its protocol, lifts and every conformance (even of public children such as the
// reference module's ListAction) must be internal, the lowest of root and child.
enum WidgetAction: Equatable, Sendable {
    case refresh
    // Module-qualified name of a reference-module enum.
    case list(MovieFeature.ListAction)
    // From this root SharedAction has only one path, so it gets WidgetActionConvertible (but not
    // AppActionConvertible).
    case shared(SharedAction)
    // A generic action enum used with two different arguments: no conformance, a warning.
    case count(CounterAction<Int>)
    case label(CounterAction<String>)
}

/// Reachable from AppAction along two paths (`AppAction.shared` and `AppAction.settings → Settings.Action.shared`).
public enum SharedAction: Equatable, Sendable {
    case ping
    case inner(InnerAction)
}

/// Below the ambiguous SharedAction: no AppAction conformance either, but a WidgetAction one.
public enum InnerAction: Equatable, Sendable {
    case tick
}

public enum CounterAction<Value: Equatable & Sendable>: Equatable, Sendable {
    case set(Value)
    case reset
}
