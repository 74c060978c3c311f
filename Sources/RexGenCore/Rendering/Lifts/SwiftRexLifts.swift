/// What SwiftRex 0.8 users lift, one call each: reducers, middlewares, middleware readers (dependencies
/// injected afterwards), store projections, and the `EffectMiddleware` of CombineRex, RxSwiftRex and
/// ReactiveSwiftRex, which stays an `EffectMiddleware` (a `Semigroup`, so lifted ones still combine with
/// `<>`). Every function is built on the library's own `lift`, so it behaves exactly as that does.
enum SwiftRexLifts {
    /// The modules that define `EffectMiddleware`, each with the same API; CombineRex's needs Combine's
    /// availability on Apple platforms.
    static let effectModules: [(module: String, attributes: [String])] = [
        ("CombineRex", ["@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)"]),
        ("RxSwiftRex", []),
        ("ReactiveSwiftRex", []),
    ]

    static func sections(for root: RootPlan) -> [LiftFrameworkSection] {
        let names = LiftNames(root)
        let core = LiftFrameworkSection(module: "SwiftRex", extensions: [reducer(names)] + middlewares(names)
            + readers(names) + [storeProjection(names)])
        return [core] + effectModules.map { module, attributes in
            LiftFrameworkSection(module: module, extensions: effectMiddlewares(names, module: module, attributes: attributes))
        }
    }

    /// The two ways a middleware's output reaches the root: wrapped back into it, or never (`Never`).
    private struct OutputShape {
        var constraint: (String) -> String
        var map: String
        var phrase: String
    }

    private static func outputShapes(_ names: LiftNames) -> [OutputShape] {
        [
            OutputShape(constraint: { "\($0)OutputActionType: \(names.protocolName)" }, map: "{ $0.\(names.camel) }",
                        phrase: "its output wrapped back into `\(names.rootName)`"),
            // A closure whose single expression is `Never` fits any return type, and unlike `switch $0 {}`
            // draws no "will never be executed" warning.
            OutputShape(constraint: { "\($0)OutputActionType == Swift.Never" }, map: "{ $0 }", phrase: "for middlewares that never dispatch"),
        ]
    }

    private static func reducer(_ names: LiftNames) -> LiftExtension {
        LiftExtension(extendedType: "SwiftRex.Reducer", constraints: ["ActionType: \(names.protocolName)"], functions: [
            LiftFunction(
                documentation: "Runs this reducer on its own actions inside `\(names.rootName)`, on the part of `GlobalState` at `state`.",
                access: names.access, name: names.lift, genericParameters: ["GlobalState"],
                parameters: ["state: Swift.WritableKeyPath<GlobalState, StateType>"],
                returnType: "SwiftRex.Reducer<\(names.rootType), GlobalState>",
                body: ["lift(", "    actionGetter: { ActionType(\(names.camel): $0) },",
                       "    stateGetter: { $0[keyPath: state] },", "    stateSetter: { $0[keyPath: state] = $1 }", ")"]),
            LiftFunction(
                documentation: "Runs this reducer on its own actions inside `\(names.rootName)`, on the same state.",
                access: names.access, name: names.lift, returnType: "SwiftRex.Reducer<\(names.rootType), StateType>",
                body: ["lift(actionGetter: { ActionType(\(names.camel): $0) }, stateGetter: { $0 }, stateSetter: { $0 = $1 })"]),
        ])
    }

    /// `MiddlewareProtocol` and `EffectMiddleware` alike: with a state mapping, on the same state, and, for
    /// a middleware that reads no state (`StateType == Void`), into any global state without a mapping.
    private static func middlewares(_ names: LiftNames) -> [LiftExtension] {
        outputShapes(names).flatMap { shape in
            middlewareExtensions(names, shape: shape, extendedType: "SwiftRex.MiddlewareProtocol", attributes: [],
                                 result: { "SwiftRex.LiftMiddleware<\(names.rootType), \(names.rootType), \($0), Self>" })
        }
    }

    private static func effectMiddlewares(_ names: LiftNames, module: String, attributes: [String]) -> [LiftExtension] {
        // Qualified by module: an app that can import two of them must not find the name ambiguous.
        let type = "\(module).EffectMiddleware"
        return outputShapes(names).flatMap { shape in
            middlewareExtensions(names, shape: shape, extendedType: type, attributes: attributes,
                                 result: { "\(type)<\(names.rootType), \(names.rootType), \($0), Dependencies>" })
        }
    }

    private static func middlewareExtensions(_ names: LiftNames, shape: OutputShape, extendedType: String, attributes: [String],
                                             result: (String) -> String) -> [LiftExtension] {
        let constraints = ["InputActionType: \(names.protocolName)", shape.constraint("")]
        let call = { (state: String) in
            "lift(inputAction: { InputActionType(\(names.camel): $0) }, outputAction: \(shape.map), state: \(state))"
        }
        let subject = "Receives its own actions from `\(names.rootName)`, \(shape.phrase)"
        return [
            LiftExtension(attributes: attributes, extendedType: extendedType, constraints: constraints, functions: [
                LiftFunction(documentation: "\(subject); `state` may be a key path.", access: names.access,
                             name: names.lift, genericParameters: ["GlobalState"],
                             parameters: ["state: @escaping (GlobalState) -> StateType"],
                             returnType: result("GlobalState"), body: [call("state")]),
                LiftFunction(documentation: "\(subject), on the same state.", access: names.access, name: names.lift,
                             returnType: result("StateType"), body: [call("{ $0 }")]),
            ]),
            LiftExtension(attributes: attributes, extendedType: extendedType, constraints: constraints + ["StateType == Swift.Void"],
                          functions: [
                LiftFunction(documentation: "\(subject), in any global state: it reads none.", access: names.access,
                             name: names.lift, genericParameters: ["GlobalState"], returnType: result("GlobalState"),
                             body: [call("{ (_: GlobalState) in () }")]),
            ]),
        ]
    }

    /// `MiddlewareReaderProtocol`: the reader's own `lift`, so the result is still a reader and `inject`
    /// comes last; each shape with and without a `dependencies:` mapping.
    private static func readers(_ names: LiftNames) -> [LiftExtension] {
        outputShapes(names).flatMap { shape -> [LiftExtension] in
            let constraints = ["MiddlewareType.InputActionType: \(names.protocolName)", shape.constraint("MiddlewareType.")]
            let result = { (dependencies: String, state: String) in
                "SwiftRex.MiddlewareReader<\(dependencies), SwiftRex.LiftMiddleware<\(names.rootType), \(names.rootType), \(state), MiddlewareType>>"
            }
            let call = { (state: String, dependencies: Bool) in
                "lift(inputAction: { MiddlewareType.InputActionType(\(names.camel): $0) }, outputAction: \(shape.map), "
                    + "state: \(state)\(dependencies ? ", dependencies: dependencies" : ""))"
            }
            let subject = "A reader of this middleware receiving its own actions from `\(names.rootName)`, \(shape.phrase)"
            let dependencies = "dependencies: @escaping (GlobalDependencies) -> Dependencies"
            let withDependencies = "; its dependencies are taken from `GlobalDependencies`"
            func function(_ documentation: String, generics: [String], parameters: [String], result: String,
                          state: String) -> LiftFunction {
                LiftFunction(documentation: documentation, access: names.access, name: names.lift,
                             genericParameters: generics, parameters: parameters, returnType: result,
                             body: [call(state, parameters.contains(dependencies))])
            }
            let stateParameter = "state: @escaping (GlobalState) -> MiddlewareType.StateType"
            return [
                LiftExtension(extendedType: "SwiftRex.MiddlewareReaderProtocol", constraints: constraints, functions: [
                    function("\(subject); `state` may be a key path.", generics: ["GlobalState"],
                             parameters: [stateParameter], result: result("Dependencies", "GlobalState"), state: "state"),
                    function("\(subject)\(withDependencies); `state` may be a key path.",
                             generics: ["GlobalState", "GlobalDependencies"], parameters: [stateParameter, dependencies],
                             result: result("GlobalDependencies", "GlobalState"), state: "state"),
                    function("\(subject), on the same state.", generics: [], parameters: [],
                             result: result("Dependencies", "MiddlewareType.StateType"), state: "{ $0 }"),
                    function("\(subject), on the same state\(withDependencies).", generics: ["GlobalDependencies"],
                             parameters: [dependencies], result: result("GlobalDependencies", "MiddlewareType.StateType"),
                             state: "{ $0 }"),
                ]),
                LiftExtension(extendedType: "SwiftRex.MiddlewareReaderProtocol",
                              constraints: constraints + ["MiddlewareType.StateType == Swift.Void"], functions: [
                    function("\(subject), in any global state: it reads none.", generics: ["GlobalState"], parameters: [],
                             result: result("Dependencies", "GlobalState"), state: "{ (_: GlobalState) in () }"),
                    function("\(subject), in any global state: it reads none\(withDependencies).",
                             generics: ["GlobalState", "GlobalDependencies"], parameters: [dependencies],
                             result: result("GlobalDependencies", "GlobalState"), state: "{ (_: GlobalState) in () }"),
                ]),
            ]
        }
    }

    private static func storeProjection(_ names: LiftNames) -> LiftExtension {
        LiftExtension(extendedType: "SwiftRex.StoreType", constraints: ["ActionType == \(names.rootType)"], functions: [
            LiftFunction(documentation: "A store for a view that sends `ViewAction`s and reads `ViewState`.",
                         access: names.access, name: "projection",
                         genericParameters: ["ViewAction: \(names.protocolName)", "ViewState"],
                         parameters: ["for viewAction: ViewAction.Type", "state: @escaping (StateType) -> ViewState"],
                         returnType: "SwiftRex.StoreProjection<ViewAction, ViewState>",
                         body: ["projection(action: { $0.\(names.camel) }, state: state)"]),
        ])
    }
}

/// The names every lift of one root uses.
struct LiftNames {
    /// The access keyword of the generated members.
    var access: String
    /// The root as generated code writes it: its alias (`_AppActionConvertibleRoot`), which nothing in the
    /// extensions' generic contexts can shadow.
    var rootType: String
    /// The root as declared (`App.Action`), for documentation.
    var rootName: String
    var protocolName: String
    /// `appAction`: the conversion's initializer label and property.
    var camel: String
    /// `liftToAppAction`.
    var lift: String
    /// `pullbackToAppEvent`, the feedback libraries' word.
    var pullback: String
    /// `appEventCasePath`: a node's case path from the root.
    var casePath: String

    init(_ root: RootPlan) {
        access = root.access.memberKeyword
        rootType = root.aliasName
        rootName = root.declaration.qualifiedNameForExtension
        protocolName = root.protocolName
        camel = root.camelName
        lift = "liftTo\(root.joinedName)"
        pullback = "pullbackTo\(root.joinedName)"
        casePath = "\(root.camelName)CasePath"
    }
}
