// Driver for the lift end-to-end test (LiftEndToEndTests). It is compiled together with the App fixture,
// the generated EnumProperties.generated.swift and ActionLifts.generated.swift, against the test-only SwiftRex
// module and the separately compiled MovieFeature module, in Swift 6 (warnings as errors) and Swift 5 modes.
// It only uses what a real app would: the generated names and the documented SwiftRex API, plus the
// `IO._run` test hook to observe what an effect dispatches. Every failed check is printed, the last line
// counts checks and failures, and the exit status is 1 when any check failed.
import MovieFeature
import SwiftRex
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what handlers receive; a class so closures given to SwiftRex can append to it.
final class Recorder<Element> {
    var items: [Element] = []
}

// MARK: - State

struct ListState: Equatable {
    var isLoading = false
    var movies: [Movie] = []
    var page = 0
}

struct MovieState: Equatable {
    var list = ListState()
    var openDetail: Int?
}

struct AppState: Equatable {
    var movie = MovieState()
    var userName = ""
    var darkMode = false
    var actionCount = 0
}

let sampleMovie = Movie(id: 7, title: "Heat")

/// A sample of every kind of AppAction, each on a different path, so "only its own actions" is meaningful.
let allAppActions: [AppAction] = [
    .started,
    .movie(action: .favoriteToggled(id: 1)),
    .movie(action: .list(.load)),
    .movie(action: .list(.page(.next))),
    .movie(action: .detail(.open(id: 3))),
    .settings(.toggleDarkMode),
    .settings(.shared(.ping)),
    .profile(.rename("Ann")),
    .shared(.inner(.tick)),
    .nested(.movie(action: .list(.load))),
]

// MARK: - Middlewares

/// Input and output on the same sub-action (ListAction, level 2): dispatches from `handle` (through its IO)
/// and from the output handler it got in `receiveContext`.
final class ListMiddleware: MiddlewareProtocol {
    typealias InputActionType = ListAction
    typealias OutputActionType = ListAction
    typealias StateType = ListState

    let received = Recorder<ListAction>()
    var output: AnyActionHandler<ListAction>?
    var getState: GetState<ListState>?

    func receiveContext(getState: @escaping GetState<ListState>, output: AnyActionHandler<ListAction>) {
        self.getState = getState
        self.output = output
    }

    func handle(action: ListAction, from dispatcher: ActionSource, state: @escaping GetState<ListState>)
        -> IO<ListAction> {
        received.items.append(action)
        guard action == .load else { return .pure() }
        return IO { output in output.dispatch(.page(.loaded([sampleMovie])), from: .here()) }
    }
}

/// Input on DetailAction (under MovieAction, through a typealias), output on PageAction<Movie> (level 3).
struct DetailToPageMiddleware: MiddlewareProtocol {
    let received = Recorder<DetailAction>()

    func handle(action: DetailAction, from dispatcher: ActionSource, state: @escaping GetState<MovieState>)
        -> IO<PageAction<Movie>> {
        received.items.append(action)
        return IO { output in output.dispatch(.next, from: dispatcher) }
    }
}

/// Never dispatches: OutputActionType is Never.
struct SettingsLogger: MiddlewareProtocol {
    let received = Recorder<Settings.Action>()
    let seenDarkMode = Recorder<Bool>()

    func handle(action: Settings.Action, from dispatcher: ActionSource, state: @escaping GetState<AppState>)
        -> IO<Never> {
        received.items.append(action)
        seenDarkMode.items.append(state().darkMode)
        return .pure()
    }
}

/// Already speaks AppAction: lifting it with `state:` is the state-only variant.
struct AppActionCounter: MiddlewareProtocol {
    let received = Recorder<AppAction>()
    let seenPages = Recorder<Int>()

    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<ListState>)
        -> IO<AppAction> {
        received.items.append(action)
        seenPages.items.append(state().page)
        return IO { output in output.dispatch(.settings(.toggleDarkMode), from: dispatcher) }
    }
}

/// Runs a lifted middleware on `actions` and returns what its effects dispatched at the root.
func run<M: MiddlewareProtocol>(_ middleware: M, _ actions: [M.InputActionType], state: M.StateType)
    -> [M.OutputActionType] {
    let dispatched = Recorder<M.OutputActionType>()
    for action in actions {
        middleware.handle(action: action, from: .here(), state: { state })
            ._run(AnyActionHandler { dispatched.items.append($0.action) })
    }
    return dispatched.items
}

// MARK: - The checks

@main
struct LiftDriver {
    static func main() {
        let check = Checker()
        extractAndEmbed(check)
        reducers(check)
        middlewares(check)
        projections(check)
        print("lift driver: \(check.checks) checks, \(check.failures) failures")
        if check.failures > 0 { exit(1) }
    }

    static func extractAndEmbed(_ check: Checker) {
        // Identity conformance of the root.
        check.expect(AppAction(appAction: .started), .started, "AppAction identity extract")
        check.expect(AppAction.started.appAction, .started, "AppAction identity embed")
        // Level 1, labelled payload from another module.
        check.expect(MovieAction(appAction: .movie(action: .favoriteToggled(id: 2))), .favoriteToggled(id: 2),
                     "MovieAction extract")
        check.expect(MovieAction.list(.load).appAction, .movie(action: .list(.load)), "MovieAction embed")
        // Level 1, nested name and typealias payload.
        check.expect(Settings.Action(appAction: .settings(.toggleDarkMode)), .toggleDarkMode, "Settings.Action extract")
        check.expect(Settings.Action.toggleDarkMode.appAction, .settings(.toggleDarkMode), "Settings.Action embed")
        check.expect(ProfileAction(appAction: .profile(.logout)), .logout, "ProfileAction extract")
        check.expect(ProfileAction.rename("Bo").appAction, .profile(.rename("Bo")), "ProfileAction embed")
        // Level 2 (and a typealias declared in the reference module).
        check.expect(ListAction(appAction: .movie(action: .list(.load))), .load, "ListAction extract")
        check.expect(ListAction.failed(message: "x").appAction, .movie(action: .list(.failed(message: "x"))),
                     "ListAction embed")
        check.expect(DetailAction(appAction: .movie(action: .detail(.close))), .close, "DetailAction extract")
        check.expect(DetailAction.open(id: 4).appAction, .movie(action: .detail(.open(id: 4))), "DetailAction embed")
        // Level 3, generic with one concrete argument.
        check.expect(PageAction<Movie>(appAction: .movie(action: .list(.page(.next)))), .next, "PageAction extract")
        check.expect(PageAction<Movie>.loaded([sampleMovie]).appAction,
                     .movie(action: .list(.page(.loaded([sampleMovie])))), "PageAction embed")
        // Nil for actions on other paths, at every depth.
        check.expect(MovieAction(appAction: .started), nil, "MovieAction from .started")
        check.expect(MovieAction(appAction: .nested(.movie(action: .list(.load)))), nil, "MovieAction from .nested")
        check.expect(Settings.Action(appAction: .profile(.logout)), nil, "Settings.Action from .profile")
        check.expect(ProfileAction(appAction: .settings(.toggleDarkMode)), nil, "ProfileAction from .settings")
        check.expect(ListAction(appAction: .movie(action: .detail(.close))), nil, "ListAction from a sibling")
        check.expect(ListAction(appAction: .movie(action: .favoriteToggled(id: 1))), nil, "ListAction from a leaf")
        check.expect(DetailAction(appAction: .movie(action: .list(.load))), nil, "DetailAction from a sibling")
        check.expect(PageAction<Movie>(appAction: .movie(action: .list(.load))), nil, "PageAction from its parent")
        check.expect(PageAction<Movie>(appAction: .started), nil, "PageAction from .started")
        // The second root: its own paths, including one from the module-qualified payload.
        check.expect(WidgetAction(widgetAction: .refresh), .refresh, "WidgetAction identity")
        check.expect(ListAction(widgetAction: .list(.load)), .load, "ListAction from WidgetAction")
        check.expect(ListAction.load.widgetAction, .list(.load), "ListAction into WidgetAction")
        check.expect(PageAction<Movie>.next.widgetAction, .list(.page(.next)), "PageAction into WidgetAction")
        check.expect(PageAction<Movie>(widgetAction: .list(.page(.next))), .next, "PageAction from WidgetAction")
        check.expect(SharedAction(widgetAction: .shared(.ping)), .ping, "SharedAction from WidgetAction")
        check.expect(InnerAction.tick.widgetAction, .shared(.inner(.tick)), "InnerAction into WidgetAction")
        check.expect(InnerAction(widgetAction: .shared(.ping)), nil, "InnerAction from a sibling")
        check.expect(ListAction(widgetAction: .refresh), nil, "ListAction from WidgetAction.refresh")
        check.expect(Picker<Int>.PickerAction(widgetAction: .picker(.pick(3))), .pick(3), "Picker<Int>.PickerAction extract")
        check.expect(Picker<Int>.PickerAction.pick(4).widgetAction, .picker(.pick(4)), "Picker<Int>.PickerAction embed")
        check.expect(Picker<Int>.RowAction(widgetAction: .picker(.row(.tap))), .tap, "Picker<Int>.RowAction extract")
        check.expect(Picker<Int>.RowAction(widgetAction: .picker(.pick(1))), nil, "Picker<Int>.RowAction from a sibling")
        check.expect(Picker<Int>.RowAction.tap.widgetAction, .picker(.row(.tap)), "Picker<Int>.RowAction embed")
    }

    static func reducers(_ check: Checker) {
        let listReducer = Reducer<ListAction, ListState>.reduce { action, state in
            switch action {
            case .load: state.isLoading = true
            case .page(.next): state.page += 1
            case let .page(.loaded(movies)): state.movies += movies
            case .failed: state.isLoading = false
            }
        }
        // Action and state lifted (WritableKeyPath two levels deep).
        let lifted = listReducer.liftToAppAction(state: \AppState.movie.list)
        for action in allAppActions where ListAction(appAction: action) == nil {
            var state = AppState()
            lifted.reduce(action, &state)
            check.expect(state, AppState(), "lifted list reducer ignores \(action)")
        }
        var state = AppState()
        lifted.reduce(.movie(action: .list(.load)), &state)
        lifted.reduce(.movie(action: .list(.page(.next))), &state)
        var expected = AppState()
        expected.movie.list.isLoading = true
        expected.movie.list.page = 1
        check.expect(state, expected, "lifted list reducer handles its own actions")

        // Action-only: the reducer already works on AppState.
        let profileReducer = Reducer<ProfileAction, AppState>.reduce { action, state in
            if case let .rename(name) = action { state.userName = name }
        }.liftToAppAction()
        var profileState = AppState()
        profileReducer.reduce(.settings(.toggleDarkMode), &profileState)
        check.expect(profileState, AppState(), "action-only reducer ignores other actions")
        profileReducer.reduce(.profile(.rename("Ann")), &profileState)
        check.expect(profileState.userName, "Ann", "action-only reducer handles its own action")

        // State-only: the reducer already speaks AppAction (identity conformance), so only the state moves.
        let counter = Reducer<AppAction, ListState>.reduce { _, state in state.page += 10 }
            .liftToAppAction(state: \AppState.movie.list)
        var countState = AppState()
        for action in allAppActions { counter.reduce(action, &countState) }
        check.expect(countState.movie.list.page, 10 * allAppActions.count, "state-only reducer sees every action")

        // The lifted reducers compose, and a depth-3 generic one only touches its part.
        let pageReducer = Reducer<PageAction<Movie>, Int>.reduce { _, page in page += 100 }
            .liftToAppAction(state: \AppState.movie.list.page)
        let app = lifted <> pageReducer
        var composed = AppState()
        app.reduce(.movie(action: .list(.page(.next))), &composed)
        app.reduce(.movie(action: .list(.load)), &composed)
        check.expect(composed.movie.list.page, 101, "composed lifted reducers")

        // The second root.
        let widget = listReducer.liftToWidgetAction()
        var widgetState = ListState()
        widget.reduce(.refresh, &widgetState)
        widget.reduce(.shared(.ping), &widgetState)
        check.expect(widgetState, ListState(), "WidgetAction-lifted reducer ignores other actions")
        widget.reduce(.list(.load), &widgetState)
        check.expect(widgetState.isLoading, true, "WidgetAction-lifted reducer handles its own action")

        // An enum inside a generic struct, lifted with the argument its payload writes.
        let picker = Reducer<Picker<Int>.PickerAction, Int>.reduce { action, picked in
            if case let .pick(item) = action { picked = item }
        }.liftToWidgetAction()
        var picked = 0
        picker.reduce(.picker(.pick(7)), &picked)
        picker.reduce(.refresh, &picked)
        picker.reduce(.picker(.row(.tap)), &picked)
        check.expect(picked, 7, "Picker<Int>.PickerAction-lifted reducer")
    }

    static func middlewares(_ check: Checker) {
        var appState = AppState()
        appState.movie.list.page = 5
        appState.darkMode = true

        // Same sub-action in and out, state by key path.
        let list = ListMiddleware()
        let liftedByKeyPath = list.liftToAppAction(state: \AppState.movie.list)
        check.expect(run(liftedByKeyPath, allAppActions, state: appState),
                     [.movie(action: .list(.page(.loaded([sampleMovie]))))],
                     "ListMiddleware output arrives wrapped through every level")
        check.expect(list.received.items, [.load, .page(.next)], "ListMiddleware receives only its own actions")

        // The output handler from receiveContext wraps too, and the state getter maps the root state.
        let rootOutput = Recorder<AppAction>()
        liftedByKeyPath.receiveContext(getState: { appState },
                                       output: AnyActionHandler { rootOutput.items.append($0.action) })
        list.output?.dispatch(.failed(message: "offline"), from: .here())
        list.output?.dispatch(.page(.next), from: .here())
        check.expect(rootOutput.items, [.movie(action: .list(.failed(message: "offline"))),
                                        .movie(action: .list(.page(.next)))], "receiveContext output is wrapped")
        check.expect(list.getState?().page, 5, "receiveContext state getter reads the lifted part")

        // Same middleware type, state by closure.
        let listByClosure = ListMiddleware()
        let liftedByClosure = listByClosure.liftToAppAction(state: { (state: AppState) in state.movie.list })
        check.expect(run(liftedByClosure, [.movie(action: .list(.load)), .started], state: appState),
                     [.movie(action: .list(.page(.loaded([sampleMovie]))))], "closure-lifted ListMiddleware output")
        check.expect(listByClosure.received.items, [.load], "closure-lifted ListMiddleware input")

        // Input and output on different sub-actions.
        let detail = DetailToPageMiddleware()
        let detailLifted = detail.liftToAppAction(state: \AppState.movie)
        check.expect(run(detailLifted, allAppActions, state: appState), [.movie(action: .list(.page(.next)))],
                     "DetailAction in, PageAction<Movie> out")
        check.expect(detail.received.items, [.open(id: 3)], "DetailToPageMiddleware input")

        // OutputActionType == Never, action-only variant (it already reads AppState).
        let logger = SettingsLogger()
        let loggerLifted = logger.liftToAppAction()
        check.expect(run(loggerLifted, allAppActions, state: appState), [], "Never middleware dispatches nothing")
        check.expect(logger.received.items, [.toggleDarkMode, .shared(.ping)], "Never middleware input")
        check.expect(logger.seenDarkMode.items, [true, true], "Never middleware reads the root state")
        let loggerByKeyPath = SettingsLogger().liftToAppAction(state: \AppState.self)
        check.expect(run(loggerByKeyPath, [.settings(.toggleDarkMode)], state: appState), [],
                     "Never middleware lifted with a key path")

        // State-only: input and output already AppAction (identity), only the state is narrowed.
        let counter = AppActionCounter()
        let counterLifted = counter.liftToAppAction(state: \AppState.movie.list)
        check.expect(run(counterLifted, [.started, .profile(.logout)], state: appState).count, 2,
                     "state-only middleware dispatches for every action")
        check.expect(counter.received.items, [.started, .profile(.logout)], "state-only middleware input")
        check.expect(counter.seenPages.items, [5, 5], "state-only middleware reads the lifted state")

        // The second root, whose ListAction payload is module-qualified.
        let widgetList = ListMiddleware()
        let widgetLifted = widgetList.liftToWidgetAction(state: { (state: AppState) in state.movie.list })
        check.expect(run(widgetLifted, [.refresh, .list(.load), .shared(.ping)], state: appState),
                     [.list(.page(.loaded([sampleMovie])))], "WidgetAction-lifted middleware output")
        check.expect(widgetList.received.items, [.load], "WidgetAction-lifted middleware input")
    }

    static func projections(_ check: Checker) {
        var state = AppState()
        state.movie.list.page = 3
        let dispatched = Recorder<DispatchedAction<AppAction>>()
        let store = AnyStoreType<AppAction, AppState>(
            action: { dispatched.items.append($0) },
            state: PublisherType { subscriber in
                subscriber.onValue(state)
                return NoSubscription()
            })

        let listView = store.projection(for: ListAction.self, state: { $0.movie.list })
        let source = ActionSource(file: "View.swift", function: "tap()", line: 12, info: nil)
        listView.dispatch(.load, from: source)
        let pageView = store.projection(for: PageAction<Movie>.self, state: { $0.movie.list.page })
        pageView.dispatch(.next, from: source)
        check.expect(dispatched.items.map(\.action), [.movie(action: .list(.load)), .movie(action: .list(.page(.next)))],
                     "projection dispatches wrapped actions to the store")
        check.expect(dispatched.items.map(\.dispatcher), [source, source], "projection keeps the action source")

        let seen = Recorder<Int>()
        _ = pageView.statePublisher.subscribe(SubscriberType(onValue: { seen.items.append($0) }))
        check.expect(seen.items, [3], "projection maps the state")

        // Through the type-erased store of another store type.
        let erased = AnyStoreType(listView)
        erased.dispatch(.failed(message: "x"), from: source)
        check.expect(dispatched.items.last?.action, .movie(action: .list(.failed(message: "x"))),
                     "projection through AnyStoreType(_:)")
    }
}

struct NoSubscription: SubscriptionType {
    func unsubscribe() {}
}
