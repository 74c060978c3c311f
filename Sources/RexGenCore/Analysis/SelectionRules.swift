/// Which enums get properties and which are action enums: the rules of DESIGN.md's "Input" section.
public struct SelectionRules: Hashable, Sendable {
    public static let defaultSuffixes = ["Action", "Event"]

    /// An enum whose simple name ends in one of these is selected.
    public var suffixes: [String]
    /// Select every enum, whatever its name.
    public var selectsAllEnums: Bool

    public init(suffixes: [String] = SelectionRules.defaultSuffixes, selectsAllEnums: Bool = false) {
        self.suffixes = suffixes
        self.selectsAllEnums = selectsAllEnums
    }

    /// Everything a reference's summary depends on (see `ParsedFile.referenceSummary(rules:)`): a cached
    /// summary is reused only under the same key.
    var referenceSummaryKey: String { "suffixes=" + suffixes.joined(separator: "\u{1F}") }

    /// Whether the enum gets enum properties: every action enum, and every enum marked for properties alone
    /// (`// rexgen: prism`, Sourcery's `// sourcery: Prism` or conformance to a `Prism` protocol, which
    /// SwiftRex's Sourcery templates select by) or selected by `--all-enums`.
    public func isSelected(_ declaration: EnumDeclaration) -> Bool {
        if declaration.hasAnnotation("skip", namespace: "rexgen") { return false }
        if selectsAllEnums { return true }
        if declaration.hasAnnotation("prism", namespace: "rexgen")
            || declaration.hasAnnotation("prism", namespace: "sourcery")
            || declaration.inheritance.contains("Prism") {
            return true
        }
        return isActionEnum(declaration)
    }

    /// Whether the enum is a node of the action tree by itself: selected by name suffix, or annotated
    /// `// rexgen: action`. Enums nested in an action enum and carried by its cases join the tree as well
    /// (see `ActionTreeBuilder`); an enum that gets properties only through a prism annotation or
    /// `--all-enums` (a state, a result, an error) is data, not an action.
    public func isActionEnum(_ declaration: EnumDeclaration) -> Bool {
        if declaration.hasAnnotation("skip", namespace: "rexgen") { return false }
        if declaration.hasAnnotation("action", namespace: "rexgen") { return true }
        return suffixes.contains { declaration.name.hasSuffix($0) }
    }

    /// The payload types of the selected Swift enums: a C enum carried by one is selected too. Only C enums
    /// are looked up in it, so without any (nearly always) it is left empty rather than built from every case.
    public func carriedTypeNames(in model: SourceModel) -> Set<String> {
        // Only C enums are selected by being carried: without any, the scan below would find nothing useful.
        guard model.allFiles.contains(where: { $0.enums.contains { $0.cImport != nil } }) else { return [] }
        return Set(model.files.flatMap(\.enums).filter { $0.cImport == nil && isSelected($0) }
            .flatMap(\.cases).flatMap { $0.associatedValues ?? [] }.flatMap { Self.typeNames(mentionedIn: $0.typeText) })
    }

    /// Every type name a payload type mentions, so `Speed?`, `[Speed]`, `[String: Speed]` and
    /// `Optional<Speed>` carry `Speed` as `Speed` does; a qualified `Module.Speed` counts by its last name too.
    static func typeNames(mentionedIn typeText: String) -> [String] {
        var names: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            let path = current.split(separator: ".").map(String.init)
            names.append(path.joined(separator: "."))
            if path.count > 1, let last = path.last { names.append(last) }
            current = ""
        }
        for character in typeText {
            if character.isLetter || character.isNumber || character == "_" || character == "." || character == "`" {
                if character != "`" { current.append(character) }
            } else {
                flush()
            }
        }
        flush()
        return names
    }

    /// `isSelected`, plus C enums that a selected Swift enum carries (unless marked `rexgen: skip`).
    public func isSelected(_ declaration: EnumDeclaration, carriedTypeNames: Set<String>) -> Bool {
        if isSelected(declaration) { return true }
        return declaration.cImport != nil && carriedTypeNames.contains(declaration.qualifiedName)
            && !declaration.hasAnnotation("skip", namespace: "rexgen")
    }
}
