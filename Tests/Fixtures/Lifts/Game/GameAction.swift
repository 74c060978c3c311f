// A game module shaped like real SwiftRex apps: actions nest sub-actions declared inside them
// (BoardAction.Request, BoardAction.Result), and state, result and error enums sit beside them with
// Sourcery's Prism annotation (or a `Prism` conformance). Those get enum properties, but they are data:
// no conformance, never a root. See Tests/Fixtures/Lifts/Drivers/GameDriver.swift for what is run.

/// What SwiftRex's Sourcery templates select by conformance (`type.based.Prism`).
public protocol Prism {}

public enum AppAction: Equatable {
    case game(GameAction)
    case settings(SettingsAction)
    case log(String)
}

public enum SettingsAction: Equatable {
    case toggleSound
}

public enum GameAction: Equatable {
    case board(BoardAction)
    case turn(TurnAction)
    case failed(GameError)
    case restart
}

public enum BoardAction: Equatable {
    case request(Request)
    case result(Result)

    // sourcery: Prism
    public enum Request: Equatable {
        case move(house: Int)
        case undo
    }

    public enum Result: Equatable {
        case moved(house: Int, state: HouseState)
        case rejected(MoveError)
    }
}

public enum TurnAction: Equatable {
    case pass
    case tick(seconds: Int)
}
