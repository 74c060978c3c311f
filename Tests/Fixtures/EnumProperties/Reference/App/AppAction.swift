// The root of a small action tree, as an app built on SwiftRex declares it. The end-to-end driver walks
// it through nested prisms: `\AppAction.movie?.list`.

public enum AppAction: Equatable, Sendable {
    case started
    case movie(MovieAction)
    case settings(SettingsAction)
}

public enum SettingsAction: Equatable, Sendable {
    case toggleDarkMode
    case setLanguage(code: String)
}

/// State that holds the last action, so key paths can write through a stored `var`.
public struct AppState: Equatable, Sendable {
    public var lastAction: AppAction

    public init(lastAction: AppAction) {
        self.lastAction = lastAction
    }
}
