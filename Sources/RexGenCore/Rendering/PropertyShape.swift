/// The Swift text of one case's generated properties, computed once and used by both the native renderer
/// and the template context, so a template can rebuild the default output exactly.
public struct PropertyShape: Sendable, Equatable {
    /// The property name as written (backticked when it must be): `movie`, `` `default` ``.
    public var name: String
    /// `.movie`: the case as a pattern.
    public var pattern: String
    /// The value property's type without the trailing `?`: `Void`, `MovieAction`, `(name: String, greeting: String)`.
    public var type: String
    /// The getter body: `guard case let .movie(value) = self else { return nil }; return value`.
    public var getter: String
    /// The setter body, or nil when the payload cannot be rebuilt (no payload, or a variadic one).
    public var setter: String?
    /// `isMovie`.
    public var isName: String
    /// The attributes each generated member carries: `@available` copied from the case, and `@_spi` copied
    /// from the case, the enum and its enclosing declarations (see `InheritedAttributes`).
    public var availability: [String]

    /// - Parameters:
    ///   - payloadTypes: each payload's type as the generated code writes it (see
    ///     `PlannedCase.payloadTypes`); the types as declared when nil.
    ///   - enumAttributes: the attributes of the enum that declares the case.
    ///   - enumIsNoncopyable: the enum is `~Copyable` (see `isBody(usesValueProperty:)`).
    public init(_ enumCase: EnumCaseDeclaration, payloadTypes: [String]? = nil, enumAttributes: [String] = [],
                enumIsNoncopyable: Bool = false) {
        isNoncopyable = enumIsNoncopyable
        name = SwiftNames.escaped(enumCase.name)
        pattern = "." + SwiftNames.escaped(enumCase.name)
        isName = SwiftNames.escaped(SwiftNames.isPropertyName(for: enumCase.name))
        availability = InheritedAttributes.copied(from: enumCase, in: enumAttributes)
        guard var values = enumCase.associatedValues, !values.isEmpty else {
            // Qualified, as `Swift.Bool` is: a module may declare a `Void` of its own.
            type = "Swift.Void"
            getter = "guard case \(pattern) = self else { return nil }; return ()"
            setter = nil
            return
        }
        if let payloadTypes, payloadTypes.count == values.count {
            for index in values.indices { values[index].typeText = payloadTypes[index] }
        }
        let bindings: String
        let result: String
        let rebuilt: String
        // Argument labels may be keywords without backticks (`.search(in:)`), but `inout` (`SwiftNames.label`).
        if values.count == 1 {
            let value = values[0]
            type = value.isVariadic ? "[\(value.typeText)]" : PayloadType.wrappedForOptional(value.typeText)
            bindings = "value"
            result = "value"
            rebuilt = (value.label.map { SwiftNames.label($0) + ": " } ?? "") + "newValue"
        } else {
            type = "(" + values.map { value in
                (value.label.map { SwiftNames.label($0) + ": " } ?? "") + (value.isVariadic ? "[\(value.typeText)]" : value.typeText)
            }.joined(separator: ", ") + ")"
            bindings = values.indices.map { "value\($0)" }.joined(separator: ", ")
            result = "(" + values.enumerated().map { index, value in
                (value.label.map { SwiftNames.label($0) + ": " } ?? "") + "value\(index)"
            }.joined(separator: ", ") + ")"
            rebuilt = values.enumerated().map { index, value in
                (value.label.map { SwiftNames.label($0) + ": " } ?? "") + "newValue.\(index)"
            }.joined(separator: ", ")
        }
        getter = "guard case let \(pattern)(\(bindings)) = self else { return nil }; return \(result)"
        setter = values.contains(where: \.isVariadic)
            ? nil : "guard case \(pattern) = self, let newValue else { return }; self = \(pattern)(\(rebuilt))"
    }

    private let isNoncopyable: Bool

    /// The `is<Case>` body: through the value property when RexGen generates it, else by matching the case
    /// (the value property is then not ours, or not there, so `self.<case>` could mean something else). A
    /// `~Copyable` enum's value is only borrowed in a getter, which `guard case` would consume: a `switch`
    /// matches it in place.
    public func isBody(usesValueProperty: Bool) -> String {
        if usesValueProperty { return "self.\(name) != nil" }
        if isNoncopyable { return "switch self { case \(pattern): return true; default: return false }" }
        return "guard case \(pattern) = self else { return false }; return true"
    }
}
