/// Payloads whose type generated code cannot be sure to write so that it means the same type: their cases
/// get no value property (with a warning) and no case path.
extension EnumPropertiesPlanner {
    /// Leaves out what writes the case's payload type: its case path, and its value property with `warning`
    /// (written in full at each call, so the docs' check finds its Troubleshooting entry).
    private func leaveOutPayload(of plannedCase: inout PlannedCase, diagnostics: inout [Diagnostic],
                                 warning: (PlannedCase) -> Diagnostic) {
        plannedCase.payloadTypesAreNameable = false
        guard plannedCase.generatesValueProperty || casePaths else { return }
        plannedCase.generatesValueProperty = false
        diagnostics.append(warning(plannedCase))
    }

    /// See `PayloadTypeQualifier.qualificationShadow`: a payload written qualified in the extension, where
    /// the qualification's first name means the enum's own member or a generic parameter.
    func skipPayloadsWhoseQualificationIsShadowed(_ cases: inout [PlannedCase], of declaration: EnumDeclaration,
                                                  diagnostics: inout [Diagnostic]) {
        guard let shadow = qualifier.qualificationShadow(in: declaration) else { return }
        let first = declaration.qualifiedNameComponents[0]
        let meaning: String
        switch shadow {
        case .member(let member): meaning = "the enum's own member '\(member)'"
        case .genericParameter(let type): meaning = "the generic parameter '\(first)' of '\(type)'"
        }
        for index in cases.indices where cases[index].payloadTypesAreNameable {
            let written = (cases[index].declaration.associatedValues ?? []).map(\.typeText)
            guard let changed = zip(written, cases[index].payloadTypes).first(where: { $0 != $1 })?.1 else { continue }
            leaveOutPayload(of: &cases[index], diagnostics: &diagnostics) { plannedCase in
                .warning("property '\(plannedCase.valuePropertyName)' is not generated for case "
                    + "'\(plannedCase.declaration.displayName)': outside the enum its payload must be written '\(changed)', "
                    + "but there '\(first)' means \(meaning); rename one of them", at: plannedCase.declaration.location)
            }
        }
    }

    /// See `PayloadTypeQualifier.namesResolvedOutsideTheSources`: in an enum nested in an extension of a type
    /// declared elsewhere, a payload name RexGen cannot place may be that type's member.
    func skipPayloadsNamedOutsideTheSources(_ cases: inout [PlannedCase], of declaration: EnumDeclaration,
                                            imports: [ImportDeclaration], diagnostics: inout [Diagnostic]) {
        guard case .extension(let extendedType, _)? = declaration.enclosingScopes.first else { return }
        let modules = Set(imports.compactMap(\.moduleName))
        for index in cases.indices {
            let values = cases[index].declaration.associatedValues ?? []
            let unsure = values.flatMap {
                qualifier.namesResolvedOutsideTheSources($0.typeText, in: declaration, importedModules: modules)
            }
            guard let name = unsure.first else { continue }
            leaveOutPayload(of: &cases[index], diagnostics: &diagnostics) { plannedCase in
                .warning("property '\(plannedCase.valuePropertyName)' is not generated for case "
                    + "'\(plannedCase.declaration.displayName)': its payload names '\(name)', which Swift may find in "
                    + "'\(extendedType)', a type these sources do not declare; pass the sources that declare "
                    + "'\(extendedType)' with --reference, or qualify the name (such as 'ModuleName.\(name)')",
                    at: plannedCase.declaration.location)
            }
        }
    }

    /// See `UncheckedSendableRequirement`: a payload that passes a generic parameter in scope to a generic type
    /// that may require it to be `Sendable` compiles in the case but not in a property's type.
    func skipPayloadsWithUncheckedSendableRequirements(_ cases: inout [PlannedCase], of declaration: EnumDeclaration,
                                                      diagnostics: inout [Diagnostic]) {
        // The enum, the types around it from the innermost out, then the top level: where Swift looks names up.
        let components = declaration.qualifiedNameComponents
        let scopes = (0...components.count).reversed().map { components.prefix($0).joined(separator: ".") }
        var parameters = genericParametersInScope(of: declaration)
        guard !parameters.isEmpty else { return }
        parameters.subtract(GenericRequirements.sendableParameters(declaration.genericParameters,
                                                                   whereClause: declaration.whereClause))
        let declaredRequirement = { (name: String) -> Bool? in
            for scope in scopes {
                if let type = model.types[scope.isEmpty ? name : scope + "." + name] { return type.mayRequireSendableArguments }
            }
            // `Module.Box`: a first component that is no type is a module's name.
            guard let dot = name.firstIndex(of: "."), model.types[String(name[..<dot])] == nil else { return nil }
            return model.types[String(name[name.index(after: dot)...])]?.mayRequireSendableArguments
        }
        for index in cases.indices where cases[index].payloadTypesAreNameable {
            let values = cases[index].declaration.associatedValues ?? []
            guard let found = values.lazy.compactMap({
                UncheckedSendableRequirement.first(in: $0.typeText, parameters: parameters,
                                                   declaredRequirement: declaredRequirement)
            }).first else { continue }
            leaveOutPayload(of: &cases[index], diagnostics: &diagnostics) { plannedCase in
                .warning("property '\(plannedCase.valuePropertyName)' is not generated for case "
                    + "'\(plannedCase.declaration.displayName)': its payload passes generic parameter '\(found.parameter)' "
                    + "to \(found.genericTypes.map { "'\($0)'" }.joined(separator: ", ")), which may require it to be "
                    + "Sendable; Swift checks that in a property but not in an enum case, so the property might not compile "
                    + "(declare '\(found.parameter): Sendable' to have it generated)", at: plannedCase.declaration.location)
            }
        }
    }
}
