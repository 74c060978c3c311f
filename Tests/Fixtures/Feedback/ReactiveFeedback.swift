// ReactiveFeedback.swift — STAND-IN for ReactiveFeedback 0.10.0 (on ReactiveSwift), built by RexGen's tests as
// module ReactiveFeedback. Written from its Reducer.swift, FeedbackLoop.swift and Store.swift: `Reducer` is a
// function type with a free `pullback(_:value:event:)` taking a writable key path to an optional event,
// `FeedbackLoop<State, Event>.Feedback` has a static `pullback(feedback:value:event:)`, and `Store` has
// `view(value:event:)`. The real ones run on ReactiveSwift; these are synchronous so a test sees every
// event: `Feedback.init(events:)` stands in for the signal producers. Real apps depend on ReactiveFeedback.

public typealias Reducer<State, Event> = (inout State, Event) -> Void

public func combine<State, Event>(_ reducers: Reducer<State, Event>...) -> Reducer<State, Event> {
    return { state, event in
        for reducer in reducers { reducer(&state, event) }
    }
}

public func pullback<LocalState, GlobalState, LocalEvent, GlobalEvent>(
    _ reducer: @escaping Reducer<LocalState, LocalEvent>,
    value: WritableKeyPath<GlobalState, LocalState>,
    event: WritableKeyPath<GlobalEvent, LocalEvent?>
) -> Reducer<GlobalState, GlobalEvent> {
    return { globalState, globalEvent in
        guard let localAction = globalEvent[keyPath: event] else { return }
        reducer(&globalState[keyPath: value], localAction)
    }
}

public final class FeedbackLoop<State, Event> {}

extension FeedbackLoop {
    public struct Feedback {
        /// Test stand-in for the signal pipeline: the events a state produces.
        public let events: (State) -> [Event]

        public init(events: @escaping (State) -> [Event]) {
            self.events = events
        }

        public static func pullback<LocalState, LocalEvent>(
            feedback: FeedbackLoop<LocalState, LocalEvent>.Feedback,
            value: KeyPath<State, LocalState>,
            event: @escaping (LocalEvent) -> Event
        ) -> Feedback {
            Feedback { state in feedback.events(state[keyPath: value]).map(event) }
        }
    }
}

/// Reduces each event sent, then lets every feedback answer the new state, until none has more to say.
open class Store<State, Event> {
    private let readState: () -> State
    private let forward: (Event) -> Void

    public init(initial: State, reducer: @escaping Reducer<State, Event>, feedbacks: [FeedbackLoop<State, Event>.Feedback]) {
        let cell = StoreCell<State, Event>(initial)
        readState = { cell.state }
        forward = { event in
            var pending = [event]
            while !pending.isEmpty {
                reducer(&cell.state, pending.removeFirst())
                let answers = feedbacks.flatMap { $0.events(cell.state) }
                cell.emitted += answers
                pending += answers
            }
        }
    }

    private init(state: @escaping () -> State, send: @escaping (Event) -> Void) {
        readState = state
        forward = send
    }

    /// Test stand-in for `state.value`'s state.
    public var currentState: State { readState() }

    public func send(event: Event) {
        forward(event)
    }

    public func view<LocalState, LocalEvent>(value: KeyPath<State, LocalState>, event: @escaping (LocalEvent) -> Event)
        -> Store<LocalState, LocalEvent> {
        Store<LocalState, LocalEvent>(state: { self.readState()[keyPath: value] }, send: { self.forward(event($0)) })
    }
}

/// The state a stand-in store holds, and what its feedbacks emitted.
final class StoreCell<State, Event> {
    var state: State
    var emitted: [Event] = []

    init(_ state: State) {
        self.state = state
    }
}
