/// `@_spi(Group)`: a declaration only clients that `@_spi(Group) import` the module see. A public member whose
/// type is SPI must be SPI too, so generated members copy the attribute from the case, the enum and every
/// enclosing type or extension, as they copy `@available` from the case.
public enum SPIAttributes {
    public static func isSPI(_ attribute: String) -> Bool { attribute.hasPrefix("@_spi(") }

    /// `attributes` with every `@_spi(…)` of `inherited` appended that it does not already hold.
    static func adding(_ inherited: [String], to attributes: [String]) -> [String] {
        var result = attributes
        for attribute in inherited where isSPI(attribute) && !result.contains(attribute) {
            result.append(attribute)
        }
        return result
    }

    /// What a generated member of `enumCase` carries: the enum's `@_spi` attributes (which include those of
    /// its enclosing declarations), then the case's own `@_spi` and `@available` ones, in source order.
    public static func copied(from enumCase: EnumCaseDeclaration, in enumAttributes: [String]) -> [String] {
        var result = enumAttributes.filter(isSPI)
        for attribute in enumCase.attributes where (isSPI(attribute) && !result.contains(attribute))
            || attribute.hasPrefix("@available") {
            result.append(attribute)
        }
        return result
    }
}
