import Reactor

extension Loot: State {
    public mutating func react(to event: Event) {
        if event is Hit { gold += 1 }
    }
}
