/// A root's conformances each declare a property named after the root (`var appAction: AppAction`, and
/// `var event` for a root `Event`). In the module that declares the enum, a case of that name (which is a
/// property itself, or gets one among the enum properties) or an instance member of that name (a hand-written
/// `var appAction`, as users wrote before RexGen) makes the conformance a redeclaration, and the build fails.
/// Such an enum gets no conformance, with a warning. Another module's enum may keep a member of the name:
/// an extension in the app can declare a member of the same name as one of its module.
enum RootMemberClash {
    static func warning(_ declaration: EnumDeclaration, clash: Kind, memberName: String,
                        protocolName: String) -> Diagnostic {
        .warning("'\(declaration.qualifiedName)' has \(clash.description) named '\(memberName)', which its "
            + "\(protocolName) conformance would declare again as a property; the conformance is left out "
            + "(rename the \(clash == .enumCase ? "case" : "member"), or choose another root with --root)",
            at: declaration.location)
    }

    enum Kind: Equatable {
        case enumCase
        case member

        var description: String { self == .enumCase ? "a case" : "a member" }
    }

    /// The instance properties and functions the sources declare under one of `memberNames`, by the last
    /// name of the type whose body or extension declares them (`Feature.Action` → `Action`), through the
    /// sources' typealiases (`extension Settings` with `typealias Settings = SettingsEvent`): a nested type of
    /// the same last name may be counted too, which only leaves a conformance out.
    static func memberOwners(in files: [ParsedFile], memberNames: Set<String>) -> [String: Set<String>] {
        guard !memberNames.isEmpty else { return [:] }
        var members: [MemberDeclaration] = []
        for file in files {
            members += file.members.filter { member in
                !member.isStatic && memberNames.contains(member.name) && (member.kind == .property || member.kind == .function)
            }
        }
        guard !members.isEmpty else { return [:] }
        let aliases = MemberOwnerAliases(files)
        var owners: [String: Set<String>] = [:]
        for member in members {
            let owner = aliases.owner(member.ownerName)
            owners[String(TypeNameResolver.lastComponent(owner)), default: []].insert(member.name)
        }
        return owners
    }

    /// What of `declaration` a conformance's `var <memberName>` would declare again, if anything.
    static func clash(_ declaration: EnumDeclaration, memberName: String,
                      memberOwners: [String: Set<String>]) -> Kind? {
        if declaration.cases.contains(where: { $0.name == memberName }) { return .enumCase }
        return memberOwners[declaration.name]?.contains(memberName) == true ? .member : nil
    }

    /// Each enum's cases and members of `file` named like one of `memberNames`, as `Enum.name` lines: an edit
    /// that changes them can change which conformances the lift file has.
    static func clashingNames(in file: ParsedFile, memberNames: Set<String>) -> [String] {
        guard !memberNames.isEmpty else { return [] }
        var names: [String] = []
        for declaration in file.enums {
            for enumCase in declaration.cases where memberNames.contains(enumCase.name) {
                names.append(declaration.qualifiedName + "." + enumCase.name)
            }
        }
        for member in file.members where memberNames.contains(member.name) {
            names.append(member.ownerName + "." + member.name)
        }
        return names.sorted()
    }
}
