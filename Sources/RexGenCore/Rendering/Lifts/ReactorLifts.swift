/// Reactor's part of the lift file (DESIGN.md's "Output 3"), inside `#if canImport(Reactor)`: the generic
/// `liftToState` for middlewares, then each composite state's `reactSubstates(to:)` (and `react(to:)` when
/// the state declares none).
///
/// Every name is one no user type can take over in that code: Reactor's protocols are written
/// `Reactor.State`, `Reactor.Event` and `Reactor.Middleware` (apps name types `State` and `Event` too, as
/// Reactor's README warns), the standard library's `Swift.KeyPath`, and a composite's members are reached
/// through `self.`, so a property named `event` is not the parameter.
public enum ReactorLifts {
    /// The middleware lift: generic, and `internal`, so two modules that both generate it never make an
    /// app's call ambiguous. `Templates/ActionLifts.stencil` holds the same lines.
    public static let middlewareLiftLines = [
        "/// A middleware written for a part of the state, run by a `Core` whose state is `Root`: Reactor's `Core` runs",
        "/// a middleware only when its `StateType` is the core's, and skips any other without a word.",
        "struct \(ReactorPlan.middlewareLiftTypeName)<Root, Lifted: Reactor.Middleware>: Reactor.Middleware {",
        "    typealias StateType = Root",
        "",
        "    /// The middleware of the part.",
        "    let lifted: Lifted",
        "    /// The part of the root state, or nil when an optional part is not there.",
        "    let subState: (Root) -> Lifted.StateType?",
        "",
        "    func process(event: Reactor.Event, state: Root) {",
        "        guard let subState = subState(state) else { return }",
        "        lifted.process(event: event, state: subState)",
        "    }",
        "}",
        "",
        "extension Reactor.Middleware {",
        "    /// This middleware, run by a `Core` whose state is `Root`, on the part of it at `subState`.",
        "    func liftToState<Root>(_ subState: Swift.KeyPath<Root, StateType>) -> \(ReactorPlan.middlewareLiftTypeName)<Root, Self> {",
        "        \(ReactorPlan.middlewareLiftTypeName)(lifted: self, subState: { $0[keyPath: subState] })",
        "    }",
        "",
        "    /// This middleware, run by a `Core` whose state is `Root`, on the optional part of it at `subState`",
        "    /// when that part is there.",
        "    func liftToState<Root>(_ subState: Swift.KeyPath<Root, StateType?>) -> \(ReactorPlan.middlewareLiftTypeName)<Root, Self> {",
        "        \(ReactorPlan.middlewareLiftTypeName)(lifted: self, subState: { $0[keyPath: subState] })",
        "    }",
        "}",
    ]

    /// One composite state's extension, as plain values a template can write too.
    public struct CompositeSection: Sendable, Equatable {
        /// The state's `@available`s, and those of the types around it, on its extension (`ExtensionAvailability`).
        public var attributes: [String]
        public var typeName: String
        public var access: String
        public var ifConfig: [IfConfigClause]
        public var generatesReact: Bool
        /// `reactSubstates(to:)`'s body: one block per sub-state (or case), under its `#if` clauses, and for an
        /// enum the `switch` around them.
        public var body: [Block]
    }

    /// Lines of a body, without its indentation, and the `#if` clauses around them.
    public struct Block: Sendable, Equatable {
        public var ifConfig: [IfConfigClause] = []
        public var lines: [String]
    }

    public static func compositeSections(_ plan: ReactorPlan) -> [CompositeSection] {
        plan.composites.map { composite in
            let body: [Block]
            if composite.declaration.kind == .enum {
                body = [Block(lines: ["switch self {"])]
                    + composite.cases.map { Block(ifConfig: $0.ifConfig, lines: caseLines($0)) }
                    + [Block(lines: composite.hasDefault ? ["default:", "    break", "}"] : ["}"])]
            } else {
                body = composite.properties.map { property in
                    Block(ifConfig: property.ifConfig,
                          lines: forwardingLines(to: "self." + SwiftNames.escaped(property.name), shape: property.shape))
                }
            }
            return CompositeSection(
                attributes: ExtensionAvailability.attributes(merging: composite.declaration.attributes),
                typeName: SwiftNames.extensionName(composite.declaration.qualifiedNameComponents),
                access: composite.access.memberKeyword, ifConfig: composite.declaration.ifConfig,
                generatesReact: composite.generatesReact, body: body)
        }
    }

    /// How `event` reaches the sub-state at `place`, held in `shape`.
    static func forwardingLines(to place: String, shape: SubstateShape) -> [String] {
        switch shape {
        case .plain: ["\(place).react(to: event)"]
        case .optional: ["\(place)?.react(to: event)"]
        case .array: ["for index in \(place).indices {", "    \(place)[index].react(to: event)", "}"]
        case .dictionaryValues: ["for key in \(place).keys {", "    \(place)[key]?.react(to: event)", "}"]
        }
    }

    /// `case .battle(var value0, let value1):`, the sub-states' reactions, and the case put back with them.
    private static func caseLines(_ stateCase: StateCasePlan) -> [String] {
        let name = "." + SwiftNames.escaped(stateCase.name)
        guard let payload = stateCase.payload else { return ["case \(name):", "    break"] }
        let bindings = payload.indices.map { (payload[$0].shape == nil ? "let " : "var ") + "value\($0)" }
        let arguments = payload.indices.map { index in
            (payload[index].label.map { SwiftNames.label($0) + ": " } ?? "") + "value\(index)"
        }
        var lines = ["case \(name)(\(bindings.joined(separator: ", "))):"]
        for (index, element) in payload.enumerated() {
            guard let shape = element.shape else { continue }
            lines += forwardingLines(to: "value\(index)", shape: shape).map { "    " + $0 }
        }
        lines.append("    self = \(name)(\(arguments.joined(separator: ", ")))")
        return lines
    }

    /// The section as the lift file holds it, starting with a blank line.
    static func write(_ plan: ReactorPlan, to writer: inout SwiftCodeWriter) {
        writer.line()
        writer.line("// MARK: - Reactor")
        writer.line()
        writer.line("#if canImport(Reactor)")
        if plan.liftsMiddlewares { middlewareLiftLines.forEach { writer.line($0) } }
        for (index, section) in compositeSections(plan).enumerated() {
            if index > 0 || plan.liftsMiddlewares { writer.line() }
            writer.conditionally(section.ifConfig) { writer in
                section.attributes.forEach { writer.line($0) }
                writer.line("extension \(section.typeName) {")
                writer.indented { writer in
                    writer.line("/// Forwards `event` to every sub-state, in declaration order.")
                    writer.line("\(section.access) mutating func reactSubstates(to event: Reactor.Event) {")
                    writer.indented { writer in
                        for block in section.body {
                            writer.conditionally(block.ifConfig) { writer in block.lines.forEach { writer.line($0) } }
                        }
                    }
                    writer.line("}")
                    if section.generatesReact {
                        writer.line()
                        writer.line("/// Reactor's `State` requirement: every sub-state reacts to `event`.")
                        writer.line("\(section.access) mutating func react(to event: Reactor.Event) {")
                        writer.line("    self.reactSubstates(to: event)")
                        writer.line("}")
                    }
                }
                writer.line("}")
            }
        }
        writer.line("#endif")
    }
}
