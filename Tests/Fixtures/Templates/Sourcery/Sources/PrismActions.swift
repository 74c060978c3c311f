// Input for the Sourcery-style template: enums marked the two ways Sourcery templates select them
// (`// sourcery: Prism` and conforming to a `Prism` protocol), and one marked neither way.
import Foundation
import PrismModels

/// The marker protocol SwiftRex projects conform their action enums to.
public protocol Prism {}

// sourcery: Prism
public enum CounterAction: Equatable, Sendable {
    case increment
    case add(Int)
    case set(value: Int)
    case rename(first: String, last: String)
    // Foundation's URL and another module's Movie: the generated file compiles only with both imports.
    case open(URL)
    case play(Movie)
}

enum SearchEvent: Prism, Equatable {
    case query(String)
    case results(ids: [Int], total: Int)
    case cleared
}

public struct Screen {
    // sourcery: Prism
    public enum Route: Equatable, Sendable {
        case home
        case detail(id: Int)
    }
}

/// Neither annotated nor conforming to `Prism`: the template generates nothing for it.
public enum PlainAction {
    case ping
    case pong(Int)
}
