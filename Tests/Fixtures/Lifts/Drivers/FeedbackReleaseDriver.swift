// Driver for CombineFeedback 0.7.0's API (LiftFeedbackTests): compiled with the Feedback fixture and its lift
// file generated with `--lift combinefeedback` (release API) against the CasePaths and CombineFeedback 0.7.0
// stand-ins, in Swift 6 (warnings as errors) and Swift 5 modes. Reducers and a feedback are pulled back one,
// two and three levels deep in one call each; the same root events are sent; the state and the events the
// feedbacks emitted are checked.
import CasePaths
import CombineFeedback
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct FeedbackReleaseDriver {
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
        let feedbacks = [
            Feedback<MoviesState, Movies.Event>(events: FeedbackScript.moviesFeedback).pullbackToRootEvent(state: \RootState.catalog.movies),
            Feedback<MoviesState, Movies.Picker.Event>(events: FeedbackScript.pickerFeedback).pullbackToRootEvent(state: \RootState.catalog.movies),
        ]
        var emitted: [Root.Event] = []
        let state = System.run(initial: RootState(), feedbacks: feedbacks, reduce: reducer, events: FeedbackScript.events,
                               emitted: &emitted)
        check.expect(state, FeedbackScript.finalState, "final state")
        check.expect(emitted, FeedbackScript.emitted, "events the feedbacks emitted, wrapped into Root.Event")

        // The library's own pullback takes the generated case path.
        let viaLibrary = pullback(picker, value: \RootState.catalog.movies.picker, event: Movies.Picker.Event.rootEventCasePath)
        var direct = RootState()
        viaLibrary(&direct, .catalog(.movies(.picker(.chose("Up")))))
        viaLibrary(&direct, .counter(.increment))
        check.expect(direct.catalog.movies.picker.chosen, "Up", "CombineFeedback's pullback with a generated case path")
        check.expect(direct.count, 0, "that pullback ignores other events")

        let pickerPath = Movies.Picker.Event.rootEventCasePath
        let rootPath = Root.Event.rootEventCasePath
        FeedbackScript.checkCasePaths(check, picker: CasePathProbe(extract: pickerPath.extract(from:), embed: pickerPath.embed),
                                      root: CasePathProbe(extract: rootPath.extract(from:), embed: rootPath.embed))
        print("feedback driver: \(check.checks) checks, \(check.failures) failures")
        exit(check.failures == 0 ? 0 : 1)
    }
}
