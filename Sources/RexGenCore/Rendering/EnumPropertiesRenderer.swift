/// Writes DESIGN.md's "Output 1": an optional-returning property and an `is<Case>` property per case.
public enum EnumPropertiesRenderer {
    public static let fileName = "EnumProperties.generated.swift"
    public static let purpose = "Enum properties for action enums."

    /// The suffix of the files `renderPerSource` names after their source file.
    public static let perSourceSuffix = "+EnumProperties.generated.swift"

    public static func render(_ plan: EnumPropertiesPlan) -> GeneratedFile {
        GeneratedFile(name: fileName, contents: text(for: plan.enums, imports: plan.imports))
    }

    /// `Foo.swift` → `Foo+EnumProperties.generated.swift`. A Swift module's files have distinct names, so
    /// these are distinct too, and the build plugin can name them all before anything runs.
    public static func perSourceFileName(for sourcePath: String) -> String {
        var name = sourcePath.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? sourcePath
        if name.hasSuffix(".swift") { name.removeLast(".swift".count) }
        return name + perSourceSuffix
    }

    /// One file per Swift source with the properties of the enums declared in it (with that file's
    /// imports), plus `EnumProperties.generated.swift` with the rest (enums from C headers). Every file is
    /// written even when empty, so an edit to one enum rewrites one small file and the compiler rebuilds
    /// only that one, instead of one file holding every enum's properties.
    public static func renderPerSource(_ plan: EnumPropertiesPlan, sourcePaths: [String]) -> [GeneratedFile] {
        let enumsByFile = Dictionary(grouping: plan.enums) { $0.declaration.location.file }
        let sources = Set(sourcePaths)
        let others = plan.enums.filter { !sources.contains($0.declaration.location.file) }
        let otherImports = Set(others.map(\.declaration.location.file)).sorted().flatMap { plan.importsByFile[$0] ?? [] }
        return [GeneratedFile(name: fileName, contents: text(for: others, imports: otherImports))]
            + sourcePaths.map { path in
                GeneratedFile(name: perSourceFileName(for: path),
                              contents: text(for: enumsByFile[path] ?? [], imports: plan.importsByFile[path] ?? []))
            }
    }

    private static func text(for enums: [PlannedEnum], imports: [ImportDeclaration]) -> String {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        ImportsRenderer.write(imports, to: &writer)
        for plannedEnum in enums {
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
        return writer.text
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
package enum PayloadType {
    /// `Int` stays `Int` in `Int?`, but `(Int) -> Void`, `any P` and `P & Q` need parentheses first.
    static func wrappedForOptional(_ type: String) -> String {
        needsParentheses(type) ? "(\(type))" : type
    }

    package static func needsParentheses(_ type: String) -> Bool {
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
