// Exercises what the Sourcery-style template generated for Sourcery/Sources: every getter, setter and
// `is` property, so a template context key that renders wrong (a label, a type, an access level) shows
// up as a compile error or a failed check here. Exits 1 on any failed check.
import Foundation
import PrismModels

@main
enum PrismDriver {
    static func main() {
        var failures: [String] = []
        func expect(_ condition: Bool, _ what: String) {
            if !condition { failures.append(what) }
        }

        // No payload: `Void?` and `is`.
        expect(CounterAction.increment.increment != nil, "increment.increment")
        expect(CounterAction.increment.isIncrement, "increment.isIncrement")
        expect(!CounterAction.add(1).isIncrement, "add.isIncrement is false")
        expect(CounterAction.add(1).increment == nil, "add.increment is nil")

        // One payload, unlabelled and labelled.
        expect(CounterAction.add(3).add == 3, "add.add")
        expect(CounterAction.add(3).isAdd, "add.isAdd")
        expect(CounterAction.set(value: 5).set == 5, "set.set")
        expect(CounterAction.increment.set == nil, "increment.set is nil")

        // Several payloads: a labelled tuple.
        let renamed = CounterAction.rename(first: "Ada", last: "Lovelace")
        expect(renamed.rename?.first == "Ada" && renamed.rename?.last == "Lovelace", "rename tuple labels")
        expect(renamed.isRename && !renamed.isAdd, "rename.isRename")

        // Types from Foundation and from another module.
        let url = URL(string: "https://example.com")!
        expect(CounterAction.open(url).open == url, "open.open")
        expect(CounterAction.play(Movie(title: "Up")).play?.title == "Up", "play.play")

        // Setters write the same case only, and key paths write through them.
        var action = CounterAction.add(1)
        action.add = 2
        expect(action == .add(2), "setter on the same case")
        action.set = 9
        expect(action == .add(2), "setter on another case changes nothing")
        action[keyPath: \CounterAction.add] = 7
        expect(action == .add(7), "writable key path")
        var pair = CounterAction.rename(first: "a", last: "b")
        pair.rename = (first: "c", last: "d")
        expect(pair == .rename(first: "c", last: "d"), "tuple setter keeps the labels in order")
        var labelled = CounterAction.set(value: 1)
        labelled.set = 4
        expect(labelled == .set(value: 4), "labelled setter")

        // Selected through `: Prism`, internal.
        let results = SearchEvent.results(ids: [1, 2], total: 2)
        expect(results.results?.ids == [1, 2] && results.results?.total == 2, "results tuple")
        expect(SearchEvent.query("q").query == "q", "query.query")
        expect(SearchEvent.cleared.isCleared && !SearchEvent.cleared.isQuery, "cleared.isCleared")

        // A nested enum, extended by its qualified name.
        expect(Screen.Route.detail(id: 4).detail == 4, "detail.detail")
        expect(Screen.Route.home.isHome && !Screen.Route.home.isDetail, "home.isHome")

        if failures.isEmpty {
            print("prism driver: all checks passed")
        } else {
            print("prism driver: failed checks: \(failures.joined(separator: "; "))")
            exit(1)
        }
    }
}
