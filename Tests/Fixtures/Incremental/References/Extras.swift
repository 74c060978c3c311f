// A reference module's file for the incremental tests: one of each declaration a reference's summary keeps
// (action enums, nested enums, types, typealiases, members an enum can have) or drops (a top-level enum that
// is no action, the members of an extension of a struct declared here, imports). The members of a struct's
// own body are not even read.
import Foundation

/// Not in the app's tree until a test adds `case search(SearchAction)` to MovieAction.
public enum SearchAction: Equatable, Sendable {
    case query(String)
    case results(Results)
    case sorted(Sort)

    /// Joins the tree with SearchAction: declared in it and carried by one of its cases.
    public enum Results: Equatable, Sendable {
        case none
        case some([String])
    }
}

public typealias SearchScreen = SearchAction

/// Typealiases that RexGen does not follow (they pass generic arguments, and are given some or are declared in
/// another type): a case naming one is no branch of the tree, with a warning.
public typealias PagedBy<Item> = PageAction<Item>

public enum SearchPages {
    public typealias Results = PageAction<String>
}

/// Data, not an action: dropped from the summary.
public enum Sort: Equatable, Sendable {
    case ascending, descending
}

public struct SearchState: Equatable, Sendable {
    public var query = ""

    public func reset() -> SearchState { SearchState() }

    public enum Mode: Equatable, Sendable {
        case live, submitted
    }
}

extension SearchState {
    public var isEmpty: Bool { query.isEmpty }
}

/// A member another module declares on the app's root: it collides with the property RexGen would write.
extension AppAction {
    public var movie: MovieAction? { nil }
}
