/// Which types of the model are Reactor states, and what a stored property's (or payload's) type holds of
/// them.
///
/// A declaration that names `State` in its inheritance clause (`ReactorStateDeclaration`) is a Reactor
/// state when it writes `Reactor.State`, or when it writes `State` in a file that imports Reactor and no
/// other `State` is in sight there: none declared in a type around it (or in itself), and none at file scope
/// in its own module. RexGen cannot tell references' modules apart, so "its own module" is the sources
/// for a source, and the references that import Reactor for a reference (Reactor's own file, which the
/// build plugin passes as a reference, imports nothing of the kind). A `typealias State = Reactor.State` is
/// Reactor's `State`, not another one. A struct, enum or class named `State` cannot be conformed to, so where
/// one is in sight a plain `State` conformance would not compile anyway: only a protocol `State` of the
/// user's own changes what it means, and that is what the rule keeps apart.
struct ReactorStateIndex {
    /// Qualified names of the states, in source order (sources first).
    let names: [String]
    private let types: TypeIndex
    private let resolver: TypeNameResolver
    /// Qualified names of the typealiases named `State` that are not Reactor's own `State`.
    private let otherStateAliases: Set<String>
    /// A `State` other than Reactor's at file scope: in a source, among the references importing Reactor.
    private let sourcesDeclareState: Bool
    private let referencesDeclareState: Bool

    init(model: SourceModel) {
        types = model.types
        var aliases = Set<String>()
        for file in model.allFiles {
            for alias in file.typeAliases where TypeNameResolver.lastComponent(alias.qualifiedName) == "State"
                && alias.targetText != "Reactor.State" {
                aliases.insert(alias.qualifiedName)
            }
        }
        otherStateAliases = aliases
        func declaresState(_ file: ParsedFile) -> Bool {
            file.types.contains { $0.qualifiedName == "State" }
                || file.typeAliases.contains { $0.qualifiedName == "State" && $0.targetText != "Reactor.State" }
        }
        sourcesDeclareState = model.files.contains(where: declaresState)
        referencesDeclareState = model.referenceFiles.contains { $0.imports.contains(where: \.isReactorImport) && declaresState($0) }
        var names: [String] = []
        var seen = Set<String>()
        let access = AccessResolver(types: model.types)
        for (files, isSource) in [(model.files, true), (model.referenceFiles, false)] {
            for file in files where !file.reactorStates.isEmpty {
                let importsReactor = file.imports.contains(where: \.isReactorImport)
                for state in file.reactorStates {
                    guard Self.isReactorState(state, importsReactor: importsReactor,
                                              moduleDeclaresState: isSource ? sourcesDeclareState : referencesDeclareState,
                                              types: types, otherStateAliases: aliases) else { continue }
                    // `extension Player: State` names the type as written: found as `AccessResolver` finds it.
                    let name = state.kind == .extension
                        ? access.lookUp(state.qualifiedName)?.qualifiedName ?? state.qualifiedName : state.qualifiedName
                    if seen.insert(name).inserted { names.append(name) }
                }
            }
        }
        self.names = names
        resolver = TypeNameResolver(qualifiedNames: names, model: model, otherTypesHide: true)
    }

    /// Whether the declaration's `State` is Reactor's (see the type's documentation).
    func isReactorState(_ state: ReactorStateDeclaration, in file: ParsedFile, isSource: Bool) -> Bool {
        Self.isReactorState(state, importsReactor: file.imports.contains(where: \.isReactorImport),
                            moduleDeclaresState: isSource ? sourcesDeclareState : referencesDeclareState,
                            types: types, otherStateAliases: otherStateAliases)
    }

    private static func isReactorState(_ state: ReactorStateDeclaration, importsReactor: Bool, moduleDeclaresState: Bool,
                                       types: TypeIndex, otherStateAliases: Set<String>) -> Bool {
        if state.namesReactorExplicitly { return true }
        guard importsReactor, !moduleDeclaresState else { return false }
        guard state.kind != .extension else { return true }
        // `State` declared in the type itself or a type around it comes before any at file scope.
        var scope = ""
        for component in state.qualifiedNameComponents {
            scope += scope.isEmpty ? component : "." + component
            let nested = scope + ".State"
            if types[nested] != nil || otherStateAliases.contains(nested) { return false }
        }
        return true
    }

    // MARK: - Sub-states

    /// What a type holds of the states.
    enum Holding: Equatable {
        /// Not a state, nor anything holding one.
        case nothing
        case substate(SubstateShape)
        /// A state in a shape RexGen does not forward (`[Monster]?`, `Set<Player>`, `(Player, Int)`).
        case unsupported
    }

    /// What `typeText`, written in the body of the type `context` names (whose generic parameters, and its
    /// enclosing types', are in `genericParameters`), holds of the states.
    func holding(_ typeText: String, in context: [String], genericParameters: Set<String>) -> Holding {
        let text = typeText.trimmingSpaces
        guard !text.isEmpty else { return .nothing }
        if let (shape, element) = Self.container(text), isState(element, in: context, genericParameters: genericParameters) {
            return .substate(shape)
        }
        if isState(text, in: context, genericParameters: genericParameters) { return .substate(.plain) }
        let mentionsState = SelectionRules.typeNames(mentionedIn: text).contains { name in
            isState(name, in: context, genericParameters: genericParameters)
        }
        return mentionsState ? .unsupported : .nothing
    }

    /// The generic parameters in scope in the body of `state`: its own and those of the types around it.
    func genericParameters(of state: ReactorStateDeclaration) -> Set<String> {
        Set(types.scopes(along: state.qualifiedNameComponents, own: state.genericParameterNames).flatMap(\.genericParameters))
    }

    private func isState(_ typeText: String, in context: [String], genericParameters: Set<String>) -> Bool {
        // Forwarding names a state without the arguments of a generic type around it (`Outer<Int>.Player`).
        guard let split = TypeNameResolver.split(typeText), split.scopeArguments.isEmpty,
              let first = split.components.first, !genericParameters.contains(first) else {
            return false
        }
        return resolver.resolve(typeText, from: context) != nil
    }

    /// `Player?`, `Optional<Player>`, `[Monster]`, `Array<Monster>`, `[String: Monster]` and
    /// `Dictionary<String, Monster>`: the shape and the element type; nil for any other type.
    static func container(_ text: String) -> (SubstateShape, String)? {
        if text.hasSuffix("?") || text.hasSuffix("!") { return (.optional, String(text.dropLast()).trimmingSpaces) }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let body = text.dropFirst().dropLast()
            var depth = 0
            for index in body.indices {
                switch body[index] {
                case "[", "(", "<": depth += 1
                case "]", ")", ">": depth -= 1
                case ":" where depth == 0: return (.dictionaryValues, body[body.index(after: index)...].trimmingSpaces)
                default: break
                }
            }
            return (.array, body.trimmingSpaces)
        }
        guard let (components, arguments, scopeArguments) = TypeNameResolver.split(text), scopeArguments.isEmpty,
              components.count <= 2,
              components.count == 1 || components[0] == "Swift" else { return nil }
        switch (components[components.count - 1], arguments.count) {
        case ("Optional", 1): return (.optional, arguments[0])
        case ("Array", 1): return (.array, arguments[0])
        case ("Dictionary", 2): return (.dictionaryValues, arguments[1])
        default: return nil
        }
    }
}
