// Driver for ReactiveFeedback's API (LiftFeedbackTests): compiled with the Feedback fixture and its lift file
// generated with `--lift reactivefeedback` against the ReactiveFeedback stand-in, in Swift 6 (warnings as
// errors) and Swift 5 modes. Reducers and feedbacks are pulled back one, two and three levels deep in one
// call each, events are sent through store views, and the state and emitted events are checked.
import ReactiveFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct FeedbackReactiveDriver {
    static func main() {
        let check = Checker()
        let counter: Reducer<Int, Counter.Event> = FeedbackScript.count
        let catalog: Reducer<CatalogState, Catalog.Event> = FeedbackScript.catalog
        let movies: Reducer<MoviesState, Movies.Event> = FeedbackScript.movies
        let picker: Reducer<PickerState, Movies.Picker.Event> = FeedbackScript.picker
        let reducer = combine(
            pullbackToRootEvent(counter, state: \RootState.count),
            pullbackToRootEvent(catalog, state: \RootState.catalog),
            pullbackToRootEvent(movies, state: \RootState.catalog.movies),
            pullbackToRootEvent(picker, state: \RootState.catalog.movies.picker))
        final class Emitted { var events: [Root.Event] = [] }
        let emitted = Emitted()
        let recorder = FeedbackLoop<RootState, Root.Event>.Feedback { _ in [] }
        let feedbacks = [
            FeedbackLoop<MoviesState, Movies.Event>.Feedback(events: FeedbackScript.moviesFeedback)
                .pullbackToRootEvent(state: \RootState.catalog.movies),
            FeedbackLoop<MoviesState, Movies.Picker.Event>.Feedback(events: FeedbackScript.pickerFeedback)
                .pullbackToRootEvent(state: \RootState.catalog.movies),
        ]
        // Records what the pulled-back feedbacks emit, as root events.
        let recording = feedbacks.map { feedback in
            FeedbackLoop<RootState, Root.Event>.Feedback { state in
                let events = feedback.events(state)
                emitted.events += events
                return events
            }
        }
        let store = Store<RootState, Root.Event>(initial: RootState(), reducer: reducer, feedbacks: recording + [recorder])
        let counterStore = store.view(value: \RootState.count, event: Counter.Event.self)
        let catalogStore = store.view(value: \RootState.catalog, event: Catalog.Event.self)
        let pickerStore = store.view(value: \RootState.catalog.movies.picker, event: Movies.Picker.Event.self)
        for event in FeedbackScript.events {
            switch event {
            case let .counter(counterEvent): counterStore.send(event: counterEvent)
            case let .catalog(.movies(.picker(pickerEvent))): pickerStore.send(event: pickerEvent)
            case let .catalog(catalogEvent): catalogStore.send(event: catalogEvent)
            case .tick: store.send(event: .tick)
            }
        }
        check.expect(store.currentState, FeedbackScript.finalState, "final state")
        check.expect(emitted.events, FeedbackScript.emitted, "events the feedbacks emitted, wrapped into Root.Event")
        check.expect(pickerStore.currentState, FeedbackScript.finalState.catalog.movies.picker, "a view reads its part")
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
