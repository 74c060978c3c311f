// The game of the Reactor fixture (LiftReactorTests, LiftReferenceTests), generated for with the feature module
// as a reference (`ReactorGame --reference ReactorFeature --lift reactor`): a composite root holding every
// kind of sub-state, states declared in other files and in the other module, three levels of composites and
// an enum state.
import Reactor
import ReactorFeature

/// The root. It declares no `react(to:)`: RexGen writes it, forwarding to every sub-state in order.
struct GameState: State {
    var player: Player                    // a composite of the feature module
    var selected: Player?                 // reacts when it is there
    var monsters: [Monster]               // every element reacts
    var bosses: [String: Monster]         // every value reacts
    #if DEBUG
    var debugMonster = Monster(hp: 100)   // the type comes from the initializer
    #else
    var releaseMonster = Monster(hp: 50)
    #endif
    var world: World                      // World → Region → Town
    var screen: Screen                    // an enum state
    var party: Party                      // declares its own react(to:)
    var loot: Loot                        // a state by an extension in the feature module
    var turns = 0                         // no state
}
