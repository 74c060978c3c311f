// sourcery: Prism
public enum GameState: Equatable {
    case idle
    case playing(turn: Int)
    case over(GameResult)
}

// sourcery: Prism
public enum GameResult: Equatable {
    case won(player: Int)
    case draw
}

// sourcery: Prism
public enum GameError: Error, Equatable {
    case illegalMove(MoveError)
    case timeout
}

// sourcery: Prism
public enum MoveError: Error, Equatable {
    case occupied
    case outOfBounds
}

public enum HouseState: Prism, Equatable {
    case empty
    case taken(by: Int)
}

public struct GameModel: Equatable {
    public var houses: [HouseState] = Array(repeating: .empty, count: 4)
    public var player = 1
    public var state = GameState.idle
    public var seconds = 0

    public init() {}
}

public struct AppState: Equatable {
    public var game = GameModel()
    public var soundOn = false
    public var log: [String] = []

    public init() {}
}
