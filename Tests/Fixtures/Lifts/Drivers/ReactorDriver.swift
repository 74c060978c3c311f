// Driver for Reactor (LiftReactorTests): compiled with the ReactorGame fixture and its lift file against the
// Reactor stand-in (or the real Reactor 1.0.0) and the ReactorFeature module, in Swift 6 (with DEBUG) and Swift 5
// (without) modes, warnings as errors. A core with the composite root fires an event: every kind of sub-state
// must react once, and every lifted middleware run once on the new state, an optional sub-state's only when it
// is there; a middleware left unlifted never runs, as Reactor skips it.
import Reactor
import ReactorFeature
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removing a subscriber waits on the core's queue: every event fired before has been handled.
final class Barrier: AnySubscriber {
    func _update(with state: Any) {}

    static func wait<S>(for core: Core<S>) {
        core.remove(subscriber: Barrier())
    }
}

struct MonsterLogger: Middleware {
    let log: MiddlewareLog
    let name: String

    func process(event: Event, state: Monster) {
        log.entries.append("\(name): \(state.hp)")
    }
}

struct TownLogger: Middleware {
    let log: MiddlewareLog

    func process(event: Event, state: Town) {
        log.entries.append("town: \(state.visits)")
    }
}

@main
struct ReactorDriver {
    static var start: GameState {
        GameState(
            player: Player(name: "hero"), selected: Player(name: "scout"), monsters: [Monster(hp: 10), Monster(hp: 20)],
            bosses: ["dragon": Monster(hp: 90), "troll": Monster(hp: 40)], world: World(region: Region(town: Town())),
            screen: .playing(Player(name: "hero"), level: 2), party: Party(members: [Player(name: "a"), Player(name: "b")]),
            loot: Loot(gold: 0))
    }

    static func middlewares(_ log: MiddlewareLog) -> [AnyMiddleware] {
        [
            StatsLogger(log: log, name: "player").liftToState(\GameState.player.stats),
            StatsLogger(log: log, name: "selected").liftToState(\GameState.selected?.stats),
            MonsterLogger(log: log, name: "dragon").liftToState(\GameState.bosses["dragon"]),
            MonsterLogger(log: log, name: "unlifted"),
            TownLogger(log: log).liftToState(\GameState.world.region.town),
        ]
    }

    static func main() {
        let check = Checker()
        let log = MiddlewareLog()
        let core = Core(state: start, middlewares: middlewares(log))
        core.fire(event: Hit(damage: 3))
        Barrier.wait(for: core)
        let state = core.state
        check.expect(state.player.stats.hits, 1, "a plain sub-state (a composite of the other module) reacts")
        check.expect(state.selected?.stats.hits, 1, "an optional sub-state reacts")
        check.expect(state.monsters.map(\.hp), [7, 17], "every element of an array reacts")
        check.expect(state.bosses.mapValues(\.hp), ["dragon": 87, "troll": 37], "every value of a dictionary reacts")
        #if DEBUG
        check.expect(state.debugMonster.hp, 97, "a sub-state under #if DEBUG reacts")
        #else
        check.expect(state.releaseMonster.hp, 47, "a sub-state under #else reacts")
        #endif
        check.expect(state.world.region.town.visits, 1, "a sub-state three composites down reacts")
        if case let .playing(player, level) = state.screen {
            check.expect([player.stats.hits, level], [1, 2], "an enum state's payload reacts and is put back")
        } else {
            check.expect("\(state.screen)", "playing", "an enum state keeps its case")
        }
        check.expect(state.party.events, 1, "a state's own react(to:) runs once")
        check.expect(state.party.members.map(\.stats.hits), [1, 1], "and forwards through reactSubstates(to:)")
        check.expect(state.loot.gold, 1, "a state by an extension reacts")
        check.expect(state.turns, 0, "a property that is no state is left alone")
        check.expect(log.entries, ["player: 1", "selected: 1", "dragon: 87", "town: 1"],
                     "lifted middlewares run once each, on the new state; the unlifted one never")

        // No selection, no dragon: their middlewares do not run; the others still do.
        var alone = start
        alone.selected = nil
        alone.bosses = [:]
        alone.screen = .fighting(Monster(hp: 5), allies: [Player(name: "c")])
        let aloneLog = MiddlewareLog()
        let aloneCore = Core(state: alone, middlewares: middlewares(aloneLog))
        aloneCore.fire(event: Hit(damage: 2))
        aloneCore.fire(event: Hit(damage: 2))
        Barrier.wait(for: aloneCore)
        check.expect(aloneLog.entries, ["player: 1", "town: 1", "player: 2", "town: 2"],
                     "an optional sub-state's middleware runs only when the sub-state is there")
        check.expect(aloneCore.state.selected == nil, true, "an absent optional sub-state stays absent")
        if case let .fighting(monster, allies) = aloneCore.state.screen {
            check.expect([monster.hp] + allies.map(\.stats.hits), [1, 2], "every sub-state of an enum case reacts")
        } else {
            check.expect("\(aloneCore.state.screen)", "fighting", "an enum state keeps its case")
        }

        // The feature module lifts with its own liftToState.
        let featureLog = MiddlewareLog()
        let playerCore = makePlayerCore(name: "solo", log: featureLog)
        playerCore.fire(event: Hit(damage: 1))
        Barrier.wait(for: playerCore)
        check.expect(featureLog.entries, ["solo.stats: 1"], "the other module's own lift runs")
        print("reactor driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
