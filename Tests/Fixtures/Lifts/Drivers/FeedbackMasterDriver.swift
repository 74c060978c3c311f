// Driver for CombineFeedback master's API (LiftFeedbackTests): compiled with the Feedback fixture and its lift
// file generated with `--lift combinefeedback --combine-feedback-api master` against the CasePaths and
// CombineFeedback master stand-ins, in Swift 6 (warnings as errors) and Swift 5 modes. Reducers and feedbacks
// are pulled back one, two and three levels deep in one call each, events are sent through scoped stores,
// and the state and the events the feedbacks emitted are checked.
import CasePaths
import CombineFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Services {
    var fallbackTitle: String
}

@main
struct FeedbackMasterDriver {
    static func main() {
        let check = Checker()
        let reducer = Reducer<RootState, Root.Event>.combine(
            Reducer(reduce: FeedbackScript.count).pullbackToRootEvent(state: \RootState.count),
            Reducer(reduce: FeedbackScript.catalog).pullbackToRootEvent(state: \RootState.catalog),
            Reducer(reduce: FeedbackScript.movies).pullbackToRootEvent(state: \RootState.catalog.movies),
            Reducer(reduce: FeedbackScript.picker).pullbackToRootEvent(state: \RootState.catalog.movies.picker))
        let movies = Feedback<MoviesState, Movies.Event, Void> { state, _ in FeedbackScript.moviesFeedback(state) }
        // A feedback with a dependency of its own, taken out of the app's.
        let picker = Feedback<MoviesState, Movies.Picker.Event, String> { state, _ in FeedbackScript.pickerFeedback(state) }
        let feedbacks: [Feedback<RootState, Root.Event, Services>] = [
            movies.pullbackToRootEvent(state: \RootState.catalog.movies, dependency: { (_: Services) in () }),
            picker.pullbackToRootEvent(state: \RootState.catalog.movies, dependency: \Services.fallbackTitle),
        ]
        let store = Store(initial: RootState(), feedbacks: feedbacks, reducer: reducer, dependency: Services(fallbackTitle: "-"))
        // Each event through the store scoped to its own feature, where there is one.
        let counterStore: Store<Int, Counter.Event> = store.scoped(to: \.count, event: Counter.Event.self)
        let catalogStore = store.scoped(to: \.catalog, event: Catalog.Event.self)
        let pickerStore = store.scoped(to: \.catalog.movies.picker, event: Movies.Picker.Event.self)
        for event in FeedbackScript.events {
            switch event {
            case let .counter(counterEvent): counterStore.send(event: counterEvent)
            case let .catalog(.movies(.picker(pickerEvent))): pickerStore.send(event: pickerEvent)
            case let .catalog(catalogEvent): catalogStore.send(event: catalogEvent)
            case .tick: store.send(event: .tick)
            }
        }
        check.expect(store.state, FeedbackScript.finalState, "final state")
        check.expect(store.emitted, FeedbackScript.emitted, "events the feedbacks emitted, wrapped into Root.Event")
        check.expect(pickerStore.state, FeedbackScript.finalState.catalog.movies.picker, "a scoped store reads its part")

        // A feedback pulled back without a dependency mapping keeps its own.
        let same: Feedback<RootState, Root.Event, Void> = movies.pullbackToRootEvent(state: \RootState.catalog.movies)
        var loading = RootState()
        loading.catalog.movies.page = 3
        check.expect(same.events(loading, ()), [.catalog(.movies(.loaded(["Heat"])))], "feedback pulled back two levels")

        let pickerPath = Movies.Picker.Event.rootEventCasePath
        let rootPath = Root.Event.rootEventCasePath
        FeedbackScript.checkCasePaths(check, picker: CasePathProbe(extract: pickerPath.extract(from:), embed: pickerPath.embed),
                                      root: CasePathProbe(extract: rootPath.extract(from:), embed: rootPath.embed))
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
