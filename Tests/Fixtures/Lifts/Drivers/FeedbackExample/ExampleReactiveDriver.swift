// ReactiveFeedback's API on the example-shaped app (top-level `Event` and `State`): function reducers,
// feedbacks and store views through the generated pullbacks (LiftFeedbackExampleTests).
import ReactiveFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ExampleReactiveDriver {
    static func main() {
        let check = Checker()
        let reducer: Reducer<State, Event> = combine(
            pullbackToEvent(Counter.reduce, state: \State.counter),
            pullbackToEvent(Movies.reduce, state: \State.movies))
        final class Emitted { var events: [Event] = [] }
        let emitted = Emitted()
        let movies = FeedbackLoop<Movies.State, Movies.Event>.Feedback(events: Movies.feedback)
            .pullbackToEvent(state: \State.movies)
        let recording = FeedbackLoop<State, Event>.Feedback { state in
            let events = movies.events(state)
            emitted.events += events
            return events
        }
        let store = Store<State, Event>(initial: State(), reducer: reducer, feedbacks: [recording])
        let counterStore = store.view(value: \State.counter, event: Counter.Event.self)
        let moviesStore = store.view(value: \State.movies, event: Movies.Event.self)
        for event in ExampleScript.events {
            switch event {
            case let .counter(counterEvent): counterStore.send(event: counterEvent)
            case let .movies(moviesEvent): moviesStore.send(event: moviesEvent)
            }
        }
        check.expect(store.currentState, ExampleScript.finalState, "final state")
        check.expect(emitted.events, ExampleScript.emitted, "events the feedbacks emitted, wrapped into Event")
        check.expect(counterStore.currentState, ExampleScript.finalState.counter, "a view reads its part")
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
