import Reactor

struct Remote: State {
    var monster: Monster
}

extension Remote {
    mutating func react(to event: Event) {}
}
