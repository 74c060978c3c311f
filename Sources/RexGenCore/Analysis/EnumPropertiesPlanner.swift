/// Decides, for every selected enum, which properties can be generated and which would collide.
struct EnumPropertiesPlanner {
    let model: SourceModel
    let rules: SelectionRules
    /// Plan swift-case-paths' `CasePathable` conformance for each enum too.
    let casePaths: Bool
    let accessResolver: AccessResolver
    let qualifier: PayloadTypeQualifier
    /// Which module each reference is, for the imports a generated file needs (`narrowingImports`).
    let referenceModules: ReferenceModules
    /// Files Sourcery generated: their members that equal RexGen's are not collisions to warn about.
    private let sourceryFiles: Set<String>
    /// With `casePaths`, the types that declare a type or typealias named as the conformance names one in
    /// the enum (`AllCasePaths`, `Cases`, or `Self`, which its alias of the enum means), and that name; the
    /// top level is the empty owner.
    let ownersOfCasePathsNames: [Substring: Substring]
    private let membersByOwner: [String: [MemberDeclaration]]
    /// Owner names by their last component, so finding an enum's extensions does not scan every owner.
    private let ownersByLastComponent: [String: [String]]

    /// - Parameter qualifier: shared with the lift planner, which runs beside this one; made here if nil.
    init(model: SourceModel, rules: SelectionRules, casePaths: Bool = false, qualifier: PayloadTypeQualifier? = nil,
         referenceModules: ReferenceModules = ReferenceModules()) {
        self.model = model
        self.referenceModules = referenceModules
        self.rules = rules
        self.casePaths = casePaths
        let types = model.types
        self.accessResolver = AccessResolver(types: types)
        self.qualifier = qualifier ?? PayloadTypeQualifier(model: model)
        self.sourceryFiles = Set(model.allFiles.filter(\.isSourceryOutput).map(\.path))
        let names: Set<Substring> = ["AllCasePaths", "Cases", "Self", Substring(PlannedEnum.casePathsRootAlias)]
        self.ownersOfCasePathsNames = !casePaths ? [:] : Dictionary(model.allFiles.flatMap { file in
            (file.types.map(\.qualifiedName) + file.typeAliases.map(\.qualifiedName)).map { name in
                name.lastIndex(of: ".").map { (name[..<$0], name[name.index(after: $0)...]) } ?? ("", name[...])
            }.filter { names.contains($0.1) }
        }, uniquingKeysWith: { first, _ in first })
        // `extension Alias { var movie … }` with `typealias Alias = Feature.Action` extends Feature.Action.
        let aliases = MemberOwnerAliases(model.allFiles)
        // Only instance properties and functions can collide with generated properties, and only on a type
        // named like an enum (or through an alias): the rest of the members, most of them, need no index.
        let enumNames = Set(model.allFiles.flatMap { $0.enums.map(\.name) })
        let candidates = model.allFiles.flatMap { file in
            file.members.filter { member in
                (!member.isStatic || member.name == "allCasePaths") && (member.kind == .property || member.kind == .function)
                    && (enumNames.contains(Self.lastComponent(member.ownerName)) || aliases.isAlias(member.ownerName))
            }
        }
        self.membersByOwner = Dictionary(grouping: candidates) { aliases.owner($0.ownerName) }
        self.ownersByLastComponent = Dictionary(grouping: membersByOwner.keys, by: Self.lastComponent)
    }

    /// `Feature.Action` → `Action`.
    private static func lastComponent(_ name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// - Parameter onlyFiles: plan only the enums of these sources (by index in `model.files`); every other
    ///   file still counts for lookups and collisions.
    func plan(onlyFiles: Set<Int>? = nil, diagnostics: inout [Diagnostic]) -> EnumPropertiesPlan {
        let carried = rules.carriedTypeNames(in: model)
        let nestedNodes = nestedActionNodes()
        let fileIndexes = onlyFiles.map { $0.sorted() } ?? Array(model.files.indices)
        let selected = fileIndexes.flatMap { fileIndex in
            model.files[fileIndex].enums.indices.compactMap { enumIndex in
                rules.isSelected(model.files[fileIndex].enums[enumIndex], carriedTypeNames: carried)
                    || nestedNodes.contains(NestedNode(fileIndex: fileIndex, enumIndex: enumIndex))
                    ? (fileIndex, enumIndex) : nil
            }
        }
        // Each enum is planned on its own, so they are planned on every core; order is kept.
        let outcomes = Parallel.map(count: selected.count, chunk: 32) { index -> (PlannedEnum?, [Diagnostic], [MemberDeclaration]) in
            var found: [Diagnostic] = []
            var replaced: [MemberDeclaration] = []
            let (fileIndex, enumIndex) = selected[index]
            return (plan(model.files[fileIndex].enums[enumIndex], imports: model.files[fileIndex].imports,
                         diagnostics: &found, replacing: &replaced), found, replaced)
        }
        var planned: [PlannedEnum] = []
        var imports: [ImportDeclaration] = []
        var seenImports = Set<ImportDeclaration>()
        var importsByFile: [String: [ImportDeclaration]] = [:]
        var contributingFiles = Set<Int>()
        var replacedBySourceryFile: [String: [MemberDeclaration]] = [:]
        for ((fileIndex, _), (plannedEnum, found, replaced)) in zip(selected, outcomes) {
            diagnostics += found
            for member in replaced { replacedBySourceryFile[member.location.file, default: []].append(member) }
            guard let plannedEnum else { continue }
            planned.append(plannedEnum)
            contributingFiles.insert(fileIndex)
        }
        var casePathsAccessByFile: [String: AccessLevel] = [:]
        // The `#if`s every conformance of the file is under: the import goes under them too, or a public import
        // would be unused, and warned about, where they are off.
        var casePathsConditionsByFile: [String: [IfConfigClause]] = [:]
        for plannedEnum in planned where plannedEnum.generatesCasePaths {
            let file = plannedEnum.declaration.location.file, clauses = plannedEnum.declaration.ifConfig
            casePathsAccessByFile[file] = max(plannedEnum.casePathsImportAccess, casePathsAccessByFile[file] ?? .internal)
            casePathsConditionsByFile[file] = casePathsConditionsByFile[file]?.sharedPrefix(with: clauses) ?? clauses
        }
        let enumsByFile = Dictionary(grouping: planned, by: \.declaration.location.file)
        // Built only when an import states `public` or `package`: most apps' never do.
        let known = contributingFiles.contains { model.files[$0].imports.contains(where: Self.statesWideAccess) }
            ? NamesTheSourcesDeclare(model: model, referenceModules: referenceModules) : nil
        for fileIndex in contributingFiles.sorted() {
            let file = model.files[fileIndex]
            var fileImports = file.imports
            let casePathsAccess = casePathsAccessByFile[file.path].map { max($0, Self.removeCasePathsImports(from: &fileImports)) }
            fileImports = narrowingImports(fileImports, for: enumsByFile[file.path] ?? [], known: known)
            if let casePathsAccess {
                fileImports += Self.casePathsImports(access: casePathsAccess, under: casePathsConditionsByFile[file.path] ?? [])
            }
            importsByFile[file.path] = fileImports
            for declaration in file.imports where seenImports.insert(declaration).inserted {
                imports.append(declaration)
            }
        }
        let casePathsAccess = casePathsAccessByFile.values.max().map { max($0, Self.removeCasePathsImports(from: &imports)) }
        imports = narrowingImports(imports, for: planned, known: known)
        if let casePathsAccess {
            let conditions = casePathsConditionsByFile.values.reduce(casePathsConditionsByFile.values.first ?? []) {
                $0.sharedPrefix(with: $1)
            }
            imports += Self.casePathsImports(access: casePathsAccess, under: conditions).filter { seenImports.insert($0).inserted }
        }
        diagnostics += replacedBySourceryFile.keys.sorted().map { path in
            Self.sourceryReplacementNote(path: path, members: replacedBySourceryFile[path]!)
        }
        return EnumPropertiesPlan(enums: planned, imports: imports, importsByFile: importsByFile)
    }

    private struct NestedNode: Hashable {
        var fileIndex: Int
        var enumIndex: Int
    }

    /// The enums of the sources that are nodes of the action tree only because an action enum they are
    /// declared in carries them (`BoardAction.Request`): nodes get properties like any action enum. The tree's
    /// own rule decides (`ActionTreeBuilder.actionNodes`), and runs only when some enum is declared directly
    /// inside an action enum without being one itself.
    private func nestedActionNodes() -> Set<NestedNode> {
        var actionEnumNames = Set<ArraySlice<String>>()
        var nestedNames = Set<ArraySlice<String>>()
        for file in model.allFiles {
            for declaration in file.enums {
                if rules.isActionEnum(declaration) {
                    actionEnumNames.insert(declaration.qualifiedNameComponents[...])
                } else if declaration.qualifiedNameComponents.count > 1 {
                    nestedNames.insert(declaration.qualifiedNameComponents.dropLast())
                }
            }
        }
        guard !actionEnumNames.isDisjoint(with: nestedNames) else { return [] }
        var found = Set<NestedNode>()
        for node in ActionTreeBuilder.actionNodes(in: model, rules: rules, referenceModules: referenceModules)
        where !node.isReference && !rules.isActionEnum(node.declaration) {
            found.insert(NestedNode(fileIndex: node.fileIndex, enumIndex: node.enumIndex))
        }
        return found
    }

    /// One note per Sourcery file whose members RexGen now writes, instead of a warning per member.
    static func sourceryReplacementNote(path: String, members: [MemberDeclaration]) -> Diagnostic {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let count = members.count
        return .note("'\(name)' was generated by Sourcery and holds \(count) enum propert\(count == 1 ? "y" : "ies") that "
            + "RexGen now generates; delete it and remove its template from .sourcery.yml (until then RexGen leaves "
            + "\(count == 1 ? "that property" : "those properties") to it)", at: SourceLocation(file: path, line: 1, column: 1))
    }

    func effectiveAccess(of declaration: EnumDeclaration) -> AccessLevel {
        accessResolver.effectiveAccess(declared: declaration.declaredAccess, enclosing: declaration.enclosingScopes)
    }

    /// - Parameter replaced: members of Sourcery files that are exactly what RexGen would write, which are
    ///   left to those files without a warning each.
    private func plan(_ declaration: EnumDeclaration, imports: [ImportDeclaration], diagnostics: inout [Diagnostic],
                      replacing replaced: inout [MemberDeclaration]) -> PlannedEnum? {
        if declaration.isLocal {
            diagnostics.append(.note("enum '\(declaration.name)' is declared inside a function or closure body and "
                + "cannot be extended; no properties are generated for it", at: declaration.location))
            return nil
        }
        let access = effectiveAccess(of: declaration)
        guard access.isVisibleToOtherFiles else {
            diagnostics.append(.note("enum '\(declaration.qualifiedName)' is \(access.rawValue) and cannot be "
                + "extended from another file; no properties are generated for it", at: declaration.location))
            return nil
        }
        if let cImport = declaration.cImport, !cImport.isImportedAsEnum {
            diagnostics.append(.note("C enum '\(cImport.cName)' has no enum_extensibility attribute, so Swift imports "
                + "it as a struct with static constants, not as an enum; no properties are generated for it",
                at: declaration.location))
            return nil
        }
        guard !declaration.cases.isEmpty else { return nil }
        // A C enum's cases carry no payload: only `is<Case>` is worth generating.
        var cases = declaration.cases.map { enumCase in
            PlannedCase(declaration: enumCase, generatesValueProperty: declaration.cImport == nil, generatesIsProperty: true,
                        payloadTypes: (enumCase.associatedValues ?? []).map { qualifier.qualified($0.typeText, in: declaration) })
        }
        // Where the enum's cases are written, `Never` may name a type of the sources (the enum's member, or one
        // at top level; those of enclosing types are qualified by now): `Swift.Never` alone is then the
        // standard library's.
        if model.types["Never"] != nil || model.types[declaration.qualifiedName + ".Never"] != nil {
            for index in cases.indices { cases[index].payloadIsNever = cases[index].payloadTypes.contains("Swift.Never") }
        }
        if declaration.isNoncopyable {
            // A getter only borrows the value, and returning a payload would copy it (or, for a
            // noncopyable payload, cannot be done at all): only `is<Case>` is generated.
            for index in cases.indices { cases[index].generatesValueProperty = false }
            diagnostics.append(.note("enum '\(declaration.qualifiedName)' is ~Copyable: only its is<Case> properties "
                + "are generated, since a value property would copy the payload", at: declaration.location))
        } else if declaration.cImport == nil {
            skipUnusableNames(&cases, diagnostics: &diagnostics)
            skipSettersOfUnavailableCases(&cases, diagnostics: &diagnostics)
            skipPayloadsNamedOutsideTheSources(&cases, of: declaration, imports: imports, diagnostics: &diagnostics)
            skipPayloadsWhoseQualificationIsShadowed(&cases, of: declaration, diagnostics: &diagnostics)
            skipPayloadsWithUncheckedSendableRequirements(&cases, of: declaration, diagnostics: &diagnostics)
        }
        skipCollisionsBetweenCases(&cases, diagnostics: &diagnostics)
        skipCollisionsWithUserMembers(&cases, of: declaration, diagnostics: &diagnostics, replacing: &replaced)
        var planned = PlannedEnum(declaration: declaration, access: access, cases: cases)
        planned.generatesCasePaths = casePaths && declaration.cImport == nil && !declaration.isNoncopyable
            && admitsCasePaths(declaration, cases: cases, diagnostics: &diagnostics)
        return planned
    }

    /// The generic parameters of the enum and of the types around it that the sources declare.
    func genericParametersInScope(of declaration: EnumDeclaration) -> Set<Substring> {
        Set(model.types.scopes(along: declaration.qualifiedNameComponents, own: declaration.genericParameterNames)
            .flatMap { $0.genericParameters.map { Substring($0) } })
    }

    private func skipUnusableNames(_ cases: inout [PlannedCase], diagnostics: inout [Diagnostic]) {
        for index in cases.indices where SwiftNames.unusablePropertyNames.contains(cases[index].valuePropertyName) {
            cases[index].generatesValueProperty = false
            diagnostics.append(.warning("property '\(cases[index].valuePropertyName)' is not generated for case "
                + "'\(cases[index].declaration.displayName)': Swift does not allow a property with that name",
                at: cases[index].declaration.location))
        }
    }

    /// A value property's setter constructs the case, which Swift refuses for a case that may be unavailable
    /// even inside a property marked the same; a case without payload has no setter.
    private func skipSettersOfUnavailableCases(_ cases: inout [PlannedCase], diagnostics: inout [Diagnostic]) {
        for index in cases.indices where cases[index].generatesValueProperty && cases[index].declaration.hasAssociatedValues
            && ExtensionAvailability.mayBeUnavailable(cases[index].declaration.attributes) {
            cases[index].generatesValueProperty = false
            diagnostics.append(.warning("property '\(cases[index].valuePropertyName)' is not generated for case "
                + "'\(cases[index].declaration.displayName)': the case may be unavailable, and Swift does not let its "
                + "setter construct it", at: cases[index].declaration.location))
        }
    }

    /// Overloaded base names (`foo(a:)`/`foo(b:)`) and names like a case `isFoo` beside `foo` would declare a
    /// property twice; cases in exclusive `#if` branches never meet, so they do not collide.
    private func skipCollisionsBetweenCases(_ cases: inout [PlannedCase], diagnostics: inout [Diagnostic]) {
        struct Claim { var caseIndex: Int; var isValueProperty: Bool }
        var names = Set<String>(minimumCapacity: cases.count * 2)
        let allDistinct = cases.allSatisfy { plannedCase in
            (!plannedCase.generatesValueProperty || names.insert(plannedCase.valuePropertyName).inserted)
                && names.insert(plannedCase.isPropertyName).inserted
        }
        if allDistinct { return }
        var claims: [String: [Claim]] = [:]
        for (index, plannedCase) in cases.enumerated() {
            if plannedCase.generatesValueProperty {
                claims[plannedCase.valuePropertyName, default: []].append(Claim(caseIndex: index, isValueProperty: true))
            }
            claims[plannedCase.isPropertyName, default: []].append(Claim(caseIndex: index, isValueProperty: false))
        }
        for (propertyName, claimants) in claims.sorted(by: { $0.key < $1.key }) where claimants.count > 1 {
            for claim in claimants {
                let own = cases[claim.caseIndex].declaration
                let rivals = claimants.filter {
                    $0.caseIndex != claim.caseIndex
                        && !own.ifConfig.isMutuallyExclusive(with: cases[$0.caseIndex].declaration.ifConfig)
                }
                guard let rival = rivals.first else { continue }
                if claim.isValueProperty {
                    cases[claim.caseIndex].generatesValueProperty = false
                } else {
                    cases[claim.caseIndex].generatesIsProperty = false
                }
                let other = cases[rival.caseIndex].declaration
                diagnostics.append(.warning("property '\(propertyName)' is not generated for case "
                    + "'\(own.displayName)': case '\(other.displayName)' at \(other.location) would generate a "
                    + "property with the same name", at: own.location))
            }
        }
    }

    private func skipCollisionsWithUserMembers(_ cases: inout [PlannedCase], of declaration: EnumDeclaration,
                                               diagnostics: inout [Diagnostic], replacing replaced: inout [MemberDeclaration]) {
        let members = userMembers(of: declaration)
        guard !members.isEmpty else { return }
        let byName = Dictionary(grouping: members, by: \.name)
        for index in cases.indices {
            let plannedCase = cases[index]
            if plannedCase.generatesValueProperty, let member = byName[plannedCase.valuePropertyName]?.first {
                cases[index].generatesValueProperty = false
                // The type as RexGen writes it, and as declared (a Sourcery template copied that text).
                let types = [PropertyShape(plannedCase.declaration, payloadTypes: plannedCase.payloadTypes).type,
                             PropertyShape(plannedCase.declaration).type]
                if isSourceryCopy(member, ofType: types.map { $0 + "?" }) {
                    replaced.append(member)
                } else {
                    diagnostics.append(collisionWarning(plannedCase.valuePropertyName, plannedCase.declaration,
                                                        declaration, member))
                }
            }
            if plannedCase.generatesIsProperty, let member = byName[plannedCase.isPropertyName]?.first {
                cases[index].generatesIsProperty = false
                if isSourceryCopy(member, ofType: ["Bool"]) {
                    replaced.append(member)
                } else {
                    diagnostics.append(collisionWarning(plannedCase.isPropertyName, plannedCase.declaration,
                                                        declaration, member))
                }
            }
        }
    }

    /// A property in a file Sourcery generated, with the type RexGen would give it (spaces aside, and
    /// `()` for `Void`): what a Prism template wrote, which the user can delete.
    private func isSourceryCopy(_ member: MemberDeclaration, ofType types: [String]) -> Bool {
        guard member.kind == .property, let typeText = member.typeText, sourceryFiles.contains(member.location.file)
        else { return false }
        let normalized = { (type: String) -> String in
            type.filter { $0 != " " }.replacing("()?", with: "Void?")
                .replacing("Swift.Void", with: "Void").replacing("Swift.Bool", with: "Bool")
        }
        return types.map(normalized).contains(normalized(typeText))
    }

    private func collisionWarning(_ property: String, _ enumCase: EnumCaseDeclaration, _ declaration: EnumDeclaration,
                                  _ member: MemberDeclaration) -> Diagnostic {
        .warning("property '\(property)' is not generated for case '\(enumCase.displayName)': "
            + "'\(declaration.qualifiedName)' already declares a member named '\(member.name)' at \(member.location)",
            at: enumCase.location)
    }

    /// Instance members declared in the enum's body or in any extension of it, in every scanned file.
    /// Static members live apart from instance properties, so they cannot collide.
    func userMembers(of declaration: EnumDeclaration, includingStatic: Bool = false) -> [MemberDeclaration] {
        let qualifiedName = declaration.qualifiedName
        var result = membersByOwner[qualifiedName] ?? []
        let moduleQualified = "." + qualifiedName
        for owner in ownersByLastComponent[declaration.name] ?? [] where owner.hasSuffix(moduleQualified) {
            // `extension MyModule.AppAction`: the prefix must be a module, not an enclosing type.
            let prefix = String(owner.dropLast(moduleQualified.count))
            if model.types[prefix] == nil { result += membersByOwner[owner] ?? [] }
        }
        return result.filter { (includingStatic || !$0.isStatic) && ($0.kind == .property || $0.kind == .function) }
            .sorted { $0.location < $1.location }
    }
}
