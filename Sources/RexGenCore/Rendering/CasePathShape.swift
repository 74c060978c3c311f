/// The Swift text of one case's swift-case-paths case path, as the `@CasePathable` macro would declare it in
/// `AllCasePaths`, but built with the public `AnyCasePath(embed:extract:)`. Computed once for the native
/// renderer and the template context, so a template can rebuild the default output exactly.
public struct CasePathShape: Sendable, Equatable {
    /// The property name, backticked when it must be: `movie`, `` `default` ``.
    public var name: String
    /// The case path's value: `Void`, `MovieAction`, `(name: String, greeting: String)`.
    public var valueType: String
    /// `{ AppAction.movie($0) }`.
    public var embed: String
    /// `{ guard case let .movie(v0) = $0 else { return nil }; return v0 }`.
    public var extract: String
    /// The attributes copied to the case path: as `PropertyShape.availability`.
    public var availability: [String]

    /// Nil for a case no case path can rebuild (a variadic payload).
    public init?(_ plannedCase: PlannedCase, enumType: String, enumAttributes: [String] = []) {
        let enumCase = plannedCase.declaration
        let property = PropertyShape(enumCase, payloadTypes: plannedCase.payloadTypes, enumAttributes: enumAttributes)
        name = property.name
        availability = property.availability
        let pattern = property.pattern
        guard let values = enumCase.associatedValues, !values.isEmpty else {
            valueType = "Swift.Void"
            embed = "{ \(enumType)\(pattern) }"
            extract = "{ guard case \(pattern) = $0 else { return nil }; return () }"
            return
        }
        guard !values.contains(where: \.isVariadic) else { return nil }
        valueType = Self.replacingSelf(in: property.type, with: enumType)
        let labels = values.map { $0.label.map { SwiftNames.label($0) + ": " } ?? "" }
        if values.count == 1 {
            embed = "{ \(enumType)\(pattern)(\(labels[0])$0) }"
            extract = "{ guard case let \(pattern)(v0) = $0 else { return nil }; return v0 }"
        } else {
            embed = "{ \(enumType)\(pattern)(" + labels.enumerated().map { "\($1)$0.\($0)" }.joined(separator: ", ") + ") }"
            let bindings = values.indices.map { "v\($0)" }.joined(separator: ", ")
            extract = "{ guard case let \(pattern)(\(bindings)) = $0 else { return nil }; return (\(bindings)) }"
        }
    }

    /// `Self` in a payload (`case array([Self])`) means the enum, but in `AllCasePaths` it means that struct.
    static func replacingSelf(in type: String, with enumType: String) -> String {
        var result = type
        for range in TypeTextNames(type).selfRanges.reversed() { result.replaceSubrange(range, with: enumType) }
        return result
    }

    /// A deprecated or restricted case keeps its case path, but stays out of `allCasePaths`' iteration and
    /// its subscript, which would otherwise use it without the same `@available` and draw a warning. `@_spi`
    /// restricts no use inside the module, so an SPI case (or every case of an SPI enum) is iterated.
    public var isIterable: Bool { !availability.contains { $0.hasPrefix("@available") } }
}

/// An enum's `AllCasePaths`, as the native renderer and the template context both write it.
public struct AllCasePathsShape: Sendable {
    /// One per case that gets a case path, with the `#if` clauses the case sits under.
    public var paths: [(ifConfig: [IfConfigClause], path: CasePathShape)]

    public init(_ plannedEnum: PlannedEnum) {
        let type = PlannedEnum.casePathsRootAlias
        paths = plannedEnum.cases.compactMap { plannedCase in
            guard plannedCase.hasCasePath else { return nil }
            return CasePathShape(plannedCase, enumType: type, enumAttributes: plannedEnum.declaration.attributes).map { (plannedCase.declaration.ifConfig, $0) }
        }
    }

    /// The cases `allCasePaths` iterates and its subscript answers.
    public var iterable: [(ifConfig: [IfConfigClause], path: CasePathShape)] { paths.filter(\.path.isIterable) }

    /// `let` when nothing is ever appended to the iterator's array, else `var`.
    public var iteratorKeyword: String { iterable.isEmpty ? "let" : "var" }

    /// Every append is under `#if` and may be compiled out: one that always runs keeps `var` needed.
    public var appendsNothingFirst: Bool { !iterable.isEmpty && iterable.allSatisfy { !$0.ifConfig.isEmpty } }
}
