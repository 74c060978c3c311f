/// What generation reads of a reference file (another module's source): the parts of its parse that the
/// analysis can use, and nothing else. In a modular app the references are most of the input (every
/// dependency module's files), so each one's cache entry, decoding and place in the model shrink to this.
///
/// Kept, because the analysis looks them up across files:
/// - enums that are action enums by the selection rules, and every nested enum (a node's carried
///   sub-action, `FooAction.Request`, may be declared in any file): the tree's nodes; of their cases,
///   only those with one payload that is not variadic, the only ones that can be edges;
/// - every type declaration: access levels through enclosing types and extended types, generic parameters
///   of enclosing types, and whether a qualified name's first component is a type or a module;
/// - every typealias: payloads and extensions name enums through them;
/// - members that can be an enum's (declared in an enum or in an extension), which can collide with a
///   generated property; every member of a file Sourcery wrote;
/// - Reactor's states (`reactorStates`, with their stored properties and cases), and every function named
///   `react` or `reactSubstates`,
///   which a composite state must not get twice (see `ReactorPlanner`);
/// - every import: a payload means only a type its file sees (`FileSight`), and an `@_exported import` shows
///   the module's importers other modules' types, so which types the module provides is not its declarations
///   alone (see `NamesTheSourcesDeclare`); an `import Reactor` decides whether a plain `State` is Reactor's;
/// - the file's diagnostics.
///
/// Dropped: cases that cannot carry a sub-action (no payload, or several: references get no properties,
/// so an edit that adds such a case, the commonest edit of an action file, leaves the summary as it was;
/// see `EarlyCutOff`), top-level enums that are not actions (no node), members
/// declared in a struct's, class's, actor's or protocol's own body (but `react` functions).
extension ParsedFile {
    func referenceSummary(rules: SelectionRules) -> ParsedFile {
        var summary = ParsedFile(path: path)
        summary.diagnostics = diagnostics
        summary.isSourceryOutput = isSourceryOutput
        summary.types = types
        summary.typeAliases = typeAliases
        summary.reactorStates = reactorStates
        summary.imports = imports
        summary.enums = enums.filter { declaration in
            !declaration.isLocal && (declaration.qualifiedNameComponents.count > 1 || rules.isActionEnum(declaration))
        }
        for index in summary.enums.indices {
            summary.enums[index].cases.removeAll { enumCase in !enumCase.canCarrySubAction }
        }
        guard !isSourceryOutput else {
            summary.members = members
            return summary
        }
        let otherTypeNames = Set(namesOfTypesOtherThanEnums)
        summary.members = otherTypeNames.isEmpty ? members
            : members.filter { !otherTypeNames.contains($0.ownerName) || $0.isReactorFunction }
        return summary
    }

    /// The structs, classes, actors and protocols this file declares, by qualified name: no member they own
    /// can be an enum's. (A member's owner is the type whose body declares it, or the type an extension
    /// names; a name this file declares as a type other than an enum is one of these.)
    var namesOfTypesOtherThanEnums: [String] {
        var names: [String] = []
        var index = 0
        while index < types.count {  // not `filter`: see `SourceFileCollector.collect`
            let name = types[index].qualifiedName
            if !enums.contains(where: { $0.qualifiedName == name }) { names.append(name) }
            index += 1
        }
        return names
    }
}
