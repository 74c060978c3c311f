/// Whether an enum gets swift-case-paths' conformance (`casePaths: true`), and the import its file needs: the
/// cases where RexGen leaves the conformance out rather than write code that might not compile, or warn.
extension EnumPropertiesPlanner {
    /// `CasePathsCore` is swift-case-paths without its macro; `CasePaths` re-exports it, so either product
    /// makes it importable. Conditional, so the file still compiles where neither is. A public or package
    /// conformance needs an import at least that wide: under `InternalImportsByDefault` (and in Swift 7) a
    /// plain `import` is internal, and conforming a public enum to a protocol imported so is an error. Compilers
    /// before Swift 6 do not take `public import`, and their plain `import` is public.
    /// - Parameter conditions: the `#if`s every conformance of the file is under.
    static func casePathsImports(access: AccessLevel, under conditions: [IfConfigClause] = []) -> [ImportDeclaration] {
        let importable = conditions + [IfConfigClause(blockID: -1, kind: .if, condition: "canImport(CasePathsCore)",
                                                      precedingConditions: [])]
        guard access >= .package else { return [ImportDeclaration(text: "import CasePathsCore", ifConfig: importable)] }
        let swift6 = "compiler(>=6)"
        return [
            ImportDeclaration(text: "\(access.memberKeyword) import CasePathsCore", ifConfig: importable + [
                IfConfigClause(blockID: -2, kind: .if, condition: swift6, precedingConditions: []),
            ]),
            ImportDeclaration(text: "import CasePathsCore", ifConfig: importable + [
                IfConfigClause(blockID: -2, kind: .else, condition: "", precedingConditions: [swift6]),
            ]),
        ]
    }

    /// Takes out the sources' own unconditional `import CasePathsCore` (with an access level or none), which
    /// beside RexGen's at another level would draw a warning, and returns the widest level they stated.
    static func removeCasePathsImports(from imports: inout [ImportDeclaration]) -> AccessLevel {
        var widest = AccessLevel.internal
        imports.removeAll { declaration in
            let words = declaration.text.split(separator: " ")
            let stated = declaration.statedAccess
            guard declaration.ifConfig.isEmpty, words.suffix(2) == ["import", "CasePathsCore"],
                  words.count == 2 || (words.count == 3 && stated != nil) else { return false }
            widest = max(widest, stated ?? .internal)
            return true
        }
        return widest
    }

    /// An enum the `@CasePathable` macro already conforms, or that declares `AllCasePaths` or `allCasePaths`
    /// itself, would get a second conformance.
    /// - Parameter cases: the planned cases, whose payload types are written as generated code writes them.
    func admitsCasePaths(_ declaration: EnumDeclaration, cases: [PlannedCase], diagnostics: inout [Diagnostic]) -> Bool {
        let reason: String
        if declaration.attributes.contains(where: { $0 == "@CasePathable" || $0.hasPrefix("@CasePathable(") }) {
            reason = "is marked @CasePathable"
        } else if let name = ownersOfCasePathsNames[Substring(declaration.qualifiedName)] {
            reason = "declares \(name) itself"
        } else if let member = userMembers(of: declaration, includingStatic: true).first(where: { $0.name == "allCasePaths" }) {
            reason = "declares allCasePaths itself at \(member.location)"
        } else if let enumCase = declaration.cases.first(where: { $0.name == "allCasePaths" }) {
            reason = "declares allCasePaths itself at \(enumCase.location)"
        } else if let enumCase = declaration.cases.first(where: { Self.caseNamesWithoutCasePath.contains($0.name) }) {
            reason = "has a case '\(enumCase.name)' at \(enumCase.location), a name its case path cannot have"
        } else if let (enumCase, other) = Self.firstOverloadedCase(in: declaration.cases) {
            reason = "has two cases named '\(enumCase.name)' (at \(other.location) and \(enumCase.location)), whose case "
                + "paths would have the same name"
        } else if declaration.attributes.contains("@MainActor") {
            reason = "is marked @MainActor: its AllCasePaths is isolated to the main actor or not depending on the "
                + "module's default isolation, which RexGen does not know, and either way one of them does not compile"
        } else if let requirement = GenericRequirements.firstConformanceRequirement(declaration.genericParameters,
                                                                                 whereClause: declaration.whereClause) {
            reason = "has a generic requirement '\(requirement)': its case paths' @Sendable closures would capture that "
                + "parameter's metatype, which Swift 6 warns about unless it is SendableMetatype"
        } else if let generic = enclosingGenericTypeWithRequirements(of: declaration) {
            reason = generic.isExtended
                ? "is inside an extension of generic type '\(generic.name)', whose requirements RexGen does not read: its "
                    + "case paths' @Sendable closures would capture the metatype of a parameter with a protocol "
                    + "requirement, which Swift 6 warns about"
                : "is inside generic type '\(generic.name)', whose parameters must conform to a protocol: its case paths' "
                    + "@Sendable closures would capture their metatypes, which Swift 6 warns about"
        } else if let (owner, name) = enclosingOwnerOfCasePathsName(declaration) {
            // Inside the enum, the conformance's member would replace that type for the enum's own code.
            reason = owner.isEmpty ? "is in sources that declare a top-level type \(name)"
                : "is inside '\(owner)', which declares a type \(name)"
        } else if let name = genericParametersInScope(of: declaration)
            .filter({ Self.namesTheConformanceDeclares.contains($0) }).min() {
            // A generic parameter is found before the conformance's own member of that name.
            reason = "has or is inside a type with a generic parameter named \(name), which its AllCasePaths would "
                + "collide with"
        } else if isPublicInsideATypeThatIsNot(declaration) {
            reason = "is public or @usableFromInline inside a type that is not public: Swift checks its conformances as "
                + "public ones when that type is @usableFromInline, which RexGen does not read"
        } else if let name = (declaration.cases.flatMap { ($0.associatedValues ?? []).map(\.typeText) }
                                + cases.flatMap(\.payloadTypes))
            .lazy.flatMap({ TypeTextNames($0).starts.map(\.name) })
            .first(where: { Self.namesAllCasePathsShadows.contains($0) }) {
            reason = "names a type '\(name)' in a payload, which its AllCasePaths would shadow"
        } else {
            return true
        }
        diagnostics.append(.note("enum '\(declaration.qualifiedName)' \(reason); no CasePathable conformance is generated "
            + "for it", at: declaration.location))
        return false
    }

    /// The innermost type around the enum that the sources declare generic and that may constrain its
    /// parameters to a protocol, or whose extension the enum is declared in (`isExtended`: an extension's
    /// `where` clause is not read). A generic type whose parameters need no witness table (`struct Box<T>`)
    /// is no bar: closures capture no conformance of `T`.
    private func enclosingGenericTypeWithRequirements(of declaration: EnumDeclaration) -> (name: String, isExtended: Bool)? {
        let components = declaration.qualifiedNameComponents.dropLast()
        // How many leading components `extension` scopes name: those types' requirements are out of sight.
        var extended = 0
        var covered = 0
        for scope in declaration.enclosingScopes {
            switch scope {
            case .type: covered += 1
            case .extension(let extendedType, _):
                covered += extendedType.split(separator: ".").count
                extended = covered
            }
        }
        for index in components.indices.reversed() {
            let name = components[...index].joined(separator: ".")
            guard let type = model.types[name], !type.genericParameterNames.isEmpty else { continue }
            if index < extended { return (name, true) }
            if type.mayConstrainParameters { return (name, false) }
        }
        return nil
    }

    /// A public or `@usableFromInline` enum whose conformance is checked as a public one (so it needs
    /// `@usableFromInline` witnesses) exactly when every type around it is public or `@usableFromInline`.
    private func isPublicInsideATypeThatIsNot(_ declaration: EnumDeclaration) -> Bool {
        guard (declaration.declaredAccess ?? .internal) >= .public || declaration.attributes.contains("@usableFromInline"),
              effectiveAccess(of: declaration) < .public else { return false }
        return accessResolver.effectiveAccess(declared: .public, enclosing: declaration.enclosingScopes) < .public
    }

    /// The innermost type around the enum, or the top level (`""`), that declares a type named as the
    /// conformance names a member of the enum (see `ownersOfCasePathsNames`).
    private func enclosingOwnerOfCasePathsName(_ declaration: EnumDeclaration) -> (owner: Substring, name: Substring)? {
        guard !ownersOfCasePathsNames.isEmpty else { return nil }
        let components = declaration.qualifiedNameComponents
        for count in stride(from: components.count - 1, through: 0, by: -1) {
            let owner = Substring(components.prefix(count).joined(separator: "."))
            if let name = ownersOfCasePathsNames[owner] { return (owner, name) }
        }
        return nil
    }

    /// Inside the enum, the conformance's nested `AllCasePaths` would replace a type of that name that a
    /// payload means (breaking the user's own code); inside `AllCasePaths`, its protocols' associated types
    /// `Root`, `Element` and `Iterator` would replace a payload's type in the case paths' signatures.
    static let namesAllCasePathsShadows: Set<Substring> = ["AllCasePaths", "Root", "Element", "Iterator"]

    /// The types the conformance declares in the enum (or swift-case-paths declares for it).
    static let namesTheConformanceDeclares: Set<Substring> = ["AllCasePaths", "Cases", Substring(PlannedEnum.casePathsRootAlias)]

    /// A case path is a property of `AllCasePaths` named as its case, reached by key path and built by
    /// `Root.name`. `Type` and `Protocol` cannot be members a key path names; `makeIterator` is the one
    /// `AllCasePaths` declares; `Root.AllCasePaths`, `Root._AllCasePathsRoot` and `Root.Cases` (swift-case-paths'
    /// alias) name types, not the case.
    static let caseNamesWithoutCasePath: Set<String> = [
        "Type", "Protocol", "makeIterator", "AllCasePaths", PlannedEnum.casePathsRootAlias, "Cases",
    ]

    /// Two cases with one base name (`load(id:)`, `load(name:)`) that can be compiled together.
    static func firstOverloadedCase(in cases: [EnumCaseDeclaration]) -> (EnumCaseDeclaration, EnumCaseDeclaration)? {
        var casesByName: [String: [EnumCaseDeclaration]] = [:]
        for enumCase in cases {
            if let other = casesByName[enumCase.name]?.first(where: { !$0.ifConfig.isMutuallyExclusive(with: enumCase.ifConfig) }) {
                return (enumCase, other)
            }
            casesByName[enumCase.name, default: []].append(enumCase)
        }
        return nil
    }
}
