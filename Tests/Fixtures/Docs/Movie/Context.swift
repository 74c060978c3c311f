import SwiftRex

public enum AppAction {
    case started
    case movie(MovieAction)
}

public enum MovieAction {
    case list(ListAction)
    case favoriteToggled(id: Int)
}

public enum ListAction {
    case load
    case loaded([String])
}

struct ListState { var titles: [String] = [] }
struct MovieState { var list = ListState() }
struct AppState { var movie = MovieState() }

struct ListMiddleware: MiddlewareProtocol {
    func handle(action: ListAction, from dispatcher: ActionSource, state: @escaping GetState<ListState>) -> IO<ListAction> {
        .pure()
    }
}

let listReducer = Reducer<ListAction, ListState>.reduce { _, _ in }
let movieReducer = Reducer<MovieAction, MovieState>.reduce { _, _ in }
let listMiddleware = ListMiddleware()

func makeStore() -> AnyStoreType<AppAction, AppState> {
    AnyStoreType(action: { _ in }, state: PublisherType { _ in NoSubscription() })
}

struct NoSubscription: SubscriptionType {
    func unsubscribe() {}
}

let store = makeStore()
