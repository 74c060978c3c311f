import MovieFeature

/// The root of the action tree: every event in the app is one of these.
public enum AppAction: Sendable {
    case started
    case movie(MovieAction)
    case settings(SettingsAction)
}

public enum SettingsAction: Sendable {
    case toggleDarkMode
    case setLanguage(code: String)
}
