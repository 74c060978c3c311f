// Driver for the effect-middleware and reader lifts (LiftEffectMiddlewareTests). Compiled with the Game
// fixture and its generated files against the SwiftRex stand-in and the EffectMiddleware stand-in built as
// CombineRex, RxSwiftRex and ReactiveSwiftRex (so the generated file's three EffectMiddleware sections all
// compile side by side), in Swift 6 (warnings as errors) and Swift 5 modes.
//
// A small store runs a reducer made of lifted reducers, effect middlewares lifted and combined with `<>`,
// a plain middleware with no state lifted without a state argument, and a lifted reader injected last. It
// checks the final state, every action dispatched (wrapped through every level), and that actions a
// middleware does not handle are ignored. The last line counts checks and failures; the exit status is 1
// when any check failed.
import CombineRex
import RxSwiftRex
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store SwiftRex would build, reduced to what the checks need: each dispatched action is recorded,
/// reduced, then given to every middleware, whose effects dispatch back into the store.
final class GameStore {
    typealias Handler = (AppAction, ActionSource, @escaping GetState<AppState>) -> IO<AppAction>
    private(set) var state = AppState()
    private(set) var dispatched: [AppAction] = []
    private let reducer: Reducer<AppAction, AppState>
    private let middlewares: [Handler]

    init(reducer: Reducer<AppAction, AppState>, middlewares: [Handler]) {
        self.reducer = reducer
        self.middlewares = middlewares
    }

    func dispatch(_ action: AppAction) {
        dispatched.append(action)
        reducer.reduce(action, &state)
        for middleware in middlewares {
            middleware(action, .here(), { self.state })._run(AnyActionHandler { self.dispatch($0.action) })
        }
    }
}

/// What the reader's middleware is injected with.
struct World {
    var maxSeconds: Int
}

struct AppWorld {
    var game: World
}

/// A plain middleware that reads no state: lifted into `AppState` without a state argument.
struct SoundCounter: MiddlewareProtocol {
    final class Count { var value = 0 }
    let count = Count()

    func handle(action: SettingsAction, from dispatcher: ActionSource, state: @escaping GetState<Void>) -> IO<Never> {
        count.value += 1
        return .pure()
    }
}

@main
struct GameDriver {
    static func main() {
        let check = Checker()
        runStore(check)
        readerWithoutDependencyMapping(check)
        print("game driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }

    static func runStore(_ check: Checker) {
        let boardReducer = Reducer<BoardAction.Request, GameModel>.reduce { action, model in
            if case let .move(house) = action, model.houses.indices.contains(house) { model.state = .playing(turn: model.player) }
        }
        let resultReducer = Reducer<BoardAction.Result, GameModel>.reduce { action, model in
            if case let .moved(house, houseState) = action { model.houses[house] = houseState; model.player = 3 - model.player }
        }
        let turnReducer = Reducer<TurnAction, GameModel>.reduce { action, model in
            if case let .tick(seconds) = action { model.seconds += seconds }
        }
        let settingsReducer = Reducer<SettingsAction, Bool>.reduce { _, soundOn in soundOn.toggle() }
        let logReducer = Reducer<AppAction, [String]>.reduce { action, log in
            if case let .log(line) = action { log.append(line) }
        }
        let reducer = boardReducer.liftToAppAction(state: \AppState.game)
            <> resultReducer.liftToAppAction(state: \AppState.game)
            <> turnReducer.liftToAppAction(state: \AppState.game)
            <> settingsReducer.liftToAppAction(state: \AppState.soundOn)
            <> logReducer.liftToAppAction(state: \AppState.log)

        // Input and output on two different deep sub-actions, reading a part of the state.
        let moves = CombineRex.EffectMiddleware<BoardAction.Request, BoardAction.Result, GameModel, Void>.onAction { action, _, state in
            guard case let .move(house) = action else { return .doNothing }
            return state().houses[house] == .empty
                ? .just(.moved(house: house, state: .taken(by: state().player)), from: .here())
                : .just(.rejected(.occupied), from: .here())
        }
        // Input the root itself, output a deep sub-action, no state: lifted without a state argument.
        let ticks = CombineRex.EffectMiddleware<AppAction, TurnAction, Void, Void>.onAction { action, _, _ in
            guard case .log("tick") = action else { return .doNothing }
            return .just(.tick(seconds: 5), from: .here())
        }
        // Never dispatches: counts the turns it sees.
        final class Seen { var turns: [TurnAction] = [] }
        let seen = Seen()
        let turnWatcher = CombineRex.EffectMiddleware<TurnAction, Never, GameModel, Void>.onAction { action, _, _ in
            seen.turns.append(action)
            return .doNothing
        }
        // Lifted, they stay EffectMiddlewares of one type, so they combine with `<>`.
        let effects: CombineRex.EffectMiddleware<AppAction, AppAction, AppState, Void> =
            moves.liftToAppAction(state: \AppState.game) <> ticks.liftToAppAction() <> turnWatcher.liftToAppAction(state: \AppState.game)

        // RxSwiftRex's EffectMiddleware gets the same lifts.
        let passes = RxSwiftRex.EffectMiddleware<TurnAction, GameAction, Void, Void>.onAction { action, _, _ in
            action == .pass ? .just(.restart, from: .here()) : .doNothing
        }
        let rxEffects: RxSwiftRex.EffectMiddleware<AppAction, AppAction, AppState, Void> = passes.liftToAppAction()

        let soundCounter = SoundCounter()
        let sounds: LiftMiddleware<AppAction, AppAction, AppState, SoundCounter> = soundCounter.liftToAppAction()

        // A reader: dependencies injected last, after lifting, taken out of the app's world.
        let timeout = CombineRex.EffectMiddleware<TurnAction, GameAction, GameModel, World>.onAction { action, _, state in
            guard case .tick = action else { return .doNothing }
            return .just { context in state().seconds >= context.dependencies.maxSeconds ? .failed(.timeout) : .turn(.pass) }
        }
        let injected = timeout.liftToAppAction(state: \AppState.game, dependencies: \AppWorld.game)
            .inject(AppWorld(game: World(maxSeconds: 10)))

        let handlers: [GameStore.Handler] = [effects.handle, rxEffects.handle, sounds.handle, injected.handle]
        let store = GameStore(reducer: reducer, middlewares: handlers)
        store.dispatch(.game(.board(.request(.move(house: 2)))))
        store.dispatch(.settings(.toggleSound))
        store.dispatch(.log("tick"))
        store.dispatch(.log("tick"))

        check.expect(store.dispatched, [
            .game(.board(.request(.move(house: 2)))),
            .game(.board(.result(.moved(house: 2, state: .taken(by: 1))))),
            .settings(.toggleSound),
            .log("tick"),
            .game(.turn(.tick(seconds: 5))),
            .game(.turn(.pass)),
            .game(.restart),
            .log("tick"),
            .game(.turn(.tick(seconds: 5))),
            .game(.failed(.timeout)),
        ], "every dispatched action, wrapped through every level, in order")
        var expected = AppState()
        expected.game.houses[2] = .taken(by: 1)
        expected.game.player = 2
        expected.game.state = .playing(turn: 1)
        expected.game.seconds = 10
        expected.soundOn = true
        expected.log = ["tick", "tick"]
        check.expect(store.state, expected, "final state")
        check.expect(seen.turns, [.tick(seconds: 5), .pass, .tick(seconds: 5)], "a Never-output effect sees only its own actions")
        check.expect(soundCounter.count.value, 1, "the stateless middleware sees only its own actions")

        // Unrelated actions reach no lifted middleware's effect and change no state.
        let quiet = GameStore(reducer: reducer, middlewares: handlers)
        quiet.dispatch(.log("hello"))
        quiet.dispatch(.game(.restart))
        check.expect(quiet.dispatched, [.log("hello"), .game(.restart)], "unrelated actions dispatch nothing more")
        var quietState = AppState()
        quietState.log = ["hello"]
        check.expect(quiet.state, quietState, "unrelated actions change only what their own reducer owns")
    }

    /// The reader's dependencies kept as they are: `inject` takes the middleware's own `World`.
    static func readerWithoutDependencyMapping(_ check: Checker) {
        let reader = CombineRex.EffectMiddleware<BoardAction.Request, BoardAction.Result, Void, World>.onAction { action, _, _ in
            .just { context in .rejected(context.dependencies.maxSeconds > 0 ? .outOfBounds : .occupied) }
        }
        let lifted: LiftMiddleware<AppAction, AppAction, AppState, CombineRex.EffectMiddleware<BoardAction.Request, BoardAction.Result, Void, World>> =
            reader.liftToAppAction().inject(World(maxSeconds: 1))
        var received: [AppAction] = []
        for action: AppAction in [.log("x"), .game(.board(.request(.undo)))] {
            lifted.handle(action: action, from: .here(), state: { AppState() })._run(AnyActionHandler { received.append($0.action) })
        }
        check.expect(received, [.game(.board(.result(.rejected(.outOfBounds))))], "a Void-state reader lifted without state or dependency mappings")
    }
}
