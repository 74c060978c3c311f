import SwiftRex

public struct MovieState: Sendable, Equatable {
    public var movies: [Movie] = []
    public var isLoading = false
    public var openMovieID: Int?

    public init() {}
}

/// Written against the feature's own actions: RexGen's lifts carry it up to any root.
public var movieListReducer: Reducer<ListAction, MovieState> {
    .reduce { action, state in
        switch action {
        case .load: state.isLoading = true
        case let .loaded(movies): state.movies = movies; state.isLoading = false
        case .failed: state.isLoading = false
        }
    }
}

public var movieDetailReducer: Reducer<DetailAction, MovieState> {
    .reduce { action, state in
        switch action {
        case let .open(id): state.openMovieID = id
        case .close: state.openMovieID = nil
        case .rated: break
        }
    }
}

/// Reads list actions and dispatches detail actions: opens the first movie once the list has loaded.
public struct OpenFirstMovieMiddleware: MiddlewareProtocol {
    public init() {}

    public func handle(action: ListAction, from dispatcher: ActionSource, state: @escaping GetState<MovieState>)
        -> IO<DetailAction> {
        guard let first = action.loaded?.first else { return .pure() }
        return IO { output in output.dispatch(.open(id: first.id), from: dispatcher) }
    }
}
