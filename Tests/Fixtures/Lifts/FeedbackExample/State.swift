// Shaped like CombineFeedback's example app (Example/SingleStoreExample/State.swift, before its StateMachine
// rewrite), as many CombineFeedback and ReactiveFeedback apps are: the root event is a top-level `enum Event`
// and the root state a top-level `struct State`. Inside `Feedback`, `Reducer` and `Store` those names are the
// libraries' own generic parameters, so generated code must name the app's types some other way.
// See Tests/Fixtures/Lifts/Drivers/FeedbackExample for what is run.

struct State: Equatable {
    var counter = Counter.State()
    var movies = Movies.State()
}

enum Event: Equatable {
    case counter(Counter.Event)
    case movies(Movies.Event)
}

struct Counter {
    struct State: Equatable {
        var count = 0
    }

    enum Event: Equatable {
        case increment
        case decrement
    }

    static func reduce(_ state: inout State, _ event: Event) {
        state.count += event == .increment ? 1 : -1
    }
}

struct Movies {
    struct State: Equatable {
        var page = 0
        var titles: [String] = []
    }

    enum Event: Equatable {
        case load(page: Int)
        case loaded([String])
    }

    static func reduce(_ state: inout State, _ event: Event) {
        switch event {
        case let .load(page): state.page = page
        case let .loaded(titles): state.titles = titles
        }
    }

    /// Answers a requested page with its titles, once.
    static func feedback(_ state: State) -> [Event] {
        state.page > 0 && state.titles.isEmpty ? [.loaded(["Heat"])] : []
    }
}

/// The events every driver sends, and the state and emitted events they must lead to.
enum ExampleScript {
    static let events: [Event] = [.counter(.increment), .movies(.load(page: 2)), .counter(.increment), .counter(.decrement)]
    static let emitted: [Event] = [.movies(.loaded(["Heat"]))]
    static var finalState: State {
        State(counter: Counter.State(count: 1), movies: Movies.State(page: 2, titles: ["Heat"]))
    }
}
