/// Decides the Reactor part of the lift file (`ReactorPlan`): which states of the sources are composites
/// and how each sub-state is reached, with a warning for every sub-state RexGen cannot forward, so none
/// is left out in silence.
///
/// A composite is a struct that is a Reactor state in its own declaration (`ReactorStateIndex`) with stored
/// properties that hold states, or such an enum whose cases carry states. Properties and cases marked
/// `// rexgen: skip` are left out, and so is a state marked so.
struct ReactorPlanner {
    let model: SourceModel

    func plan(diagnostics: inout [Diagnostic]) -> ReactorPlan? {
        if let hiding = typeHidingTheModule() {
            diagnostics.append(.warning("a type named 'Reactor' would hide the Reactor module from the generated code; "
                + "no Reactor code is generated (rename the type)", at: hiding.location))
            return nil
        }
        let liftsMiddlewares = !helperNameIsTaken(diagnostics: &diagnostics)
        // Most modules declare no state: nothing below is worked out for them.
        guard model.files.contains(where: { !$0.reactorStates.isEmpty }) else {
            return ReactorPlan(composites: [], liftsMiddlewares: liftsMiddlewares)
        }
        let index = ReactorStateIndex(model: model)
        let access = AccessResolver(types: model.types)
        let declaredFunctions = reactFunctionsDeclaredInExtensions(access)
        var composites: [CompositeStatePlan] = []
        for file in model.files where !file.reactorStates.isEmpty {
            for state in file.reactorStates where state.kind != .extension && !state.hasAnnotation("skip")
                && index.isReactorState(state, in: file, isSource: true) {
                var found: [Diagnostic] = []
                guard var composite = state.kind == .struct ? structComposite(state, index: index, diagnostics: &found)
                        : enumComposite(state, index: index, diagnostics: &found) else { continue }
                let functions = declaredFunctions[state.qualifiedName] ?? []
                composite.access = min(access.effectiveAccess(declared: state.declaredAccess, enclosing: state.enclosingScopes),
                                       .public)
                if !composite.access.isVisibleToOtherFiles {
                    diagnostics.append(.note("composite state '\(state.qualifiedName)' is \(composite.access.rawValue), so it "
                        + "cannot be extended from another file; its sub-states are not forwarded", at: state.location))
                    continue
                }
                if state.declaresReactSubstates || functions.contains("reactSubstates") {
                    diagnostics.append(.warning("'\(state.qualifiedName)' declares reactSubstates itself, which RexGen "
                        + "writes for a composite state; nothing is generated for it (rename yours, or mark the state "
                        + "'// rexgen: skip')", at: state.location))
                    continue
                }
                diagnostics += found
                composite.generatesReact = !state.declaresReact && !functions.contains("react")
                if !composite.properties.isEmpty || composite.cases.contains(where: { $0.payload != nil }) {
                    composites.append(composite)
                }
            }
        }
        return ReactorPlan(composites: composites, liftsMiddlewares: liftsMiddlewares)
    }

    /// A struct holding states; nil when none of its stored properties holds one.
    private func structComposite(_ state: ReactorStateDeclaration, index: ReactorStateIndex,
                                 diagnostics: inout [Diagnostic]) -> CompositeStatePlan? {
        let genericParameters = index.genericParameters(of: state)
        var isComposite = false
        var properties: [ForwardedProperty] = []
        for property in state.properties where !property.hasAnnotation("skip") {
            let subject = "sub-state '\(property.name)' of '\(state.qualifiedName)'"
            switch index.holding(property.typeText, in: state.qualifiedNameComponents, genericParameters: genericParameters) {
            case .nothing:
                continue
            case .unsupported:
                isComposite = true
                diagnostics.append(unsupportedShape(subject, property.typeText, at: property.location))
            case .substate(let shape):
                isComposite = true
                if property.attributes.contains(where: { $0.hasPrefix("@available") }) {
                    diagnostics.append(.warning("\(subject) is not forwarded, since the property is marked @available and "
                        + "naming it would warn (forward it in react(to:) by hand, or mark it '// rexgen: skip')",
                        at: property.location))
                } else if let reason = Self.whyUnchangeable(property) {
                    diagnostics.append(.warning("\(subject) is not forwarded, since \(reason) and the generated code, in "
                        + "another file, must change it (make it a 'var' other files can set, forward it in react(to:) by "
                        + "hand, or mark it '// rexgen: skip')", at: property.location))
                } else {
                    properties.append(ForwardedProperty(name: property.name, shape: shape, ifConfig: property.ifConfig))
                }
            }
        }
        guard isComposite else { return nil }
        return CompositeStatePlan(declaration: state, properties: properties)
    }

    /// An enum whose cases carry states; nil when none does.
    private func enumComposite(_ state: ReactorStateDeclaration, index: ReactorStateIndex,
                               diagnostics: inout [Diagnostic]) -> CompositeStatePlan? {
        let genericParameters = index.genericParameters(of: state)
        var isComposite = false
        var plan = CompositeStatePlan(declaration: state)
        for enumCase in state.cases {
            let subject = "sub-state in case '\(enumCase.name)' of '\(state.qualifiedName)'"
            let values = enumCase.annotations.contains(named: "skip") ? [] : enumCase.associatedValues ?? []
            let holdings = values.map { value in
                index.holding(value.typeText, in: state.qualifiedNameComponents, genericParameters: genericParameters)
            }
            var payload: [StateCasePlan.PayloadElement]? = zip(values, holdings).map { value, holding in
                guard case .substate(let shape) = holding else { return .init(label: value.label, shape: nil) }
                return .init(label: value.label, shape: shape)
            }
            if !holdings.contains(where: { $0 != .nothing }) { payload = nil }
            if holdings.contains(.unsupported) {
                let text = values.map { ($0.label.map { $0 + ": " } ?? "") + $0.typeText }
                diagnostics.append(unsupportedShape(subject, "(" + text.joined(separator: ", ") + ")", at: enumCase.location))
                payload = nil
            }
            isComposite = isComposite || holdings.contains { $0 != .nothing }
            // Naming a case marked `@available` in the switch would warn: such a case goes to `default`.
            guard !enumCase.attributes.contains(where: { $0.hasPrefix("@available") }) else {
                if payload != nil {
                    diagnostics.append(.warning("\(subject) is not forwarded, since the case is marked @available and "
                        + "naming it would warn (forward it in react(to:) by hand, or mark it '// rexgen: skip')",
                                                at: enumCase.location))
                }
                plan.hasDefault = true
                continue
            }
            plan.cases.append(StateCasePlan(name: enumCase.name, ifConfig: enumCase.ifConfig, payload: payload))
        }
        return isComposite ? plan : nil
    }

    private func unsupportedShape(_ subject: String, _ typeText: String, at location: SourceLocation) -> Diagnostic {
        .warning("\(subject) is held as '\(typeText)', a shape RexGen does not forward (forward it in react(to:) by "
            + "hand, or mark it '// rexgen: skip')", at: location)
    }

    /// Why the generated extension, in another file, cannot assign the property; nil when it can.
    private static func whyUnchangeable(_ property: StoredPropertyDeclaration) -> String? {
        if property.isLet { return "it is a 'let'" }
        if let access = property.declaredAccess, !access.isVisibleToOtherFiles { return "it is \(access.rawValue)" }
        if let setter = property.setterAccess, !setter.isVisibleToOtherFiles { return "its setter is \(setter.rawValue)" }
        return nil
    }

    /// The functions named `react` and `reactSubstates` that extensions declare, by the qualified name of the
    /// type they extend (as `AccessResolver` finds it, so `extension App.RPGState` counts for `RPGState`).
    private func reactFunctionsDeclaredInExtensions(_ access: AccessResolver) -> [String: Set<String>] {
        var functions: [String: Set<String>] = [:]
        for file in model.allFiles where !file.members.isEmpty {
            for member in file.members where member.isReactorFunction {
                let owner = access.lookUp(member.ownerName)?.qualifiedName ?? member.ownerName
                functions[owner, default: []].insert(member.name)
            }
        }
        return functions
    }

    /// A type named `Reactor` anywhere in the sources, or at file scope in a reference: generated code names
    /// Reactor's types `Reactor.Event`, which such a type would take over.
    private func typeHidingTheModule() -> TypeDeclaration? {
        for (files, anyDepth) in [(model.files, true), (model.referenceFiles, false)] {
            for file in files {
                if let type = file.types.first(where: { anyDepth ? TypeNameResolver.lastComponent($0.qualifiedName) == "Reactor"
                                                        : $0.qualifiedName == "Reactor" }) {
                    return type
                }
            }
        }
        return nil
    }

    /// Whether the sources declare a type named like the middleware lift's helper, which would clash with it.
    private func helperNameIsTaken(diagnostics: inout [Diagnostic]) -> Bool {
        for file in model.files {
            if let type = file.types.first(where: { $0.qualifiedName == ReactorPlan.middlewareLiftTypeName }) {
                diagnostics.append(.warning("a type named '\(ReactorPlan.middlewareLiftTypeName)' would clash with the "
                    + "generated middleware lift; liftToState is not generated (rename the type)", at: type.location))
                return true
            }
        }
        return false
    }
}
