// The feature actions below the root, in another file as a feature module would have them.

public enum MovieAction: Equatable, Sendable {
    case list(ListAction)
    case detail(DetailAction)
    case favoriteToggled(id: Int)
}

public enum ListAction: Equatable, Sendable {
    case load
    case loaded([Movie])
    case failed(message: String)
}

public enum DetailAction: Equatable, Sendable {
    case open(id: Int)
    case rated(id: Int, stars: Int)
    case close
}

public struct Movie: Equatable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
