// A module with a `State` protocol of its own (LiftReferenceTests, LiftReactorTests): a plain `State` in its
// inheritance clauses is that protocol, not Reactor's, even where the file imports Reactor; only
// `Reactor.State` is Reactor's. It also has a type named like the middleware lift's helper, so the lift is
// left out (with a warning) and the forwarding is not.
import Reactor

protocol State {
    var isEmpty: Bool { get }
}

struct Item: State {
    var isEmpty: Bool { false }
}

/// Holds the module's own states: nothing to forward.
struct Inventory: State {
    var items: [Item]
    var isEmpty: Bool { items.isEmpty }
}

struct Bag: Reactor.State {
    var coins = 0

    mutating func react(to event: Reactor.Event) {
        coins += 1
    }
}

/// Only its `Bag` is one of Reactor's states.
struct Hero: Reactor.State {
    var inventory: Inventory
    var bag: Bag
}

struct StateLiftedMiddleware {}
