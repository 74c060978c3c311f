/// Which enums are action enums: the rules of DESIGN.md's "Input" section.
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

    public func isSelected(_ declaration: EnumDeclaration) -> Bool {
        if declaration.hasAnnotation("skip", namespace: "rexgen") { return false }
        if selectsAllEnums { return true }
        if declaration.hasAnnotation("prism", namespace: "rexgen")
            || declaration.hasAnnotation("prism", namespace: "sourcery") {
            return true
        }
        return suffixes.contains { declaration.name.hasSuffix($0) }
    }
}
