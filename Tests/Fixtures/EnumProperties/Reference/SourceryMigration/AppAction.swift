// An app moving off Sourcery: Prism.generated.swift is still there. RexGen leaves the members that file
// already declares to it (so the module builds at every step), says once that the file can go, and warns
// only about the member that differs from what RexGen would write.

public enum AppAction {
    case started
    case movie(MovieAction)
    case rename(name: String)
    case rate(Int)
}

public enum MovieAction {
    case load(page: Int, query: String)
    case loaded([String])
}

// sourcery: Prism
public enum LoadState {
    case idle
    case loading(progress: Double)
}
