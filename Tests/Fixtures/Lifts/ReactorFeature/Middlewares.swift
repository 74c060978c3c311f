import Foundation
import Reactor

/// What the middlewares saw, in order, for the drivers to check.
public final class MiddlewareLog {
    public var entries: [String] = []

    public init() {}
}

/// A middleware written for a sub-state: Reactor runs it only on a core whose state is `Stats`.
public struct StatsLogger: Middleware {
    let log: MiddlewareLog
    let name: String

    public init(log: MiddlewareLog, name: String) {
        self.log = log
        self.name = name
    }

    public func process(event: Event, state: Stats) {
        log.entries.append("\(name): \(state.hits)")
    }
}

/// A core of this module's own, whose middleware is lifted with this module's `liftToState`: the game
/// module generates one too, and each is internal to its module, so neither call is ambiguous.
public func makePlayerCore(name: String, log: MiddlewareLog) -> Core<Player> {
    Core(state: Player(name: name), middlewares: [StatsLogger(log: log, name: "\(name).stats").liftToState(\Player.stats)])
}
