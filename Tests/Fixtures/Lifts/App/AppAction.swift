// The app module of the lift end-to-end fixture: root AppAction. MovieAction and its children come from the
// separately compiled MovieFeature module (rexgen sees them through `--reference`).
import MovieFeature

public enum AppAction: Equatable, Sendable {
    case started
    // A labelled single payload from another module, named plainly: the embed must write the label.
    case movie(action: MovieAction)
    // A nested enum name.
    case settings(Settings.Action)
    // A payload through a typealias declared in the app's own sources.
    case profile(Profile)
    // First of two paths to SharedAction (the second runs through Settings.Action): ambiguous.
    case shared(SharedAction)
    // A cycle back to the root: must neither loop nor stop AppAction from being a root.
    indirect case nested(AppAction)
}

public typealias Profile = ProfileAction

public enum ProfileAction: Equatable, Sendable {
    case rename(String)
    case logout
}

public enum Settings {
    public enum Action: Equatable, Sendable {
        case toggleDarkMode
        case shared(SharedAction)
    }
}
