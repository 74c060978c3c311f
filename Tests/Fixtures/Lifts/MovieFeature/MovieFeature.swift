// The feature module of the lift end-to-end fixture. It is compiled as its own module (`MovieFeature`) and
// passed to rexgen with `--reference`, so the action tree crosses a module boundary: rexgen must resolve these
// enums and generate the app's conformances for them, but no enum properties (the app cannot rely on this
// module's generated code, which is why the lifts use nested patterns).
import Foundation

public struct Movie: Equatable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// Level 1 under AppAction (`AppAction.movie(action:)`).
public enum MovieAction: Equatable, Sendable {
    case list(ListAction)
    // The payload is a typealias declared in this (reference) module.
    case detail(DetailScreen)
    case favoriteToggled(id: Int)
}

public typealias DetailScreen = DetailAction

public enum DetailAction: Equatable, Sendable {
    case open(id: Int)
    case close
}

/// Level 2 under AppAction; also a direct child of WidgetAction (module-qualified there).
public enum ListAction: Equatable, Sendable {
    case load
    case page(PageAction<Movie>)
    case failed(message: String)
}

/// Level 3 under AppAction: a generic action enum used with exactly one argument (`Movie`), so its
/// conformance must be conditional (`where Value == Movie`). The constraint checks that rexgen keeps only
/// the parameter name in the `where` clause.
public enum PageAction<Value: Equatable & Sendable>: Equatable, Sendable {
    case loaded([Value])
    case next
}
