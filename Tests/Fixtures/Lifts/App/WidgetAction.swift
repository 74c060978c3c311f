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
    // An action enum inside a generic type that is no action enum: the payload writes the type's argument,
    // which its conformance states (`where Item == Int`), and so does that of the enum it carries.
    case picker(Picker<Int>.PickerAction)
    // The same through a type the sources do not declare: its parameters are unknown, so this is no edge.
    case sort(Array<Int>.SortAction)
}

// Action enums in an extension of a type the sources do not declare, here the standard library's generic
// Array: whether it is generic is unknown, so the root gets no lift extensions (a note) rather than ones that
// name `Array.SortAction` without arguments.
extension Array {
    public enum SortAction: Equatable, Sendable {
        case ascending
        case column(ColumnAction)
    }

    public enum ColumnAction: Equatable, Sendable {
        case title
    }
}

public struct Picker<Item: Equatable & Sendable> {
    public enum PickerAction: Equatable, Sendable {
        case pick(Item)
        case row(RowAction)
    }

    public enum RowAction: Equatable, Sendable {
        case tap
    }
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
