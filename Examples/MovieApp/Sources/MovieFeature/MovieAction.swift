import Foundation

/// Everything a user can do on the movie screens.
public enum MovieAction: Sendable {
    case list(ListAction)
    case detail(DetailAction)
    case favoriteToggled(id: Int)
}

public enum ListAction: Sendable {
    case load
    case loaded([Movie])
    case failed(message: String)
}

public enum DetailAction: Sendable {
    case open(id: Int)
    case rated(id: Int, stars: Int)
    case close
}

public struct Movie: Sendable, Equatable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
