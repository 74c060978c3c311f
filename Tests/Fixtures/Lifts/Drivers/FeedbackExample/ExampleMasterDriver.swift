// CombineFeedback master's API on the example-shaped app (top-level `Event` and `State`): reducers, feedbacks
// and scoped stores, through the generated pullbacks (LiftFeedbackExampleTests).
import CasePaths
import CombineFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ExampleMasterDriver {
    static func main() {
        let check = Checker()
        let reducer = Reducer<State, Event>.combine(
            Reducer(reduce: Counter.reduce).pullbackToEvent(state: \State.counter),
            Reducer(reduce: Movies.reduce).pullbackToEvent(state: \State.movies))
        let movies = Feedback<Movies.State, Movies.Event, Void> { state, _ in Movies.feedback(state) }
        let feedbacks: [Feedback<State, Event, Void>] = [movies.pullbackToEvent(state: \State.movies)]
        let store = Store(initial: State(), feedbacks: feedbacks, reducer: reducer, dependency: ())
        let counterStore: Store<Counter.State, Counter.Event> = store.scoped(to: \.counter, event: Counter.Event.self)
        let moviesStore: Store<Movies.State, Movies.Event> = store.scoped(to: \.movies, event: Movies.Event.self)
        for event in ExampleScript.events {
            switch event {
            case let .counter(counterEvent): counterStore.send(event: counterEvent)
            case let .movies(moviesEvent): moviesStore.send(event: moviesEvent)
            }
        }
        check.expect(store.state, ExampleScript.finalState, "final state")
        check.expect(store.emitted, ExampleScript.emitted, "events the feedbacks emitted, wrapped into Event")
        let path: CasePath<Event, Movies.Event> = Movies.Event.eventCasePath
        check.expect(path.extract(from: .movies(.load(page: 1))), .load(page: 1), "case path extracts")
        check.expect(path.extract(from: .counter(.increment)), nil, "case path: another case")
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
