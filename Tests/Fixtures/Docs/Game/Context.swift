import CombineRex

struct GameWorld { var maxSeconds: Int }
struct World { var game: GameWorld }
let world = World(game: GameWorld(maxSeconds: 10))

let boardReducer = Reducer<BoardAction.Request, GameModel>.reduce { _, _ in }
let settingsReducer = Reducer<SettingsAction, Bool>.reduce { _, _ in }

let moves = EffectMiddleware<BoardAction.Request, BoardAction.Result, GameModel, Void>.onAction { _, _, _ in .doNothing }
let ticks = EffectMiddleware<AppAction, TurnAction, Void, Void>.onAction { _, _, _ in .doNothing }
let turnWatcher = EffectMiddleware<TurnAction, Never, GameModel, Void>.onAction { _, _, _ in .doNothing }
let timeout = EffectMiddleware<TurnAction, GameAction, GameModel, GameWorld>.onAction { _, _, _ in .doNothing }

struct Logger: MiddlewareProtocol {
    func handle(action: TurnAction, from dispatcher: ActionSource, state: @escaping GetState<Void>) -> IO<Never> {
        .pure()
    }
}
let logger = Logger()
