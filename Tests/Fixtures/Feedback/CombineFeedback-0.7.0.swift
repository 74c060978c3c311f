// CombineFeedback-0.7.0.swift — STAND-IN for CombineFeedback 0.7.0 (its latest release), built by RexGen's tests
// as module CombineFeedback on the CasePaths stand-in. Written from CombineFeedback 0.7.0's Reducer.swift and
// Feedback.swift: `Reducer` is a function type, `pullback(_:value:event:)` a free function taking a `CasePath`,
// `Feedback<State, Event>` has a static `pullback(feedback:value:event:)` taking a closure for the event.
// The real Feedback runs on Combine; this one is synchronous (a feedback answers a state with events at once)
// so a test sees every event: `init(events:)` and `System.run` stand in for the publishers and
// `Publishers.system`. Real apps depend on CombineFeedback itself.

import CasePaths

public typealias Reducer<State, Event> = (inout State, Event) -> Void

public func combine<State, Event>(_ reducers: Reducer<State, Event>...) -> Reducer<State, Event> {
    return { state, event in
        for reducer in reducers { reducer(&state, event) }
    }
}

public func pullback<LocalState, GlobalState, LocalEvent, GlobalEvent>(
    _ reducer: @escaping Reducer<LocalState, LocalEvent>,
    value: WritableKeyPath<GlobalState, LocalState>,
    event: CasePath<GlobalEvent, LocalEvent>
) -> Reducer<GlobalState, GlobalEvent> {
    return { globalState, globalEvent in
        guard let localAction = event.extract(from: globalEvent) else { return }
        reducer(&globalState[keyPath: value], localAction)
    }
}

public struct Feedback<State, Event> {
    /// Test stand-in for the Combine pipeline: the events a state produces.
    public let events: (State) -> [Event]

    public init(events: @escaping (State) -> [Event]) {
        self.events = events
    }

    public static func pullback<LocalState, LocalEvent>(
        feedback: Feedback<LocalState, LocalEvent>,
        value: KeyPath<State, LocalState>,
        event: @escaping (LocalEvent) -> Event
    ) -> Feedback<State, Event> {
        Feedback { state in feedback.events(state[keyPath: value]).map(event) }
    }
}

/// Test stand-in for `Publishers.system`: reduces each event, then lets every feedback answer the new state,
/// until no feedback has anything to say, before the next event. Returns the final state; `emitted` gets every feedback event.
public enum System {
    public static func run<State, Event>(initial: State, feedbacks: [Feedback<State, Event>], reduce: Reducer<State, Event>,
                                         events: [Event], emitted: inout [Event]) -> State {
        var state = initial
        for event in events {
            var pending = [event]
            while !pending.isEmpty {
                reduce(&state, pending.removeFirst())
                let answers = feedbacks.flatMap { $0.events(state) }
                emitted += answers
                pending += answers
            }
        }
        return state
    }
}
