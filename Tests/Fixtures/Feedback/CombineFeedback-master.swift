// CombineFeedback-master.swift — STAND-IN for CombineFeedback master 8ba5916 (unreleased), built by RexGen's tests
// as module CombineFeedback on the CasePaths stand-in. Written from master's Reducer.swift, Feedback.swift and
// Store/Store.swift: `Reducer` and `Feedback<State, Event, Dependency>` are structs with
// `pullback(state:event:)` / `pullback(state:event:dependency:)` taking a `CasePath`; `Store` has
// `scoped(to:event:)`. The real Feedback and Store run on Combine; these are synchronous, so a test sees
// every event: `Feedback.init(events:)` stands in for the publishers. Real apps depend on CombineFeedback.

import CasePaths

public struct Reducer<State, Event> {
    public let reduce: (inout State, Event) -> Void

    public init(reduce: @escaping (inout State, Event) -> Void) {
        self.reduce = reduce
    }

    public func callAsFunction(_ state: inout State, _ event: Event) {
        reduce(&state, event)
    }

    public static func combine(_ reducers: Reducer...) -> Reducer {
        .init { state, event in
            for reducer in reducers { reducer(&state, event) }
        }
    }

    public func pullback<GlobalState, GlobalEvent>(
        state stateKeyPath: WritableKeyPath<GlobalState, State>,
        event eventCasePath: CasePath<GlobalEvent, Event>
    ) -> Reducer<GlobalState, GlobalEvent> {
        .init { globalState, globalEvent in
            guard let localAction = eventCasePath.extract(from: globalEvent) else { return }
            self(&globalState[keyPath: stateKeyPath], localAction)
        }
    }
}

public struct Feedback<State, Event, Dependency> {
    /// Test stand-in for the Combine pipeline: the events a state produces, given the dependency.
    public let events: (State, Dependency) -> [Event]

    public init(events: @escaping (State, Dependency) -> [Event]) {
        self.events = events
    }
}

public extension Feedback {
    func pullback<GlobalState, GlobalEvent, GlobalDependency>(
        state stateKeyPath: KeyPath<GlobalState, State>,
        event eventCasePath: CasePath<GlobalEvent, Event>,
        dependency toLocal: @escaping (GlobalDependency) -> Dependency
    ) -> Feedback<GlobalState, GlobalEvent, GlobalDependency> {
        Feedback<GlobalState, GlobalEvent, GlobalDependency> { state, dependency in
            self.events(state[keyPath: stateKeyPath], toLocal(dependency)).map(eventCasePath.embed)
        }
    }
}

/// Reduces each event sent, then lets every feedback answer the new state, until none has more to say.
open class Store<State, Event> {
    private let box: Box

    public init<Dependency>(initial: State, feedbacks: [Feedback<State, Event, Dependency>],
                            reducer: Reducer<State, Event>, dependency: Dependency) {
        box = Box(state: initial, reduce: reducer.reduce, feedback: { state in
            feedbacks.flatMap { $0.events(state, dependency) }
        })
    }

    private init(box: Box) {
        self.box = box
    }

    public var state: State { box.state }

    /// Test stand-in: every event a feedback has emitted so far.
    public var emitted: [Event] { box.emitted }

    open func send(event: Event) {
        box.send(event: event)
    }

    public func scoped<S, E>(to scope: WritableKeyPath<State, S>, event: @escaping (E) -> Event) -> Store<S, E> {
        Store<S, E>(scopedFrom: self, scope: scope, event: event)
    }

    private convenience init<Parent, ParentEvent>(scopedFrom parent: Store<Parent, ParentEvent>,
                                                  scope: WritableKeyPath<Parent, State>, event: @escaping (Event) -> ParentEvent) {
        self.init(box: Box(parentState: { parent.state[keyPath: scope] }, send: { parent.send(event: event($0)) }))
    }

    private final class Box {
        private var ownState: State?
        private let readState: (() -> State)?
        private let reduce: ((inout State, Event) -> Void)?
        private let feedback: ((State) -> [Event])?
        private let forward: ((Event) -> Void)?
        private(set) var emitted: [Event] = []

        init(state: State, reduce: @escaping (inout State, Event) -> Void, feedback: @escaping (State) -> [Event]) {
            ownState = state
            readState = nil
            self.reduce = reduce
            self.feedback = feedback
            forward = nil
        }

        init(parentState: @escaping () -> State, send: @escaping (Event) -> Void) {
            ownState = nil
            readState = parentState
            reduce = nil
            feedback = nil
            forward = send
        }

        var state: State { readState?() ?? ownState! }

        func send(event: Event) {
            if let forward { return forward(event) }
            guard var state = ownState, let reduce, let feedback else { return }
            var pending = [event]
            while !pending.isEmpty {
                reduce(&state, pending.removeFirst())
                let answers = feedback(state)
                emitted += answers
                pending += answers
            }
            ownState = state
        }
    }
}
