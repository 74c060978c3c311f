// CombineFeedback 0.7.0's API on the example-shaped app (top-level `Event` and `State`): function reducers
// and feedbacks through the generated pullbacks (LiftFeedbackExampleTests).
import CasePaths
import CombineFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ExampleReleaseDriver {
    static func main() {
        let check = Checker()
        let reducer: Reducer<State, Event> = combine(
            pullbackToEvent(Counter.reduce, state: \State.counter),
            pullbackToEvent(Movies.reduce, state: \State.movies))
        let feedbacks = [Feedback<Movies.State, Movies.Event>(events: Movies.feedback).pullbackToEvent(state: \State.movies)]
        var emitted: [Event] = []
        let state = System.run(initial: State(), feedbacks: feedbacks, reduce: reducer, events: ExampleScript.events,
                               emitted: &emitted)
        check.expect(state, ExampleScript.finalState, "final state")
        check.expect(emitted, ExampleScript.emitted, "events the feedbacks emitted, wrapped into Event")
        let viaLibrary = pullback(Counter.reduce, value: \State.counter, event: Counter.Event.eventCasePath)
        var direct = State()
        viaLibrary(&direct, .counter(.increment))
        viaLibrary(&direct, .movies(.load(page: 1)))
        check.expect(direct.counter.count, 1, "CombineFeedback's pullback with a generated case path")
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
