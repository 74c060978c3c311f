/// The pullbacks of the feedback libraries, which give each feature its own `Event` enum and pull a
/// feature's reducer, feedback or store back to the root event (their word for a lift), at any depth in
/// one call, through the generated conversions.
enum FeedbackLifts {
    /// A reducer that is a plain function, `(inout State, Event) -> Void`: what both CombineFeedback 0.7.0
    /// and ReactiveFeedback call `Reducer`. Framework-neutral, so it is written once for both.
    static func functionReducerSection(for root: RootPlan) -> LiftFrameworkSection {
        let names = LiftNames(root)
        return LiftFrameworkSection(module: nil, functions: [
            LiftFunction(
                documentation: "Runs `reducer` on its own events inside `\(names.rootName)`, on the part of `GlobalState` at "
                    + "`state`: a `Reducer` of CombineFeedback 0.7.0 or ReactiveFeedback pulled back in one call.",
                access: names.access, name: names.pullback,
                genericParameters: ["LocalState", "GlobalState", "LocalEvent: \(names.protocolName)"],
                parameters: ["_ reducer: @escaping (inout LocalState, LocalEvent) -> Swift.Void",
                             "state: Swift.WritableKeyPath<GlobalState, LocalState>"],
                returnType: "(inout GlobalState, \(names.rootType)) -> Swift.Void",
                body: ["{ globalState, globalEvent in",
                       "    guard let localEvent = LocalEvent(\(names.camel): globalEvent) else { return }",
                       "    reducer(&globalState[keyPath: state], localEvent)",
                       "}"]),
        ], extensions: [])
    }
}

/// CombineFeedback: a swift-case-paths 0.x `CasePath` from the root to every node, built from the generated
/// embed and extract (no reflection), and one-call pullbacks for the API the user has (see
/// `CombineFeedbackAPI`): feedbacks on the release, reducers, feedbacks and scoped stores on master.
enum CombineFeedbackLifts {
    static func section(for root: RootPlan, api: CombineFeedbackAPI) -> LiftFrameworkSection {
        let names = LiftNames(root)
        let casePath = LiftExtension(extendedType: names.protocolName, constraints: [], functions: [
            LiftFunction(
                documentation: "The case path from `\(names.rootName)` to this event, built from the generated conversions "
                    + "(no reflection): what CombineFeedback's `pullback` takes.",
                access: names.access, keyword: "static var", name: names.casePath,
                returnType: "CasePaths.CasePath<\(names.rootType), Self>",
                body: ["CasePaths.CasePath(embed: { $0.\(names.camel) }, extract: { Self(\(names.camel): $0) })"]),
        ])
        let extensions: [LiftExtension]
        switch api {
        case .release: extensions = [casePath, releaseFeedback(names)]
        case .master: extensions = [casePath, masterReducer(names), masterFeedback(names), masterStore(names)]
        }
        return LiftFrameworkSection(module: "CombineFeedback", imports: ["CombineFeedback", "CasePaths"],
                                    extensions: extensions)
    }

    private static func releaseFeedback(_ names: LiftNames) -> LiftExtension {
        LiftExtension(extendedType: "CombineFeedback.Feedback", constraints: ["Event: \(names.protocolName)"], functions: [
            LiftFunction(
                documentation: "This feedback on the part of `GlobalState` at `state`, its events wrapped into `\(names.rootName)`.",
                access: names.access, name: names.pullback, genericParameters: ["GlobalState"],
                parameters: ["state: Swift.KeyPath<GlobalState, State>"],
                returnType: "CombineFeedback.Feedback<GlobalState, \(names.rootType)>",
                body: ["CombineFeedback.Feedback<GlobalState, \(names.rootType)>.pullback(feedback: self, value: state, "
                    + "event: { $0.\(names.camel) })"]),
        ])
    }

    private static func masterReducer(_ names: LiftNames) -> LiftExtension {
        LiftExtension(extendedType: "CombineFeedback.Reducer", constraints: ["Event: \(names.protocolName)"], functions: [
            LiftFunction(
                documentation: "Runs this reducer on its own events inside `\(names.rootName)`, on the part of `GlobalState` at `state`.",
                access: names.access, name: names.pullback, genericParameters: ["GlobalState"],
                parameters: ["state: Swift.WritableKeyPath<GlobalState, State>"],
                returnType: "CombineFeedback.Reducer<GlobalState, \(names.rootType)>",
                body: ["pullback(state: state, event: Event.\(names.casePath))"]),
        ])
    }

    private static func masterFeedback(_ names: LiftNames) -> LiftExtension {
        let documentation = "This feedback on the part of `GlobalState` at `state`, its events wrapped into `\(names.rootName)`"
        return LiftExtension(extendedType: "CombineFeedback.Feedback", constraints: ["Event: \(names.protocolName)"], functions: [
            LiftFunction(
                documentation: documentation + ".", access: names.access, name: names.pullback,
                genericParameters: ["GlobalState"], parameters: ["state: Swift.KeyPath<GlobalState, State>"],
                returnType: "CombineFeedback.Feedback<GlobalState, \(names.rootType), Dependency>",
                body: ["pullback(state: state, event: Event.\(names.casePath), dependency: { $0 })"]),
            LiftFunction(
                documentation: documentation + ", its dependency taken from `GlobalDependency`.", access: names.access,
                name: names.pullback, genericParameters: ["GlobalState", "GlobalDependency"],
                parameters: ["state: Swift.KeyPath<GlobalState, State>",
                             "dependency: @escaping (GlobalDependency) -> Dependency"],
                returnType: "CombineFeedback.Feedback<GlobalState, \(names.rootType), GlobalDependency>",
                body: ["pullback(state: state, event: Event.\(names.casePath), dependency: dependency)"]),
        ])
    }

    private static func masterStore(_ names: LiftNames) -> LiftExtension {
        LiftExtension(extendedType: "CombineFeedback.Store", constraints: ["Event == \(names.rootType)"], functions: [
            LiftFunction(
                documentation: "A store for a view of the state at `scope` that sends `LocalEvent`s.",
                access: names.access, name: "scoped", genericParameters: ["LocalState", "LocalEvent: \(names.protocolName)"],
                parameters: ["to scope: Swift.WritableKeyPath<State, LocalState>", "event: LocalEvent.Type"],
                returnType: "CombineFeedback.Store<LocalState, LocalEvent>",
                body: ["scoped(to: scope, event: { $0.\(names.camel) })"]),
        ])
    }
}

/// ReactiveFeedback 0.10: feedbacks (`FeedbackLoop.Feedback`) and store views pulled back in one call; its
/// reducer, a plain function, is `FeedbackLifts.functionReducerSection`.
enum ReactiveFeedbackLifts {
    static func section(for root: RootPlan) -> LiftFrameworkSection {
        let names = LiftNames(root)
        return LiftFrameworkSection(module: "ReactiveFeedback", extensions: [
            LiftExtension(extendedType: "ReactiveFeedback.FeedbackLoop.Feedback", constraints: ["Event: \(names.protocolName)"], functions: [
                LiftFunction(
                    documentation: "This feedback on the part of `GlobalState` at `state`, its events wrapped into `\(names.rootName)`.",
                    access: names.access, name: names.pullback, genericParameters: ["GlobalState"],
                    parameters: ["state: Swift.KeyPath<GlobalState, State>"],
                    returnType: "ReactiveFeedback.FeedbackLoop<GlobalState, \(names.rootType)>.Feedback",
                    body: ["ReactiveFeedback.FeedbackLoop<GlobalState, \(names.rootType)>.Feedback.pullback(feedback: self, "
                        + "value: state, event: { $0.\(names.camel) })"]),
            ]),
            LiftExtension(extendedType: "ReactiveFeedback.Store", constraints: ["Event == \(names.rootType)"], functions: [
                LiftFunction(
                    documentation: "A store for a view of the state at `value` that sends `LocalEvent`s.",
                    access: names.access, name: "view", genericParameters: ["LocalState", "LocalEvent: \(names.protocolName)"],
                    parameters: ["value: Swift.KeyPath<State, LocalState>", "event: LocalEvent.Type"],
                    returnType: "ReactiveFeedback.Store<LocalState, LocalEvent>",
                    body: ["view(value: value, event: { $0.\(names.camel) })"]),
            ]),
        ])
    }
}
