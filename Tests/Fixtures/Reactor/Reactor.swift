// A stand-in for ReactorSwift/Reactor 1.0.0 (tag 1.0.0, Sources/Reactor.swift), written from its public API
// for the lift tests (LiftReactorTests), which build it as the module `Reactor` in Swift 5 mode, as Reactor
// itself is. What generated code relies on behaves as in Reactor: a middleware runs only when the core's
// state casts to its `StateType` (`_process`), and `fire(event:)` makes the state react, then runs every
// middleware on the new state, on the core's own serial queue; `remove(subscriber:)` waits for that queue,
// which the drivers use to wait for their events. The generated code also compiles against the real module
// (see CONTRIBUTING.md).
import Foundation

// MARK: - State

public protocol State {
    mutating func react(to event: Event)
}

// MARK: - Events

public protocol Event {}

// MARK: - Commands

public protocol Command {
    associatedtype StateType: State
    func execute(state: StateType, core: Core<StateType>)
}

// MARK: - Middlewares

public protocol AnyMiddleware {
    func _process(event: Event, state: Any)
}

public protocol Middleware: AnyMiddleware {
    associatedtype StateType
    func process(event: Event, state: StateType)
}

extension Middleware {
    /// A middleware whose `StateType` is not the core's state is skipped without a word.
    public func _process(event: Event, state: Any) {
        guard let state = state as? StateType else { return }
        process(event: event, state: state)
    }
}

public struct Middlewares<StateType: State> {
    private(set) var middleware: AnyMiddleware
}

// MARK: - Subscribers

public protocol AnySubscriber: AnyObject {
    func _update(with state: Any)
}

public protocol Subscriber: AnySubscriber {
    associatedtype StateType
    func update(with state: StateType)
}

extension Subscriber {
    public func _update(with state: Any) {
        guard let state = state as? StateType else { return }
        update(with: state)
    }
}

public struct Subscription<StateType: State> {
    private(set) weak var subscriber: AnySubscriber?
    let selector: ((StateType) -> Any)?
    let notifyQueue: DispatchQueue

    fileprivate func notify(with state: StateType) {
        notifyQueue.async {
            if let selector = self.selector {
                self.subscriber?._update(with: selector(state))
            } else {
                self.subscriber?._update(with: state)
            }
        }
    }
}

// MARK: - Core

public class Core<StateType: State> {
    private let jobQueue = DispatchQueue(label: "reactor.core.queue", qos: .userInitiated)
    private var subscriptions: [Subscription<StateType>] = []
    private let middlewares: [Middlewares<StateType>]

    public private(set) var state: StateType {
        didSet {
            for subscription in subscriptions { subscription.notify(with: state) }
        }
    }

    public init(state: StateType, middlewares: [AnyMiddleware] = []) {
        self.state = state
        self.middlewares = middlewares.map(Middlewares.init)
    }

    public func add(subscriber: AnySubscriber, notifyOnQueue queue: DispatchQueue? = DispatchQueue.main,
                    selector: ((StateType) -> Any)? = nil) {
        jobQueue.async {
            guard !self.subscriptions.contains(where: { $0.subscriber === subscriber }) else { return }
            self.subscriptions = self.subscriptions.filter { $0.subscriber != nil }
            let subscription = Subscription(subscriber: subscriber, selector: selector, notifyQueue: queue ?? self.jobQueue)
            self.subscriptions.append(subscription)
            subscription.notify(with: self.state)
        }
    }

    /// Waits for the jobs queued before it, as Reactor's does (it runs on the queue synchronously).
    public func remove(subscriber: AnySubscriber) {
        jobQueue.sync {
            subscriptions = subscriptions.filter { $0.subscriber !== subscriber && $0.subscriber != nil }
        }
    }

    /// The state reacts, then every middleware runs on the new state.
    public func fire(event: Event) {
        jobQueue.async {
            self.state.react(to: event)
            self.middlewares.forEach { $0.middleware._process(event: event, state: self.state) }
        }
    }

    public func fire<C: Command>(command: C) where C.StateType == StateType {
        jobQueue.async {
            command.execute(state: self.state, core: self)
        }
    }
}
