/// What the lift file holds for Reactor (DESIGN.md's "Output 3"): the forwarding of every composite state
/// of the sources, and `liftToState` for middlewares written for a sub-state.
public struct ReactorPlan: Sendable {
    /// The generic middleware `liftToState` returns, internal to the module that generates it, so two modules
    /// that both do never make a call ambiguous.
    public static let middlewareLiftTypeName = "StateLiftedMiddleware"

    public var composites: [CompositeStatePlan]
    /// False when a type of the sources is named `middlewareLiftTypeName`.
    public var liftsMiddlewares = true
}

/// A state of the sources holding other states: a struct whose stored properties are states, or an enum
/// whose cases carry states.
public struct CompositeStatePlan: Sendable {
    public var declaration: ReactorStateDeclaration
    /// The struct's effective access, at most `public`: what the generated members are declared with.
    public var access = AccessLevel.internal
    /// The state declares no `react(to:)`: RexGen writes it, calling `reactSubstates(to:)`.
    public var generatesReact = false
    /// A struct's forwarded properties, in declaration order.
    public var properties: [ForwardedProperty] = []
    /// An enum's cases, each of them, so the switch needs no `default` (one that could never run would warn);
    /// a case left out (one marked `@available`) makes `hasDefault` true instead.
    public var cases: [StateCasePlan] = []
    public var hasDefault = false
}

/// How a sub-state is held, which decides how an event reaches it.
public enum SubstateShape: String, Sendable, Hashable {
    /// `Player`
    case plain
    /// `Player?`, `Optional<Player>`: reacts when it is there.
    case optional
    /// `[Monster]`, `Array<Monster>`: every element reacts.
    case array
    /// `[String: Monster]`, `Dictionary<String, Monster>`: every value reacts.
    case dictionaryValues
}

public struct ForwardedProperty: Sendable, Hashable {
    public var name: String
    public var shape: SubstateShape
    /// The property's `#if` clauses inside the struct's body.
    public var ifConfig: [IfConfigClause]
}

/// One case of an enum state in the generated `switch`.
public struct StateCasePlan: Sendable, Hashable {
    public var name: String
    public var ifConfig: [IfConfigClause]
    /// Each payload element's label and, for a sub-state, its shape; nil when the case forwards nothing
    /// (`case .menu: break`).
    public var payload: [PayloadElement]?

    public struct PayloadElement: Sendable, Hashable {
        public var label: String?
        /// nil: not a state, bound with `let` and put back as it was.
        public var shape: SubstateShape?
    }
}
