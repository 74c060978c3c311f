// Shared by the feedback drivers: the states the Feedback fixture's features own, and what each driver checks
// after sending the same root events (FeedbackScript).

struct PickerState: Equatable {
    var isOpen = false
    var chosen: String?
}

struct MoviesState: Equatable {
    var page = 0
    var titles: [String] = []
    var picker = PickerState()
}

struct CatalogState: Equatable {
    var movies = MoviesState()
    var refreshes = 0
}

struct RootState: Equatable {
    var count = 0
    var catalog = CatalogState()
}

enum FeedbackScript {
    /// Root events at every depth, and one (`.tick`) no feature handles.
    static var events: [Root.Event] { [
        .counter(.increment), .catalog(.refresh), .catalog(.movies(.load(page: 1))), .tick,
        .catalog(.movies(.picker(.opened))), .counter(.increment),
    ] }

    /// The movies feedback answers a loaded page's first state with titles; the picker feedback chooses the
    /// first title when the picker opens.
    static var emitted: [Root.Event] { [.catalog(.movies(.loaded(["Heat"]))), .catalog(.movies(.picker(.chose("Heat"))))] }

    static var finalState: RootState {
        var state = RootState()
        state.count = 2
        state.catalog.refreshes = 1
        state.catalog.movies = MoviesState(page: 1, titles: ["Heat"], picker: PickerState(isOpen: true, chosen: "Heat"))
        return state
    }

    /// Feature logic, written once for all three libraries' reducer shapes.
    static func count(_ count: inout Int, _ event: Counter.Event) {
        count += event == .increment ? 1 : -1
    }

    static func catalog(_ state: inout CatalogState, _ event: Catalog.Event) {
        if event == .refresh { state.refreshes += 1 }
    }

    static func movies(_ state: inout MoviesState, _ event: Movies.Event) {
        switch event {
        case let .load(page): state.page = page
        case let .loaded(titles): state.titles = titles
        case .picker: break
        }
    }

    static func picker(_ state: inout PickerState, _ event: Movies.Picker.Event) {
        switch event {
        case .opened: state.isOpen = true
        case let .chose(title): state.chosen = title
        }
    }

    static func moviesFeedback(_ state: MoviesState) -> [Movies.Event] {
        state.page > 0 && state.titles.isEmpty ? [.loaded(["Heat"])] : []
    }

    static func pickerFeedback(_ state: MoviesState) -> [Movies.Picker.Event] {
        state.picker.isOpen && state.picker.chosen == nil ? [.chose(state.titles.first ?? "")] : []
    }

    /// The generated case paths extract and embed through every level.
    static func checkCasePaths(_ check: Checker, picker: CasePathProbe<Movies.Picker.Event>, root: CasePathProbe<Root.Event>) {
        check.expect(picker.extract(.catalog(.movies(.picker(.chose("x"))))), .chose("x"), "case path extracts three levels deep")
        check.expect(picker.extract(.catalog(.movies(.load(page: 1)))), nil, "case path: another case")
        check.expect(picker.extract(.tick), nil, "case path: another branch")
        check.expect(picker.embed(.opened), .catalog(.movies(.picker(.opened))), "case path embeds three levels deep")
        check.expect(root.extract(.tick), .tick, "the root's own case path is the identity")
    }
}

/// A case path's two functions, whichever library's type holds them.
struct CasePathProbe<Value> {
    var extract: (Root.Event) -> Value?
    var embed: (Value) -> Root.Event
}
