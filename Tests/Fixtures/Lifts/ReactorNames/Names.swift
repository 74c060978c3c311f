// Types named like Reactor's protocols, as Reactor's README warns apps declare them (LiftReferenceTests,
// LiftReactorTests): the module's own `State` and `Event` hide Reactor's, so its states write
// `Reactor.State`, and the generated code names Reactor's protocols `Reactor.State` and `Reactor.Event`.
import Reactor

/// The app's own event type, not Reactor's protocol.
struct Event: Reactor.Event {
    var name: String
}

struct Counter: Reactor.State {
    var count = 0

    mutating func react(to event: Reactor.Event) {
        if event is Event { count += 1 }
    }
}

/// The root state, named `State` itself.
struct State: Reactor.State {
    var counter: Counter
    var history: [Counter]
    var event: Event?
}

/// Other names the generated code must not take for its own.
struct Root: Reactor.State {
    var state: State
}

struct Lifted {}
struct KeyPath {}
