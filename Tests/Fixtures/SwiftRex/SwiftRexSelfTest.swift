// SwiftRexSelfTest.swift — checks that the test-only `SwiftRex` stand-in (SwiftRex.swift next to this file)
// behaves as SWIFTREX-0.8-API.md describes, before RexGen's tests trust it.
//
// Everything is written by hand, the way a SwiftRex user writes it today without RexGen: enum properties,
// closure lifts, key-path lifts. If this driver compiles and runs against the stand-in, hand-written code
// and generated code are being judged by a module that behaves like the real one.
//
// Run by check-swiftrex-module.sh; it is a top-level-code program that traps (fatalError) on the first
// failed expectation, so a non-zero exit status means failure. Tests live in functions that only touch
// local state, so the file compiles cleanly in the Swift 6 language mode too.

import SwiftRex

// MARK: - Harness

func expect(_ condition: @autoclosure () -> Bool, _ message: String, line: UInt = #line) {
    // fatalError rather than precondition: it also traps in -O / -Ounchecked builds.
    if !condition() { fatalError("SwiftRexSelfTest.swift:\(line): expectation failed: \(message)") }
}

/// A reference-type log, so value-type middlewares and `@escaping` closures can record into it.
final class Log<Element> {
    private(set) var entries: [Element] = []
    func append(_ element: Element) { entries.append(element) }
}

// MARK: - A two-level action/state tree: AppAction.movie(MovieAction), MovieAction.list(ListAction)

enum ListAction: Equatable {
    case fetch
    case loaded([String])
    case select(Int)
    case contextReady(itemCount: Int)
}

enum MovieAction: Equatable {
    case list(ListAction)
    case rename(String)
}

enum AppAction: Equatable {
    case movie(MovieAction)
    case quit
}

// Hand-written enum properties: the boilerplate key-path lifts need, and which RexGen generates.
extension AppAction {
    var movie: MovieAction? {
        guard case let .movie(value) = self else { return nil }
        return value
    }
}

extension MovieAction {
    var list: ListAction? {
        guard case let .list(value) = self else { return nil }
        return value
    }
}

struct ListState: Equatable {
    var items: [String] = []
    var selected: Int?
}

struct MovieState: Equatable {
    var title = ""
    var list = ListState()
}

struct AppState: Equatable {
    var movie = MovieState()
    var quitRequested = false
}

// MARK: - Reducers

func testReducers() {
    let listReducer = Reducer<ListAction, ListState>.reduce { action, state in
        switch action {
        case let .loaded(items): state.items = items
        case let .select(row): state.selected = row
        case .fetch, .contextReady: break
        }
    }

    // Closure lift, one level: ListAction/ListState into MovieAction/MovieState. The setter counts its calls
    // to prove a non-matching action does not touch the global state at all.
    let setterCalls = Log<ListState>()
    let listInMovie: Reducer<MovieAction, MovieState> = listReducer.lift(
        actionGetter: { $0.list },
        stateGetter: { $0.list },
        stateSetter: { movieState, listState in
            setterCalls.append(listState)
            movieState.list = listState
        }
    )
    var movieState = MovieState()
    listInMovie.reduce(.list(.loaded(["Alien"])), &movieState)
    expect(movieState.list.items == ["Alien"], "closure lift reduces a matching action")
    expect(setterCalls.entries.count == 1, "closure lift writes back once")
    listInMovie.reduce(.rename("ignored"), &movieState)
    expect(movieState == MovieState(list: ListState(items: ["Alien"])), "closure lift ignores a non-matching action")
    expect(setterCalls.entries.count == 1, "closure lift does not call the setter for a non-matching action")

    // `<>` composes: the movie level handles `rename` itself and delegates `list` to the lifted reducer.
    let renameReducer = Reducer<MovieAction, MovieState>.reduce { action, state in
        if case let .rename(title) = action { state.title = title }
    }
    let movieReducer = renameReducer <> listInMovie

    // Key-path lift, second level: MovieAction/MovieState into AppAction/AppState via the enum property.
    let appReducer: Reducer<AppAction, AppState> = movieReducer.lift(action: \AppAction.movie, state: \AppState.movie)
    var appState = AppState()
    appReducer.reduce(.movie(.list(.loaded(["Heat", "Ronin"]))), &appState)
    appReducer.reduce(.movie(.list(.select(1))), &appState)
    appReducer.reduce(.movie(.rename("Crime")), &appState)
    expect(
        appState == AppState(movie: MovieState(title: "Crime", list: ListState(items: ["Heat", "Ronin"], selected: 1))),
        "key-path lift reaches two levels down"
    )
    let beforeQuit = appState
    appReducer.reduce(.quit, &appState)
    expect(appState == beforeQuit, "key-path lift ignores a non-matching action")

    // Single-argument key-path lifts.
    let stateOnly: Reducer<ListAction, AppState> = listReducer.lift(state: \AppState.movie.list)
    var onlyState = AppState()
    stateOnly.reduce(.select(7), &onlyState)
    expect(onlyState.movie.list.selected == 7, "lift(state:) handles every action on the sub-state")

    let actionOnly: Reducer<MovieAction, ListState> = listReducer.lift(action: \MovieAction.list)
    var listState = ListState()
    actionOnly.reduce(.list(.select(3)), &listState)
    actionOnly.reduce(.rename("x"), &listState)
    expect(listState == ListState(selected: 3), "lift(action:) filters actions and keeps the state type")

    // identity does nothing; `<>` runs lhs, then rhs.
    var untouched = appState
    Reducer<AppAction, AppState>.identity.reduce(.quit, &untouched)
    expect(untouched == appState, "identity leaves the state alone")

    let appendOne = Reducer<Int, [String]>.reduce { _, state in state.append("lhs") }
    let appendTwo = Reducer<Int, [String]>.reduce { _, state in state.append("rhs") }
    var order: [String] = []
    (appendOne <> appendTwo <> .identity).reduce(0, &order)
    expect(order == ["lhs", "rhs"], "<> runs lhs before rhs")
}

// MARK: - Middleware

/// A local middleware on ListAction/ListState. `fetch` starts an effect that reads the (lazily mapped) state
/// and dispatches `loaded`; receiveContext keeps the state getter (as real middlewares do) and immediately
/// dispatches `contextReady` with the current item count.
struct ListMiddleware: MiddlewareProtocol {
    typealias InputActionType = ListAction
    typealias OutputActionType = ListAction
    typealias StateType = ListState

    let handled: Log<(ListAction, ActionSource)>
    let contextGetState = Log<GetState<ListState>>()

    func handle(action: ListAction, from dispatcher: ActionSource, state: @escaping GetState<ListState>) -> IO<ListAction> {
        handled.append((action, dispatcher))
        guard action == .fetch else { return .pure() }
        return IO { output in
            output.dispatch(.loaded(["movie #\(state().items.count + 1)"]), from: .here(info: "fetch effect"))
        }
    }

    func receiveContext(getState: @escaping GetState<ListState>, output: AnyActionHandler<ListAction>) {
        contextGetState.append(getState)
        output.dispatch(.contextReady(itemCount: getState().items.count), from: .here(info: "receiveContext"))
    }
}

/// Runs an IO through the stand-in's test hook and returns what it dispatched.
func dispatchedActions<Action>(of io: IO<Action>) -> [DispatchedAction<Action>] {
    let log = Log<DispatchedAction<Action>>()
    io._run(AnyActionHandler { log.append($0) })
    return log.entries
}

func testMiddleware() {
    let handled = Log<(ListAction, ActionSource)>()
    let currentState = Log<AppState>()  // last entry is "the store's state"
    currentState.append(AppState(movie: MovieState(list: ListState(items: ["Heat", "Ronin"]))))
    let getState: GetState<AppState> = { currentState.entries[currentState.entries.count - 1] }

    // The full three-argument lift, two levels deep, written the way users must today.
    let listMiddleware = ListMiddleware(handled: handled)
    let lifted: LiftMiddleware<AppAction, AppAction, AppState, ListMiddleware> = listMiddleware.lift(
        inputAction: { $0.movie?.list },
        outputAction: { AppAction.movie(.list($0)) },
        state: { $0.movie.list }
    )

    // receiveContext: the output handler gets actions wrapped through both levels, and the state getter is mapped.
    let contextOutput = Log<DispatchedAction<AppAction>>()
    lifted.receiveContext(getState: getState, output: AnyActionHandler { contextOutput.append($0) })
    expect(contextOutput.entries.map(\.action) == [.movie(.list(.contextReady(itemCount: 2)))],
           "receiveContext output is contramapped through both levels with the mapped state")
    expect(contextOutput.entries.first?.dispatcher.info == "receiveContext", "contramap keeps the ActionSource")
    // The getter handed to the part must map the state on every call, not once when the context is received.
    currentState.append(AppState(movie: MovieState(list: ListState(items: ["Heat"]))))
    expect(listMiddleware.contextGetState.entries.count == 1 && listMiddleware.contextGetState.entries[0]().items == ["Heat"],
           "receiveContext's state getter reads the current global state, mapped")
    currentState.append(AppState(movie: MovieState(list: ListState(items: ["Heat", "Ronin"]))))

    // handle: a matching action reaches the part unwrapped with the same ActionSource, and the IO dispatches
    // the part's output wrapped through both levels. The state is read when the effect runs, not before.
    let source = ActionSource(file: "App.swift", function: "tap()", line: 42, info: nil)
    let io = lifted.handle(action: .movie(.list(.fetch)), from: source, state: getState)
    expect(handled.entries.count == 1 && handled.entries[0].0 == .fetch && handled.entries[0].1 == source,
           "the part handles the unwrapped action with the original ActionSource")
    currentState.append(AppState(movie: MovieState(list: ListState(items: ["Heat", "Ronin", "Thief"]))))
    let output = dispatchedActions(of: io)
    expect(output.map(\.action) == [.movie(.list(.loaded(["movie #4"])))],
           "IO dispatches the part's action wrapped through both levels, reading the mapped, current state")
    expect(output.first?.dispatcher.info == "fetch effect", "IO.map keeps the ActionSource")

    // A matching action the part chooses to ignore.
    expect(dispatchedActions(of: lifted.handle(action: .movie(.list(.select(0))), from: source, state: getState)).isEmpty,
           "the part's IO.pure() dispatches nothing")
    expect(handled.entries.count == 2, "the part saw the matching action")

    // Non-matching actions: IO.pure(), and the part is never called.
    expect(dispatchedActions(of: lifted.handle(action: .quit, from: source, state: getState)).isEmpty,
           "a non-matching top-level action dispatches nothing")
    expect(dispatchedActions(of: lifted.handle(action: .movie(.rename("x")), from: source, state: getState)).isEmpty,
           "a non-matching nested action dispatches nothing")
    expect(handled.entries.count == 2, "the part never sees non-matching actions")

    // The overloads that omit arguments; the omitted global type is the local one and its map is the identity.
    let part = ListMiddleware(handled: Log())
    let noInput = part.lift(outputAction: { AppAction.movie(.list($0)) }, state: { (app: AppState) in app.movie.list })
    let _: LiftMiddleware<ListAction, AppAction, AppState, ListMiddleware> = noInput
    expect(dispatchedActions(of: noInput.handle(action: .fetch, from: source, state: getState)).map(\.action)
               == [.movie(.list(.loaded(["movie #4"])))],
           "lift(outputAction:state:) takes local input actions")

    let noOutput = part.lift(inputAction: { (app: AppAction) in app.movie?.list }, state: { (app: AppState) in app.movie.list })
    let _: LiftMiddleware<AppAction, ListAction, AppState, ListMiddleware> = noOutput
    expect(dispatchedActions(of: noOutput.handle(action: .movie(.list(.fetch)), from: source, state: getState)).map(\.action)
               == [.loaded(["movie #4"])],
           "lift(inputAction:state:) dispatches local output actions")

    let noState = part.lift(inputAction: { (app: AppAction) in app.movie?.list }, outputAction: { AppAction.movie(.list($0)) })
    let _: LiftMiddleware<AppAction, AppAction, ListState, ListMiddleware> = noState
    expect(dispatchedActions(of: noState.handle(action: .movie(.list(.fetch)), from: source, state: { ListState() }))
               .map(\.action) == [.movie(.list(.loaded(["movie #1"])))],
           "lift(inputAction:outputAction:) keeps the local state")

    let inputOnly = part.lift(inputAction: { (app: AppAction) in app.movie?.list })
    let _: LiftMiddleware<AppAction, ListAction, ListState, ListMiddleware> = inputOnly
    expect(dispatchedActions(of: inputOnly.handle(action: .quit, from: source, state: { ListState() })).isEmpty,
           "lift(inputAction:) filters")

    let outputOnly = part.lift(outputAction: { AppAction.movie(.list($0)) })
    let _: LiftMiddleware<ListAction, AppAction, ListState, ListMiddleware> = outputOnly
    let outputOnlyContext = Log<DispatchedAction<AppAction>>()
    outputOnly.receiveContext(getState: { ListState(items: ["a"]) }, output: AnyActionHandler { outputOnlyContext.append($0) })
    expect(outputOnlyContext.entries.map(\.action) == [.movie(.list(.contextReady(itemCount: 1)))],
           "lift(outputAction:) wraps output")

    // The doc's own example shape: a key path used as the state function.
    let stateOnly = part.lift(state: \AppState.movie.list)
    let _: LiftMiddleware<ListAction, ListAction, AppState, ListMiddleware> = stateOnly
    expect(dispatchedActions(of: stateOnly.handle(action: .fetch, from: source, state: getState)).map(\.action)
               == [.loaded(["movie #4"])],
           "lift(state:) maps only the state")
}

// MARK: - IO and action handlers on their own

func testIOAndHandlers() {
    let source = ActionSource.here(info: "self-test")
    expect(source.line > 0 && source.info == "self-test" && !source.file.isEmpty, "ActionSource.here fills its fields")
    func requireCodableHashable<T: Codable & Hashable>(_: T.Type) {}
    requireCodableHashable(ActionSource.self)  // compile-time check of the documented conformances

    let io = IO<Int> { output in
        output.dispatch(1, from: source)
        output.dispatch(DispatchedAction(2, dispatcher: source))
    }
    expect(dispatchedActions(of: io.map { "#\($0)" }).map(\.action) == ["#1", "#2"], "IO.map transforms every action")
    expect(dispatchedActions(of: IO<Int>.pure()).isEmpty, "IO.pure dispatches nothing")

    let received = Log<DispatchedAction<String>>()
    let handler = AnyActionHandler<String> { received.append($0) }.contramap { (number: Int) in "n\(number)" }
    handler.dispatch(5, from: source)
    expect(received.entries.map(\.action) == ["n5"] && received.entries[0].dispatcher == source,
           "contramap converts and keeps the dispatcher")
}

// MARK: - Store projection

final class TestSubscription: SubscriptionType {
    private let onUnsubscribe: () -> Void
    init(onUnsubscribe: @escaping () -> Void) { self.onUnsubscribe = onUnsubscribe }
    func unsubscribe() { onUnsubscribe() }
}

/// A minimal synchronous store: records what it is sent, reduces, and publishes every new state
/// (and the current one on subscription, like a CurrentValueSubject).
final class TestStore: StoreType {
    typealias ActionType = AppAction
    typealias StateType = AppState

    private(set) var state: AppState
    private(set) var received: [DispatchedAction<AppAction>] = []
    private let reducer: Reducer<AppAction, AppState>
    private var subscribers: [Int: SubscriberType<AppState, Never>] = [:]
    private var nextSubscriberID = 0

    init(state: AppState, reducer: Reducer<AppAction, AppState>) {
        self.state = state
        self.reducer = reducer
    }

    var statePublisher: UnfailablePublisherType<AppState> {
        PublisherType { subscriber in
            let id = self.nextSubscriberID
            self.nextSubscriberID += 1
            self.subscribers[id] = subscriber
            let subscription = TestSubscription { self.subscribers[id] = nil }
            subscriber.onSubscribe(subscription)
            subscriber.onValue(self.state)
            return subscription
        }
    }

    func dispatch(_ dispatchedAction: DispatchedAction<AppAction>) {
        received.append(dispatchedAction)
        reducer.reduce(dispatchedAction.action, &state)
        for id in subscribers.keys.sorted() { subscribers[id]?.onValue(state) }
    }
}

enum ListViewAction {
    case tappedRow(Int)
    case appeared  // UI-only: maps to no store action
}

struct ListViewState: Equatable {
    let rows: [String]
    let selectedRow: Int?
}

func testStoreProjection() {
    let selectReducer = Reducer<AppAction, AppState>.reduce { action, state in
        if case let .movie(.list(.select(row))) = action { state.movie.list.selected = row }
    }
    let store = TestStore(state: AppState(movie: MovieState(list: ListState(items: ["Heat", "Ronin"]))), reducer: selectReducer)

    let view: StoreProjection<ListViewAction, ListViewState> = store.projection(
        action: { viewAction in
            switch viewAction {
            case let .tappedRow(row): return .movie(.list(.select(row)))
            case .appeared: return nil
            }
        },
        state: { ListViewState(rows: $0.movie.list.items, selectedRow: $0.movie.list.selected) }
    )

    let viewStates = Log<ListViewState>()
    let subscribed = Log<Bool>()
    let subscription = view.statePublisher.subscribe(
        SubscriberType(onValue: { viewStates.append($0) }, onSubscribe: { _ in subscribed.append(true) })
    )
    expect(subscribed.entries == [true], "onSubscribe passes through the mapped publisher")
    expect(viewStates.entries == [ListViewState(rows: ["Heat", "Ronin"], selectedRow: nil)], "state publisher is mapped")

    let source = ActionSource(file: "ListView.swift", function: "body", line: 7, info: "tap")
    view.dispatch(.tappedRow(1), from: source)
    expect(store.received.map(\.action) == [.movie(.list(.select(1)))], "a view action reaches the store mapped")
    expect(store.received[0].dispatcher == source, "the projection keeps the ActionSource")
    expect(viewStates.entries.last == ListViewState(rows: ["Heat", "Ronin"], selectedRow: 1), "new state arrives mapped")

    view.dispatch(.appeared, from: source)
    expect(store.received.count == 1, "a view action mapped to nil is dropped")
    expect(viewStates.entries.count == 2, "a dropped action publishes nothing")

    // The generic initializer erases any StoreType, including a projection.
    let erased = AnyStoreType(view)
    erased.dispatch(DispatchedAction(.tappedRow(0), dispatcher: source))
    expect(store.received.map(\.action) == [.movie(.list(.select(1))), .movie(.list(.select(0)))],
           "AnyStoreType(store) forwards dispatch")

    subscription.unsubscribe()
    view.dispatch(.tappedRow(1), from: source)
    expect(viewStates.entries.count == 3, "unsubscribe stops deliveries")

    // Completion passes through PublisherType.map unchanged.
    let completions = Log<Never?>()
    let finite = UnfailablePublisherType<Int> { subscriber in
        subscriber.onValue(1)
        subscriber.onCompleted(nil)
        return TestSubscription {}
    }
    let mappedValues = Log<String>()
    _ = finite.map { "\($0)" }.subscribe(SubscriberType(onValue: { mappedValues.append($0) }, onCompleted: { completions.append($0) }))
    expect(mappedValues.entries == ["1"] && completions.entries.count == 1, "map forwards values and completion")
}

// MARK: - Run

testReducers()
testMiddleware()
testIOAndHandlers()
testStoreProjection()
print("SwiftRexSelfTest: all checks passed")
