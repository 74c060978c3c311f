// The feature module of the Reactor fixture (LiftReactorTests, LiftReferenceTests): its own module, generated
// for on its own (`ReactorFeature --lift reactor`) and read as a reference by the game (`ReactorGame`).
import Reactor

/// Damage to everything that has hit points.
public struct Hit: Event {
    public var damage: Int

    public init(damage: Int) {
        self.damage = damage
    }
}

/// A leaf state: it reacts by itself.
public struct Stats: State {
    public var hits = 0

    public init() {}

    public mutating func react(to event: Event) {
        if event is Hit { hits += 1 }
    }
}

/// A composite state of this module: RexGen writes its `react(to:)` here, public as the struct, and the game
/// holds it as a sub-state of its own composites (a composite of composites, across modules).
public struct Player: State {
    public var name: String
    public var stats = Stats()

    public init(name: String) {
        self.name = name
    }
}
