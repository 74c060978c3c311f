/// The one-call lift functions of one framework for one root, as plain values: each framework's builder
/// says what to write, and `LiftRenderer` (or a template, through the same values) writes it. A framework
/// RexGen learns is one more builder, not edits across the renderer.
public struct LiftFrameworkSection: Sendable, Equatable {
    /// The module whose `#if canImport(…)` wraps the section; nil for code that needs no framework.
    public var module: String?
    /// What the lift file imports for the section, under the same `#if canImport(…)`.
    public var imports: [String]
    /// Functions at file scope, before the extensions.
    public var functions: [LiftFunction]
    public var extensions: [LiftExtension]

    public init(module: String?, imports: [String]? = nil, functions: [LiftFunction] = [], extensions: [LiftExtension]) {
        self.module = module
        self.imports = imports ?? module.map { [$0] } ?? []
        self.functions = functions
        self.extensions = extensions
    }
}

/// `extension Subject where … { functions }`.
public struct LiftExtension: Sendable, Equatable {
    /// Attributes on the extension, such as the `@available` a Combine type needs.
    public var attributes: [String]
    public var extendedType: String
    public var constraints: [String]
    public var functions: [LiftFunction]

    public init(attributes: [String] = [], extendedType: String, constraints: [String], functions: [LiftFunction]) {
        self.attributes = attributes
        self.extendedType = extendedType
        self.constraints = constraints
        self.functions = functions
    }

    /// `extension Reducer where ActionType: AppActionConvertible {`.
    public var openingLine: String {
        "extension \(extendedType)" + (constraints.isEmpty ? "" : " where " + constraints.joined(separator: ", ")) + " {"
    }
}

public struct LiftFunction: Sendable, Equatable {
    /// `func` (the default), `static func`, or `static var` for a computed property (no parameters).
    public var keyword: String
    public var documentation: String
    /// Attributes on the function, after its documentation: the root's `@available`s.
    public var attributes: [String] = []
    /// `public`, `internal`, …: the root's access level.
    public var access: String
    public var name: String
    public var genericParameters: [String]
    /// Each parameter as declared: `state: @escaping (GlobalState) -> StateType`.
    public var parameters: [String]
    public var returnType: String
    public var body: [String]

    public init(documentation: String, access: String, keyword: String = "func", name: String,
                genericParameters: [String] = [], parameters: [String] = [], returnType: String, body: [String]) {
        self.keyword = keyword
        self.documentation = documentation
        self.access = access
        self.name = name
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
    }

    /// The declaration up to the opening brace, one line per element: the first line alone when the
    /// function takes no parameters, else one line per parameter and a closing line with the result.
    public var signatureLines: [String] {
        let head = "\(access) \(keyword) \(name)" + (genericParameters.isEmpty ? "" : "<" + genericParameters.joined(separator: ", ") + ">")
        if keyword.hasSuffix("var") { return [head + ": \(returnType) {"] }
        guard !parameters.isEmpty else { return [head + "() -> \(returnType) {"] }
        let last = parameters.count - 1
        return [head + "("] + parameters.enumerated().map { "    " + $1 + ($0 < last ? "," : "") }
            + [") -> \(returnType) {"]
    }
}

extension LiftFrameworkSection {
    /// The section with `attributes` on every declaration at file scope (the root's: see
    /// `RootPlan.availability`).
    func marked(_ attributes: [String]) -> LiftFrameworkSection {
        guard !attributes.isEmpty else { return self }
        var section = self
        for index in section.functions.indices {
            section.functions[index].attributes.insert(contentsOf: attributes, at: 0)
        }
        for index in section.extensions.indices {
            section.extensions[index].attributes.insert(contentsOf: attributes, at: 0)
        }
        return section
    }

    /// The section as the lift file holds it, starting with a blank line.
    func write(to writer: inout SwiftCodeWriter) {
        writer.line()
        if let module { writer.line("#if canImport(\(module))") }
        for (index, function) in functions.enumerated() {
            if index > 0 { writer.line() }
            function.write(to: &writer)
        }
        for (index, liftExtension) in extensions.enumerated() {
            if index > 0 || !functions.isEmpty { writer.line() }
            liftExtension.attributes.forEach { writer.line($0) }
            writer.line(liftExtension.openingLine)
            writer.indented { writer in
                for (functionIndex, function) in liftExtension.functions.enumerated() {
                    if functionIndex > 0 { writer.line() }
                    function.write(to: &writer)
                }
            }
            writer.line("}")
        }
        if module != nil { writer.line("#endif") }
    }
}

extension LiftFunction {
    func write(to writer: inout SwiftCodeWriter) {
        writer.line("/// \(documentation)")
        attributes.forEach { writer.line($0) }
        signatureLines.forEach { writer.line($0) }
        writer.indented { writer in body.forEach { writer.line($0) } }
        writer.line("}")
    }
}
