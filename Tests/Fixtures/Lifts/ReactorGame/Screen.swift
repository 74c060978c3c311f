import Reactor
import ReactorFeature

/// An enum state: the payload of the current case reacts, and the case is put back with it.
enum Screen: State {
    case title
    case playing(Player, level: Int)
    case fighting(Monster, allies: [Player])
}

/// Declares its own `react(to:)`, which calls the generated `reactSubstates(to:)`.
struct Party: State {
    var members: [Player]
    var events = 0

    mutating func react(to event: Event) {
        events += 1
        reactSubstates(to: event)
    }
}
