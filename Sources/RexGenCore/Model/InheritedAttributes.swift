/// Attributes a nested declaration takes from the declarations around it, because generated code that names
/// it must carry them too:
/// - `@_spi(Group)`: a declaration only clients that `@_spi(Group) import` the module see. A public member
///   whose type is SPI must be SPI too, so generated members copy the attribute from the case, the enum and
///   every enclosing type or extension, as they copy `@available` from the case.
/// - an `@available` that deprecates or removes (`deprecated`, `unavailable`, `obsoleted`): naming a
///   deprecated type draws a warning, and naming an unavailable one is an error, except in a declaration
///   marked the same. So every extension generated for an enum carries those of the enum and of every
///   enclosing type or extension (`restrictingAvailability(in:)`).
public enum InheritedAttributes {
    public static func isSPI(_ attribute: String) -> Bool { attribute.hasPrefix("@_spi(") }

    /// `@available(*, deprecated, message: "…")`, `@available(macOS, deprecated: 12)`,
    /// `@available(*, unavailable)`, `@available(swift, obsoleted: 5)`; not `@available(iOS 16, *)`, which an
    /// extension of the type takes from it. The words are looked for outside string literals.
    public static func restrictsAvailability(_ attribute: String) -> Bool {
        guard attribute.hasPrefix("@available(") else { return false }
        var word = ""
        var inString = false
        var escaped = false
        for character in attribute.dropFirst("@available(".count) {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character.isLetter {
                word.append(character)
                continue
            }
            if ["deprecated", "unavailable", "obsoleted"].contains(word) { return true }
            word = ""
            if character == "\"" { inString = true }
        }
        return false
    }

    static func isInherited(_ attribute: String) -> Bool { isSPI(attribute) || restrictsAvailability(attribute) }

    /// `attributes` with every inherited attribute of `enclosing` appended that it does not already hold.
    static func adding(_ enclosing: [String], to attributes: [String]) -> [String] {
        var result = attributes
        for attribute in enclosing where isInherited(attribute) && !result.contains(attribute) {
            result.append(attribute)
        }
        return result
    }

    /// What a generated member of `enumCase` carries: the enum's `@_spi` attributes (which include those of
    /// its enclosing declarations), then the case's own `@_spi` and `@available` ones, in source order. (The
    /// enum's restricting `@available`s are on the extension around the member.)
    public static func copied(from enumCase: EnumCaseDeclaration, in enumAttributes: [String]) -> [String] {
        var result = enumAttributes.filter(isSPI)
        for attribute in enumCase.attributes where (isSPI(attribute) && !result.contains(attribute))
            || attribute.hasPrefix("@available") {
            result.append(attribute)
        }
        return result
    }

    /// What every extension generated for a declaration with these attributes (an enum's, or a Reactor
    /// state's) carries: its restricting `@available`s, its enclosing declarations' included.
    public static func restrictingAvailability(in attributes: [String]) -> [String] {
        attributes.filter(restrictsAvailability)
    }
}
