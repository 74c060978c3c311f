import Reactor

public struct Monster: State {
    public var hp: Int

    public init(hp: Int) {
        self.hp = hp
    }

    public mutating func react(to event: Event) {
        if let hit = event as? Hit { hp -= hit.damage }
    }
}

/// A state by an extension (below), not by its declaration.
public struct Loot {
    public var gold: Int

    public init(gold: Int) {
        self.gold = gold
    }
}
