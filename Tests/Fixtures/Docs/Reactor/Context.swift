// The context of the documentation's ```swift compiles:Reactor``` examples: an RPG's states as Reactor's
// README has them, generated for with `--lift reactor` and compiled against the Reactor stand-in.
import Reactor

struct Hit: Event {
    var damage: Int
}

struct Player: State {
    var hp = 10

    mutating func react(to event: Event) {
        if let hit = event as? Hit { hp -= hit.damage }
    }
}

struct Monsters: State {
    var hps = [3, 5]

    mutating func react(to event: Event) {
        if let hit = event as? Hit { hps = hps.map { $0 - hit.damage } }
    }
}

/// With RexGen: the composite declares its sub-states, and nothing else.
struct RPGState: State {
    var player = Player()
    var monsters = Monsters()
    var selected: Player?
}

/// A middleware written for a sub-state.
struct PlayerLogger: Middleware {
    func process(event: Event, state: Player) {
        print("hp", state.hp)
    }
}
