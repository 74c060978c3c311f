/// Attributes a nested declaration takes from the declarations around it, because generated code that names
/// it must carry them too:
/// - `@_spi(Group)`: a declaration only clients that `@_spi(Group) import` the module see. A public member
///   whose type is SPI must be SPI too, so generated members copy the attribute from the case, the enum and
///   every enclosing type or extension, as they copy `@available` from the case.
/// - `@available`: an extension of a type is not as available as the type (`extension Feature.Action {}` is
///   an error below iOS 16 for an enum inside an `@available(iOS 16, *)` struct), and naming a deprecated or
///   unavailable type is only silent in a declaration marked the same. So every extension generated for an
///   enum carries those of the enum and of every enclosing type or extension, merged
///   (`ExtensionAvailability`).
public enum InheritedAttributes {
    public static func isSPI(_ attribute: String) -> Bool { attribute.hasPrefix("@_spi(") }

    static func isInherited(_ attribute: String) -> Bool { isSPI(attribute) || attribute.hasPrefix("@available(") }

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
    /// enum's `@available`s are on the extension around the member.)
    public static func copied(from enumCase: EnumCaseDeclaration, in enumAttributes: [String]) -> [String] {
        var result = enumAttributes.filter(isSPI)
        for attribute in enumCase.attributes where (isSPI(attribute) && !result.contains(attribute))
            || attribute.hasPrefix("@available") {
            result.append(attribute)
        }
        return result
    }
}
