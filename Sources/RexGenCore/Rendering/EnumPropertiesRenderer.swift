/// Writes DESIGN.md's "Output 1": an optional-returning property and an `is<Case>` property per case.
public enum EnumPropertiesRenderer {
    public static let fileName = "EnumProperties.generated.swift"
    public static let purpose = "Enum properties for action enums."

    public static func render(_ plan: EnumPropertiesPlan) -> GeneratedFile {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        ImportsRenderer.write(plan.imports, to: &writer)
        for plannedEnum in plan.enums {
            let cases = plannedEnum.cases.filter { $0.generatesValueProperty || $0.generatesIsProperty }
            guard !cases.isEmpty else { continue }
            writer.line()
            writer.line("// MARK: - \(plannedEnum.declaration.qualifiedName)")
            writer.line()
            writer.conditionally(plannedEnum.declaration.ifConfig) { writer in
                writer.line("extension \(plannedEnum.declaration.qualifiedNameForExtension) {")
                writer.indented { writer in
                    for plannedCase in cases {
                        writer.conditionally(plannedCase.declaration.ifConfig) { writer in
                            writeProperties(for: plannedCase, access: plannedEnum.access.memberKeyword, to: &writer)
                        }
                    }
                }
                writer.line("}")
            }
        }
        return GeneratedFile(name: fileName, contents: writer.text)
    }

    private static func writeProperties(for plannedCase: PlannedCase, access: String, to writer: inout SwiftCodeWriter) {
        let shape = PropertyShape(plannedCase.declaration)
        if plannedCase.generatesValueProperty {
            shape.availability.forEach { writer.line($0) }
            if let setter = shape.setter {
                writer.line("\(access) var \(shape.name): \(shape.type)? {")
                writer.indented { writer in
                    writer.line("get { \(shape.getter) }")
                    writer.line("set { \(setter) }")
                }
                writer.line("}")
            } else {
                writer.line("\(access) var \(shape.name): \(shape.type)? { \(shape.getter) }")
            }
        }
        if plannedCase.generatesIsProperty {
            shape.availability.forEach { writer.line($0) }
            writer.line("\(access) var \(shape.isName): Bool { \(shape.isBody(usesValueProperty: plannedCase.generatesValueProperty)) }")
        }
    }
}

extension EnumDeclaration {
    /// The name an extension must use: nested names joined, each backticked when it needs to be.
    public var qualifiedNameForExtension: String {
        qualifiedNameComponents.enumerated().map { index, component in
            // After a dot, `Type` and `Protocol` would mean the metatype unless backticked.
            index > 0 && SwiftNames.memberTypeNamesNeedingBackticks.contains(component)
                ? "`\(component)`" : SwiftNames.escaped(component)
        }.joined(separator: ".")
    }
}

/// Type-text rules for payloads.
enum PayloadType {
    /// `Int` stays `Int` in `Int?`, but `(Int) -> Void`, `any P` and `P & Q` need parentheses first.
    static func wrappedForOptional(_ type: String) -> String {
        needsParentheses(type) ? "(\(type))" : type
    }

    static func needsParentheses(_ type: String) -> Bool {
        if type.hasPrefix("@") || type.hasPrefix("any ") || type.hasPrefix("some ") || type.hasPrefix("each ")
            || type.hasPrefix("repeat ") || type.hasPrefix("sending ") || type.hasPrefix("borrowing ")
            || type.hasPrefix("consuming ") || type.hasPrefix("~") {
            return true
        }
        var depth = 0
        var previous: Character = " "
        for character in type {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case ">" where depth == 0: return true   // `->` outside brackets: a function type
            case "&" where depth == 0: return true
            case "!" where depth == 0: return true
            default: break
            }
            previous = character
        }
        // `async`/`throws` can only appear in function types, which the arrow already caught.
        return false
    }
}

/// Writes the imports a generated file needs, each under the `#if` it was under.
enum ImportsRenderer {
    static func write(_ imports: [ImportDeclaration], to writer: inout SwiftCodeWriter) {
        let unconditional = Set(imports.filter { $0.ifConfig.isEmpty }.map(\.text)).sorted()
        let conditional = imports.filter { !$0.ifConfig.isEmpty }
        guard !unconditional.isEmpty || !conditional.isEmpty else { return }
        writer.line()
        unconditional.forEach { writer.line($0) }
        for declaration in conditional {
            writer.conditionally(declaration.ifConfig) { $0.line(declaration.text) }
        }
    }
}
