/// The top-level types of the modules the lift file imports for each framework, read from their sources
/// (SwiftRex 0.8.8 and CombineRex, whose RxSwiftRex and ReactiveSwiftRex twins declare the same names;
/// CombineFeedback master and 0.7.0; ReactiveFeedback 0.10.0; Reactor 1.0.0). In the lift file such a name
/// means the framework's type: a module named `Reducer` cannot qualify `Reducer.Event` there, and another
/// module's enum named `Event` must be written with its module beside Reactor's `Event`.
/// `Scripts/check-reference-apis.sh` checks the lists against the sources in `../shared/reference-apis`.
enum FrameworkNames {
    static let swiftRex: Set<Substring> = [
        "ActionHandler", "ActionSource", "AfterReducer", "AnyActionHandler", "AnyMiddleware", "AnyStateProvider",
        "AnyStoreType", "ComposedMiddleware", "DispatchedAction", "ElementIDAction", "ElementIndexAction", "GetState",
        "IO", "IdentityMiddleware", "LiftMiddleware", "Middleware", "MiddlewareProtocol", "MiddlewareReader",
        "MiddlewareReaderProtocol", "Monoid", "MutableReduceFunction", "PublisherType", "ReduceFunction", "Reducer",
        "ReduxPipelineWrapper", "ReduxStoreBase", "ReduxStoreProtocol", "ReplayLastSubjectType", "Semigroup",
        "ShouldEmitValue", "StateProvider", "StoreProjection", "StoreType", "SubjectType", "SubscriberType",
        "SubscriptionCollection", "SubscriptionType", "UnfailablePublisherType", "UnfailableReplayLastSubjectType",
        "UnfailableSubject", "UnfailableSubscriberType",
        // CombineRex (and RxSwiftRex, ReactiveSwiftRex)
        "Effect", "EffectMiddleware", "FireAndForget", "ObservableViewModel", "SimpleEffectMiddleware",
        "SymmetricalEffectMiddleware",
    ]
    /// The modules that declare them.
    static let modules: Set<Substring> = [
        "SwiftRex", "CombineRex", "RxSwiftRex", "ReactiveSwiftRex", "CombineFeedback", "ReactiveFeedback", "Reactor",
    ]
    static let combineFeedback: Set<Substring> = ["Atomic", "Feedback", "FeedbackEventConsumer", "Reducer", "Store"]
    static let reactiveFeedback: Set<Substring> = ["Context", "Feedback", "FeedbackEventConsumer", "FeedbackLoop", "Reducer", "Store"]
    static let reactor: Set<Substring> = [
        "AnyMiddleware", "AnySubscriber", "Command", "Core", "Event", "Middleware", "Middlewares", "State", "Subscriber",
        "Subscription",
    ]

    /// The names the lift file of `frameworks` sees besides the sources' and the tree's modules'.
    static func declared(by frameworks: LiftSelection) -> Set<Substring> {
        var names = Set<Substring>()
        for framework in frameworks.frameworks {
            switch framework {
            case .swiftRex: names.formUnion(swiftRex)
            case .combineFeedback: names.formUnion(combineFeedback)
            case .reactiveFeedback: names.formUnion(reactiveFeedback)
            case .reactor: names.formUnion(reactor)
            }
        }
        return names
    }
}
