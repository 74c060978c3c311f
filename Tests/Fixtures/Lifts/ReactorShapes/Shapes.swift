// Shapes of Reactor states (LiftReferenceTests, LiftReactorTests type-check the lift file in Swift 5 and 6
// modes, with and without DEBUG): every spelling of a sub-state, names that need care, states nested in types
// and extensions, generic ones, and what RexGen leaves out, each with its warning.
import Reactor

public struct Monster: State {
    public var hp = 1

    public mutating func react(to event: Event) {}
}

public struct Realm: State {
    public var keeper: Monster                          // public: so are the generated members
    var spellings: Spellings
}

struct Spellings: State {
    var optional: Optional<Monster>
    var array: Array<Monster>
    var dictionary: Dictionary<String, Monster>
    var implicitlyUnwrapped: Monster!
    var first, second: Monster                          // both are Monsters
    var observed: Monster { didSet { print("moved") } } // stored, with an observer
    var computed: Monster { first }                     // not stored: left alone
    static let shared = 0                               // not an instance's
    var event: Monster                                  // the parameter is `event` too: reached through self
    var `default`: Monster
    lazy var later = Monster()
}

/// Everything RexGen cannot forward, with a warning each; and what it is told to leave out.
struct LeftOut: State {
    var kept: Monster
    let constant: Monster                               // a let cannot react
    private var hidden: Monster                         // another file cannot reach it
    fileprivate var nearlyHidden: Monster
    private(set) var readOnly: Monster                  // nor set it
    var optionalArray: [Monster]?                       // shapes RexGen does not forward
    var pair: (Monster, Int)
    // rexgen: skip
    var skipped: Monster
}

// rexgen: skip
struct Skipped: State {
    var monster: Monster

    mutating func react(to event: Event) {}
}

enum Dungeon {
    struct Floor: State {
        var monsters: [Monster]
    }
}

extension Dungeon {
    /// Nested in an extension; its `Monster` is the one nested here, which is no state.
    struct Camp: State {
        struct Monster {}
        var sleeping: Monster
        var guarding: ShapesMonster

        mutating func react(to event: Event) {
            reactSubstates(to: event)
        }
    }
}

typealias ShapesMonster = Monster

struct Box<Item> {
    struct Inner: State {
        var monster: Monster
    }
}

/// Generic: its `Item` is a parameter, never the state of that name.
struct Slot<Item>: State {
    var item: Item
    var monster: Monster?
}

struct Item: State {
    mutating func react(to event: Event) {}
}

private struct Hidden: State {
    var monster: Monster

    mutating func react(to event: Event) {
        monster.react(to: event)
    }
}

/// Declares `react(to:)` in an extension, here and in another file.
struct Extended: State {
    var monster: Monster
}

extension Extended {
    mutating func react(to event: Event) {
        reactSubstates(to: event)
    }
}

/// Declares `reactSubstates` itself: RexGen writes nothing for it.
struct Manual: State {
    var monster: Monster

    mutating func react(to event: Event) {
        reactSubstates(to: event)
    }

    mutating func reactSubstates(to event: Event) {
        monster.react(to: event)
    }
}

indirect enum Quest: State {
    case idle
    case hunting(target: Monster, in: [Monster], reward: Int)
    #if DEBUG
    case debugging(Monster)
    #endif
    case chained(Quest)
    case scouting([Monster]?)
    @available(*, deprecated, message: "use hunting")
    case legacy(Monster)
    // rexgen: skip
    case manual(Monster)
}

struct Conditional: State {
    #if os(Linux)
    var linux: Monster
    #elseif DEBUG
    var debug: Monster
    #else
    var other: Monster
    #endif
}

/// A deprecated state: its forwarding extension is deprecated too.
@available(*, deprecated, message: "use Conditional")
struct LegacyParty: State {
    var leader: Monster
}

/// A deprecated sub-state is not forwarded (naming it would warn), with a warning; the others are.
struct Guild: State {
    var leader: Monster
    @available(*, deprecated, message: "use leader")
    var founder: Monster
}
