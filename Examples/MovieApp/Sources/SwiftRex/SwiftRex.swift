// SwiftRex.swift — STAND-IN for the `SwiftRex` core module, version 0.8, used by RexGen's example app and
// tests (Tests/Fixtures/SwiftRex/SwiftRex.swift links here). Real apps depend on SwiftRex itself.
//
// Written from the SwiftRex 0.8 public signatures recorded in SWIFTREX-0.8-API.md; it is never shipped and
// is not SwiftRex's code. The real SwiftRex 0.8 is not available in this machine's package registries, so
// RexGen's tests compile generated lift code against this module instead. Generated code must compile
// against the real library, so the public surface here is kept to exactly the documented shapes: anything
// public in this file that SwiftRex 0.8 does not have would let generated code pass tests and then fail for
// real users. The one deliberate exception is `IO._run`, an underscored test hook (see its comment).
//
// Nothing here is `Sendable` and no closure is `@Sendable`, because SwiftRex 0.8 declares neither; adding
// them would accept (or reject) code the real library rejects (or accepts).
//
// Build check: Tests/Fixtures/SwiftRex/check-swiftrex-module.sh (Swift 5 and Swift 6 language modes).

// MARK: - Monoid composition operator

// SwiftRex composes reducers with `<>` (its Monoid "append"). Only the operator and `Reducer.<>` are
// declared: the Monoid/Semigroup protocols themselves are not needed by generated lift code, so they are
// left out rather than guessed at. `higherThan: AssignmentPrecedence` keeps `x = a <> b` legal, as it is in
// SwiftRex, whose `<>` group sits (transitively) above assignment.
precedencegroup MonoidAppend {
    associativity: left
    higherThan: AssignmentPrecedence
}

infix operator <>: MonoidAppend

// MARK: - Reducer

public typealias MutableReduceFunction<ActionType, StateType> = (ActionType, inout StateType) -> Void

public struct Reducer<ActionType, StateType> {
    public let reduce: MutableReduceFunction<ActionType, StateType>

    // Internal on purpose: SwiftRex 0.8 builds reducers through `Reducer.reduce(_:)`, not a public init.
    init(reduce: @escaping MutableReduceFunction<ActionType, StateType>) {
        self.reduce = reduce
    }

    public static func reduce(_ reduce: @escaping MutableReduceFunction<ActionType, StateType>) -> Reducer {
        Reducer(reduce: reduce)
    }

    /// The neutral element of `<>`: leaves the state untouched for every action.
    public static var identity: Reducer {
        Reducer { _, _ in }
    }

    /// Composition: the result runs `lhs`, then `rhs`, on the same state.
    public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
        Reducer { action, state in
            lhs.reduce(action, &state)
            rhs.reduce(action, &state)
        }
    }

    /// Closure lift. A nil from `actionGetter` means "not my action": the global state is not read or
    /// written at all (so a setter with side effects is never called for foreign actions).
    public func lift<GlobalActionType, GlobalStateType>(
        actionGetter: @escaping (GlobalActionType) -> ActionType?,
        stateGetter: @escaping (GlobalStateType) -> StateType,
        stateSetter: @escaping (inout GlobalStateType, StateType) -> Void
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        .reduce { globalAction, globalState in
            guard let localAction = actionGetter(globalAction) else { return }
            var localState = stateGetter(globalState)
            self.reduce(localAction, &localState)
            stateSetter(&globalState, localState)
        }
    }

    /// Key-path lift; the action key path is typically an enum property (`\AppAction.movie`).
    public func lift<GlobalActionType, GlobalStateType>(
        action: KeyPath<GlobalActionType, ActionType?>,
        state: WritableKeyPath<GlobalStateType, StateType>
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        lift(
            actionGetter: { $0[keyPath: action] },
            stateGetter: { $0[keyPath: state] },
            stateSetter: { $0[keyPath: state] = $1 }
        )
    }

    /// State-only key-path lift: every action is handled.
    public func lift<GlobalStateType>(state: WritableKeyPath<GlobalStateType, StateType>)
        -> Reducer<ActionType, GlobalStateType> {
        lift(
            actionGetter: { $0 },
            stateGetter: { $0[keyPath: state] },
            stateSetter: { $0[keyPath: state] = $1 }
        )
    }

    /// Action-only key-path lift: the state is used as is.
    public func lift<GlobalActionType>(action: KeyPath<GlobalActionType, ActionType?>)
        -> Reducer<GlobalActionType, StateType> {
        lift(
            actionGetter: { $0[keyPath: action] },
            stateGetter: { $0 },
            stateSetter: { $0 = $1 }
        )
    }
}

// MARK: - Middleware building blocks

public typealias GetState<StateType> = () -> StateType

/// Where an action was dispatched from.
public struct ActionSource: Codable, Hashable {
    public let file: String
    public let function: String
    public let line: UInt
    public let info: String?

    public init(file: String, function: String, line: UInt, info: String?) {
        self.file = file
        self.function = function
        self.line = line
        self.info = info
    }

    public static func here(
        file: String = #file,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) -> ActionSource {
        ActionSource(file: file, function: function, line: line, info: info)
    }
}

/// An action together with the place that dispatched it.
public struct DispatchedAction<Action> {
    public let action: Action
    public let dispatcher: ActionSource

    public init(_ action: Action, dispatcher: ActionSource) {
        self.action = action
        self.dispatcher = dispatcher
    }

    /// Transforms the action and keeps the dispatcher, so a lifted action still points at its origin.
    public func map<NewAction>(_ transform: (Action) -> NewAction) -> DispatchedAction<NewAction> {
        DispatchedAction<NewAction>(transform(action), dispatcher: dispatcher)
    }
}

public protocol ActionHandler {
    associatedtype ActionType
    func dispatch(_ dispatchedAction: DispatchedAction<ActionType>)
}

extension ActionHandler {
    public func dispatch(_ action: ActionType, from dispatcher: ActionSource) {
        dispatch(DispatchedAction(action, dispatcher: dispatcher))
    }

    /// A handler for `NewActionType` that converts each action with `transform` and forwards it to `self`,
    /// keeping the dispatcher.
    public func contramap<NewActionType>(_ transform: @escaping (NewActionType) -> ActionType)
        -> AnyActionHandler<NewActionType> {
        AnyActionHandler { dispatchedAction in
            self.dispatch(dispatchedAction.map(transform))
        }
    }
}

public struct AnyActionHandler<ActionType>: ActionHandler {
    private let realHandler: (DispatchedAction<ActionType>) -> Void

    public init(_ realHandler: @escaping (DispatchedAction<ActionType>) -> Void) {
        self.realHandler = realHandler
    }

    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        realHandler(dispatchedAction)
    }
}

/// A deferred side effect that may dispatch `OutputActionType` actions once it is run with an output handler.
public struct IO<OutputActionType> {
    // SwiftRex keeps the runner internal: only the store runs an IO.
    let run: (AnyActionHandler<OutputActionType>) -> Void

    public init(_ run: @escaping (AnyActionHandler<OutputActionType>) -> Void) {
        self.run = run
    }

    /// An effect that dispatches nothing.
    public static func pure() -> IO {
        IO { _ in }
    }

    /// Converts every action the effect dispatches.
    public func map<B>(_ transform: @escaping (OutputActionType) -> B) -> IO<B> {
        IO<B> { output in
            self.run(output.contramap(transform))
        }
    }

    /// TEST HOOK — NOT PART OF SWIFTREX. Runs the effect so tests can observe what it dispatches.
    /// SwiftRex 0.8 has no public way to run an IO, so generated code must never call this; the leading
    /// underscore marks it as the one public name in this module that the real library lacks.
    public func _run(_ handler: AnyActionHandler<OutputActionType>) {
        run(handler)
    }
}

// MARK: - MiddlewareProtocol

public protocol MiddlewareProtocol {
    associatedtype InputActionType
    associatedtype OutputActionType
    associatedtype StateType

    func handle(action: InputActionType, from dispatcher: ActionSource, state: @escaping GetState<StateType>)
        -> IO<OutputActionType>

    // Deprecated in SwiftRex 0.8 but still a requirement. No `@available(*, deprecated)` is put on it (or on
    // LiftMiddleware's witness) here: the attribute only produces warnings, and tests use this call to
    // observe what a lifted middleware dispatches.
    func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>)
}

extension MiddlewareProtocol {
    /// Empty default, so middlewares only written against `handle` need not implement it.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {
    }
}

// MARK: - MiddlewareProtocol.lift

// The full lift plus every overload that omits one or two of its three arguments. Each overload keeps all
// three global generic parameters and pins the omitted one to the local type with a `where` clause, which is
// how SwiftRex 0.8 spells them; the omitted mapping becomes the identity.
extension MiddlewareProtocol {
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        LiftMiddleware(
            middleware: self,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateMap: stateMap
        )
    }

    // Omits inputAction.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalInputActionType == InputActionType {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    // Omits outputAction.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalOutputActionType == OutputActionType {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    // Omits state.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalStateType == StateType {
        lift(inputAction: inputActionMap, outputAction: outputActionMap, state: { $0 })
    }

    // Omits outputAction and state.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalOutputActionType == OutputActionType, GlobalStateType == StateType {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: { $0 })
    }

    // Omits inputAction and state.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalInputActionType == InputActionType, GlobalStateType == StateType {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: { $0 })
    }

    // Omits inputAction and outputAction.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self>
    where GlobalInputActionType == InputActionType, GlobalOutputActionType == OutputActionType {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}

// MARK: - LiftMiddleware

/// A middleware that speaks global types outside and runs `PartMiddleware` on local types inside.
/// Only `MiddlewareProtocol.lift` creates one (the initializer is internal, as in SwiftRex 0.8).
/// SwiftRex 0.8.8's `ElementIDAction` (Foundation/CollectionElementAction.swift): a top-level type whose name
/// ends in `Action`, which a lift file importing SwiftRex sees.
public struct ElementIDAction<ID: Hashable, Action> {
    public let id: ID
    public let action: Action

    public init(id: ID, action: Action) {
        self.id = id
        self.action = action
    }
}

public struct LiftMiddleware<
    GlobalInputActionType,
    GlobalOutputActionType,
    GlobalStateType,
    PartMiddleware: MiddlewareProtocol
>: MiddlewareProtocol {
    public typealias InputActionType = GlobalInputActionType
    public typealias OutputActionType = GlobalOutputActionType
    public typealias StateType = GlobalStateType

    private let partMiddleware: PartMiddleware
    private let inputActionMap: (GlobalInputActionType) -> PartMiddleware.InputActionType?
    private let outputActionMap: (PartMiddleware.OutputActionType) -> GlobalOutputActionType
    private let stateMap: (GlobalStateType) -> PartMiddleware.StateType

    init(
        middleware: PartMiddleware,
        inputActionMap: @escaping (GlobalInputActionType) -> PartMiddleware.InputActionType?,
        outputActionMap: @escaping (PartMiddleware.OutputActionType) -> GlobalOutputActionType,
        stateMap: @escaping (GlobalStateType) -> PartMiddleware.StateType
    ) {
        self.partMiddleware = middleware
        self.inputActionMap = inputActionMap
        self.outputActionMap = outputActionMap
        self.stateMap = stateMap
    }

    /// Forwards to the part with a state getter that maps the global state on every call (so the part always
    /// sees the latest state) and an output handler that wraps local actions into global ones.
    public func receiveContext(getState: @escaping GetState<GlobalStateType>, output: AnyActionHandler<GlobalOutputActionType>) {
        let stateMap = self.stateMap
        partMiddleware.receiveContext(
            getState: { stateMap(getState()) },
            output: output.contramap(outputActionMap)
        )
    }

    /// A global action the part does not handle (`inputActionMap` returns nil) yields `IO.pure()` without
    /// calling the part; otherwise the part handles the local action and its IO is mapped to global actions.
    public func handle(action: GlobalInputActionType, from dispatcher: ActionSource, state: @escaping GetState<GlobalStateType>)
        -> IO<GlobalOutputActionType> {
        guard let localAction = inputActionMap(action) else { return .pure() }
        let stateMap = self.stateMap
        return partMiddleware
            .handle(action: localAction, from: dispatcher, state: { stateMap(state()) })
            .map(outputActionMap)
    }
}

// MARK: - Store projection (views)

/// Callbacks for a `PublisherType` subscription; omitted callbacks do nothing.
public struct SubscriberType<Element, ErrorType: Error> {
    public let onValue: (Element) -> Void
    public let onCompleted: (ErrorType?) -> Void
    public let onSubscribe: (SubscriptionType) -> Void

    public init(
        onValue: ((Element) -> Void)? = nil,
        onCompleted: ((ErrorType?) -> Void)? = nil,
        onSubscribe: ((SubscriptionType) -> Void)? = nil
    ) {
        self.onValue = onValue ?? { _ in }
        self.onCompleted = onCompleted ?? { _ in }
        self.onSubscribe = onSubscribe ?? { _ in }
    }
}

public protocol SubscriptionType {
    func unsubscribe()
}

/// SwiftRex's reactive-framework-neutral publisher: a subscribe function.
public struct PublisherType<Element, ErrorType: Error> {
    public let subscribe: (SubscriberType<Element, ErrorType>) -> SubscriptionType

    public init(subscribe: @escaping (SubscriberType<Element, ErrorType>) -> SubscriptionType) {
        self.subscribe = subscribe
    }

    /// Subscribes upstream with a subscriber that transforms each value; completion and subscription
    /// callbacks pass through unchanged.
    public func map<NewElement>(_ transform: @escaping (Element) -> NewElement) -> PublisherType<NewElement, ErrorType> {
        let upstream = subscribe
        return PublisherType<NewElement, ErrorType> { subscriber in
            upstream(
                SubscriberType<Element, ErrorType>(
                    onValue: { subscriber.onValue(transform($0)) },
                    onCompleted: subscriber.onCompleted,
                    onSubscribe: subscriber.onSubscribe
                )
            )
        }
    }
}

public typealias UnfailablePublisherType<Element> = PublisherType<Element, Never>

public protocol StateProvider {
    associatedtype StateType
    var statePublisher: UnfailablePublisherType<StateType> { get }
}

public protocol StoreType: StateProvider, ActionHandler { }

/// Type-erased store. `dispatch(_:)` and `statePublisher` are public only because `StoreType` requires them.
public struct AnyStoreType<ActionType, StateType>: StoreType {
    private let action: (DispatchedAction<ActionType>) -> Void
    public let statePublisher: UnfailablePublisherType<StateType>

    public init(action: @escaping (DispatchedAction<ActionType>) -> Void, state: UnfailablePublisherType<StateType>) {
        self.action = action
        self.statePublisher = state
    }

    public init<S: StoreType>(_ store: S) where S.ActionType == ActionType, S.StateType == StateType {
        self.init(action: store.dispatch, state: store.statePublisher)
    }

    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        action(dispatchedAction)
    }
}

public typealias StoreProjection<ViewAction, ViewState> = AnyStoreType<ViewAction, ViewState>

extension StoreType {
    /// A view-sized store: view actions are mapped to store actions (nil drops the action; the original
    /// ActionSource is kept) and the view state is the store's state mapped.
    public func projection<ViewAction, ViewState>(
        action viewActionToGlobalAction: @escaping (ViewAction) -> ActionType?,
        state globalStateToViewState: @escaping (StateType) -> ViewState
    ) -> StoreProjection<ViewAction, ViewState> {
        StoreProjection<ViewAction, ViewState>(
            action: { dispatchedAction in
                guard let globalAction = viewActionToGlobalAction(dispatchedAction.action) else { return }
                self.dispatch(DispatchedAction(globalAction, dispatcher: dispatchedAction.dispatcher))
            },
            state: statePublisher.map(globalStateToViewState)
        )
    }
}

// MARK: - Semigroup and Monoid

/// A type whose values combine with `<>`: reducers, IOs, effect middlewares, readers of those.
public protocol Semigroup {
    static func <> (lhs: Self, rhs: Self) -> Self
}

/// A semigroup with a neutral element.
public protocol Monoid: Semigroup {
    static var identity: Self { get }
}

extension Reducer: Monoid { }

/// Runs both effects, `lhs` first.
public func <> <OutputActionType>(lhs: IO<OutputActionType>, rhs: IO<OutputActionType>) -> IO<OutputActionType> {
    IO { handler in
        lhs.run(handler)
        rhs.run(handler)
    }
}

// MARK: - MiddlewareReader (dependency injection)

/// A middleware waiting for its dependencies: `inject` makes the middleware.
public protocol MiddlewareReaderProtocol {
    associatedtype Dependencies
    associatedtype MiddlewareType: MiddlewareProtocol
    var inject: (Dependencies) -> MiddlewareType { get }
    init(inject: @escaping (Dependencies) -> MiddlewareType)
}

public struct MiddlewareReader<Dependencies, MiddlewareType: MiddlewareProtocol>: MiddlewareReaderProtocol {
    public let inject: (Dependencies) -> MiddlewareType

    public init(inject: @escaping (Dependencies) -> MiddlewareType) {
        self.inject = inject
    }
}

extension MiddlewareReaderProtocol {
    /// Lifts the middleware it makes, and takes its dependencies out of `GlobalDependencies`.
    public func lift<GlobalDependencies, GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> MiddlewareType.StateType,
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies
    ) -> MiddlewareReader<GlobalDependencies, LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>> {
        MiddlewareReader { globalDependencies in
            self.inject(dependenciesMap(globalDependencies))
                .lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
        }
    }

    /// Lifts the middleware it makes; the dependencies stay the same.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> MiddlewareType.InputActionType?,
        outputAction outputActionMap: @escaping (MiddlewareType.OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> MiddlewareType.StateType
    ) -> MiddlewareReader<Dependencies, LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, MiddlewareType>> {
        MiddlewareReader { dependencies in
            self.inject(dependencies).lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
        }
    }
}

extension MiddlewareReaderProtocol where MiddlewareType: Semigroup {
    /// Injects the same dependencies into both, then combines the middlewares.
    public static func <> (lhs: Self, rhs: Self) -> Self {
        .init { dependencies in
            lhs.inject(dependencies) <> rhs.inject(dependencies)
        }
    }
}

extension MiddlewareReader: Semigroup where MiddlewareType: Semigroup { }
