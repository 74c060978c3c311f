// EffectMiddleware.swift — STAND-IN for the `EffectMiddleware` of SwiftRex 0.8's CombineRex, RxSwiftRex and
// ReactiveSwiftRex modules, which declare it with the same API. RexGen's tests build this one file three
// times, as modules named CombineRex, RxSwiftRex and ReactiveSwiftRex, each on the SwiftRex stand-in
// (SwiftRex.swift). Real apps depend on SwiftRex itself.
//
// Written from SwiftRex 0.8.8's CombineRex sources (Effect/EffectMiddleware.swift, EffectMiddleware+Lift.swift,
// Effect.swift). What generated code calls is kept to the real signatures: the class, its `lift` overloads,
// `Semigroup`/`Monoid` and `onAction`. `Effect` is the one simplification: the real one wraps a Combine
// (RxSwift, ReactiveSwift) publisher; this one holds the actions to dispatch and runs synchronously, so a
// test can see everything a middleware dispatched. Only the `Effect` members the test drivers use are here.

@_exported import SwiftRex

// MARK: - Effect

/// What a middleware's `onAction` answers: actions to dispatch later, perhaps using the dependencies.
public struct Effect<Dependencies, OutputAction> {
    public typealias Context = (dependencies: Dependencies, toCancel: (AnyHashable) -> Void)

    let run: ((Context) -> [DispatchedAction<OutputAction>])?

    public var doesSomething: Bool { run != nil }

    public static var doNothing: Effect { Effect(run: nil) }

    /// One action, worked out from the dependencies when the effect runs.
    public static func just(_ upstream: @escaping (Context) -> OutputAction) -> Effect<Dependencies, OutputAction> {
        Effect { context in [DispatchedAction(upstream(context), dispatcher: .here())] }
    }

    public static func just(_ value: OutputAction, from dispatcher: ActionSource) -> Effect {
        Effect { _ in [DispatchedAction(value, dispatcher: dispatcher)] }
    }

    public static func fireAndForget(_ operation: @escaping (Context) -> Void) -> Effect<Dependencies, OutputAction> {
        Effect { context in
            operation(context)
            return []
        }
    }

    public func map<NewOutputAction>(_ transform: @escaping (OutputAction) -> NewOutputAction) -> Effect<Dependencies, NewOutputAction> {
        Effect<Dependencies, NewOutputAction>(run: run.map { run in { context in run(context).map { $0.map(transform) } } })
    }
}

// MARK: - EffectMiddleware

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public typealias SimpleEffectMiddleware<Action, State> = EffectMiddleware<Action, Action, State, Void>

/// A middleware that answers each action with an `Effect`, run with its dependencies.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public final class EffectMiddleware<InputActionType, OutputActionType, StateType, Dependencies>: MiddlewareProtocol {
    private let actionHandler: (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    let dependencies: Dependencies

    // Internal, as in SwiftRex: `onAction` and `lift` make them.
    init(dependencies: Dependencies,
         onAction: @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<Dependencies, OutputActionType>) {
        self.dependencies = dependencies
        self.actionHandler = { action, dispatcher, state in
            IO { output in
                let effect = onAction(action, dispatcher, state)
                for dispatched in effect.run?((dependencies: dependencies, toCancel: { _ in })) ?? [] {
                    output.dispatch(dispatched.action, from: dispatched.dispatcher)
                }
            }
        }
    }

    init(dependencies: Dependencies,
         actionHandler: @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>) {
        self.dependencies = dependencies
        self.actionHandler = actionHandler
    }

    public func handle(action: InputActionType, from dispatcher: ActionSource, state: @escaping GetState<StateType>)
        -> IO<OutputActionType> {
        actionHandler(action, dispatcher, state)
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension EffectMiddleware {
    public static func onAction(
        do onAction: @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<Dependencies, OutputActionType>
    ) -> MiddlewareReader<Dependencies, EffectMiddleware> {
        MiddlewareReader { dependencies in
            EffectMiddleware(dependencies: dependencies, onAction: onAction)
        }
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension EffectMiddleware where Dependencies == Void {
    public static func onAction(
        do onAction: @escaping (InputActionType, ActionSource, @escaping GetState<StateType>) -> Effect<Dependencies, OutputActionType>
    ) -> EffectMiddleware<InputActionType, OutputActionType, StateType, Dependencies> {
        EffectMiddleware(dependencies: (), onAction: onAction)
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension EffectMiddleware: Semigroup {
    public static func <> (lhs: EffectMiddleware, rhs: EffectMiddleware) -> EffectMiddleware {
        EffectMiddleware(dependencies: lhs.dependencies, actionHandler: { action, dispatcher, getState in
            lhs.handle(action: action, from: dispatcher, state: getState)
                <> rhs.handle(action: action, from: dispatcher, state: getState)
        })
    }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension EffectMiddleware: Monoid where Dependencies == Void {
    public static var identity: EffectMiddleware<InputActionType, OutputActionType, StateType, Dependencies> {
        Self.onAction { _, _, _ in .doNothing }
    }
}

// MARK: - EffectMiddleware.lift (EffectMiddleware+Lift.swift)

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension EffectMiddleware {
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Dependencies> {
        EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Dependencies>(
            dependencies: self.dependencies,
            actionHandler: { globalInputAction, dispatcher, globalState -> IO<GlobalOutputActionType> in
                guard let localInputAction = inputActionMap(globalInputAction) else { return .pure() }
                return self.handle(action: localInputAction, from: dispatcher, state: { stateMap(globalState()) })
                    .map(outputActionMap)
            }
        )
    }

    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: outputActionMap, state: { $0 })
    }

    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?
    ) -> EffectMiddleware<GlobalInputActionType, OutputActionType, StateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: { $0 })
    }

    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> EffectMiddleware<InputActionType, GlobalOutputActionType, StateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: { $0 })
    }

    public func lift<GlobalStateType>(
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<InputActionType, OutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
