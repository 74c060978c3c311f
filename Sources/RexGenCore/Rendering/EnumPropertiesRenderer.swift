#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes DESIGN.md's "Output 1": an optional-returning property and an `is<Case>` property per case.
public enum EnumPropertiesRenderer {
    public static let fileName = OutputLayout.enumPropertiesFileName
    public static let purpose = "Enum properties for action enums."

    /// The suffix of the files `renderPerSource` names after their source file.
    public static let perSourceSuffix = OutputLayout.perSourceSuffix

    public static func render(_ plan: EnumPropertiesPlan) -> GeneratedFile {
        render(plan, reusing: nil).file
    }

    /// See `OutputLayout.perSourceFileName(for:)`.
    public static func perSourceFileName(for sourcePath: String) -> String {
        OutputLayout.perSourceFileName(for: sourcePath)
    }

    /// - Parameter previous: the last run's sections; those whose inputs did not change are copied.
    /// - Returns: the file, where each enum's section lies in it (for the next run), and how many sections
    ///   were rendered rather than copied.
    static func render(_ plan: EnumPropertiesPlan, reusing previous: RenderedSections?)
        -> (file: GeneratedFile, sections: [RenderedSections.Record], renderedCount: Int) {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        ImportsRenderer.write(plan.imports, to: &writer)
        // Each enum's section depends on that enum alone, so sections are rendered on every core.
        let parts = Parallel.map(count: plan.enums.count, chunk: 32) { index -> (RenderedSections.Key, String?) in
            let key = RenderedSections.key(for: plan.enums[index])
            if previous?.ranges[key] != nil { return (key, nil) }
            return (key, section(for: plan.enums[index]))
        }
        // Where each section goes, then each appended: text copied from the previous file is already a
        // validated `String`, so the megabytes are copied, never checked again.
        var contents = writer.text
        var records: [RenderedSections.Record] = []
        records.reserveCapacity(parts.count)
        var end = contents.utf8.count
        for (key, text) in parts {
            let length = text?.utf8.count ?? previous?.ranges[key]?.count ?? 0
            records.append(RenderedSections.Record(key: key, range: end..<(end + length)))
            end += length
        }
        contents.reserveCapacity(end)
        for (key, text) in parts {
            if let text {
                contents += text
            } else if let copied = previous?.text(for: key) {
                contents += copied
            }
        }
        return (GeneratedFile(name: fileName, contents: contents), records, parts.reduce(0) { $0 + ($1.1 == nil ? 0 : 1) })
    }

    /// The text for one enum: a blank line, a mark, and the extension with its properties; empty when no
    /// case gets a property.
    static func section(for plannedEnum: PlannedEnum) -> String {
        let cases = plannedEnum.cases.filter { $0.generatesValueProperty || $0.generatesIsProperty }
        guard !cases.isEmpty || plannedEnum.generatesCasePaths else { return "" }
        var writer = SwiftCodeWriter()
        writer.line()
        writer.line("// MARK: - \(plannedEnum.declaration.qualifiedName)")
        writer.line()
        let attributes = plannedEnum.extensionAttributes
        writer.conditionally(plannedEnum.declaration.ifConfig) { writer in
            if !cases.isEmpty {
                attributes.forEach { writer.line($0) }
                writer.line("extension \(plannedEnum.declaration.qualifiedNameForExtension) {")
                writer.indented { writer in
                    let access = plannedEnum.access.memberKeyword
                    for plannedCase in cases {
                        writer.conditionally(plannedCase.declaration.ifConfig) { writer in
                            writeProperties(for: plannedCase, enumAttributes: plannedEnum.declaration.attributes,
                                            enumIsNoncopyable: plannedEnum.declaration.isNoncopyable,
                                            access: access, to: &writer)
                        }
                    }
                }
                writer.line("}")
            }
            if plannedEnum.generatesCasePaths {
                if !cases.isEmpty { writer.line() }
                writeCasePaths(plannedEnum, attributes: attributes, to: &writer)
            }
        }
        return writer.text
    }

    /// swift-case-paths' `CasePathable` and `CasePathIterable`, as the macro would write them.
    private static func writeCasePaths(_ plannedEnum: PlannedEnum, attributes: [String], to writer: inout SwiftCodeWriter) {
        let extended = plannedEnum.declaration.qualifiedNameForExtension
        let type = PlannedEnum.casePathsRootAlias
        let access = plannedEnum.access.memberKeyword
        let witness = plannedEnum.casePathsWitnessAccess
        let shape = AllCasePathsShape(plannedEnum)
        let iterable = shape.iterable
        writer.line("#if canImport(CasePathsCore)")
        attributes.forEach { writer.line($0) }
        writer.line("extension \(extended): CasePathsCore.CasePathable, CasePathsCore.CasePathIterable {}")
        writer.line()
        attributes.forEach { writer.line($0) }
        writer.line("extension \(extended) {")
        writer.indented { writer in
            writer.line("\(witness) typealias \(type) = Self")
            writer.line("\(witness) struct AllCasePaths: CasePathsCore.CasePathReflectable, Swift.Sendable, Swift.Sequence {")
            writer.indented { writer in
                writer.line("\(witness) subscript(root: \(type)) -> CasePathsCore.PartialCaseKeyPath<\(type)> {")
                writer.indented { writer in
                    for (ifConfig, path) in iterable {
                        writer.conditionally(ifConfig) { $0.line("if root.is(\\.\(path.name)) { return \\.\(path.name) }") }
                    }
                    writer.line("return \\.never")
                }
                writer.line("}")
                for (ifConfig, path) in shape.paths {
                    writer.conditionally(ifConfig) { writer in
                        path.availability.forEach { writer.line($0) }
                        writer.line("\(access) var \(path.name): CasePathsCore.AnyCasePath<\(type), \(path.valueType)> {")
                        writer.line("    CasePathsCore.AnyCasePath(embed: \(path.embed), extract: \(path.extract))")
                        writer.line("}")
                    }
                }
                writer.line("\(witness) func makeIterator() -> Swift.IndexingIterator<[CasePathsCore.PartialCaseKeyPath<\(type)>]> {")
                writer.indented { writer in
                    writer.line("\(shape.iteratorKeyword) allCasePaths: [CasePathsCore.PartialCaseKeyPath<\(type)>] = []")
                    if shape.appendsNothingFirst { writer.line("allCasePaths.append(contentsOf: [])") }
                    for (ifConfig, path) in iterable {
                        writer.conditionally(ifConfig) { $0.line("allCasePaths.append(\\.\(path.name))") }
                    }
                    writer.line("return allCasePaths.makeIterator()")
                }
                writer.line("}")
            }
            writer.line("}")
            writer.line()
            writer.line("\(witness) static var allCasePaths: AllCasePaths { AllCasePaths() }")
        }
        writer.line("}")
        writer.line("#endif")
    }

    private static func writeProperties(for plannedCase: PlannedCase, enumAttributes: [String],
                                        enumIsNoncopyable: Bool, access: String,
                                        to writer: inout SwiftCodeWriter) {
        let shape = PropertyShape(plannedCase.declaration, payloadTypes: plannedCase.payloadTypes,
                                  enumAttributes: enumAttributes, enumIsNoncopyable: enumIsNoncopyable)
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
            writer.line("\(access) var \(shape.isName): Swift.Bool { \(shape.isBody(usesValueProperty: plannedCase.generatesValueProperty)) }")
        }
    }
}

extension EnumDeclaration {
    /// The name an extension must use: nested names joined, each backticked when it needs to be.
    public var qualifiedNameForExtension: String { SwiftNames.extensionName(qualifiedNameComponents) }
}

extension SwiftNames {
    /// The name an extension of a type with these qualified name components must use: joined, each
    /// backticked when it needs to be.
    package static func extensionName(_ components: [String]) -> String {
        // A `while` loop and plain appends: ten thousand lift conformances ask for this in the debug build
        // the build plugin runs, where `enumerated().map` and `joined` are unspecialised generic calls.
        var name = ""
        var index = 0
        while index < components.count {
            let component = components[index]
            if index > 0 {
                name += "."
                // After a dot, `Type` and `Protocol` would mean the metatype unless backticked.
                if memberTypeNamesNeedingBackticks.contains(component) {
                    name += "`" + component + "`"
                    index += 1
                    continue
                }
            }
            name += escaped(component)
            index += 1
        }
        return name
    }
}

/// Type-text rules for payloads.
package enum PayloadType {
    /// `Int` stays `Int` in `Int?`, but `(Int) -> Void`, `any P` and `P & Q` need parentheses first.
    static func wrappedForOptional(_ type: String) -> String {
        needsParentheses(type) ? "(\(type))" : type
    }

    package static func needsParentheses(_ type: String) -> Bool {
        // Every prefix below starts with one of these bytes: most types skip the comparisons.
        if let first = type.utf8.first, "@asercb~".utf8.contains(first), startsWithWrappingKeyword(type) { return true }
        if type.utf8.allSatisfy({ $0 < 0x80 }) { return needsParentheses(asciiType: type) }
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

    /// The same scan over bytes, for ASCII text (where bytes and characters are one and the same).
    private static func needsParentheses(asciiType type: String) -> Bool {
        var depth = 0
        var previous = UInt8(ascii: " ")
        for byte in type.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where previous != UInt8(ascii: "-"): depth -= 1
            case UInt8(ascii: ">") where depth == 0: return true
            case UInt8(ascii: "&") where depth == 0: return true
            case UInt8(ascii: "!") where depth == 0: return true
            default: break
            }
            previous = byte
        }
        return false
    }

    private static func startsWithWrappingKeyword(_ type: String) -> Bool {
        if type.hasPrefix("@") || type.hasPrefix("any ") || type.hasPrefix("some ") || type.hasPrefix("each ")
            || type.hasPrefix("repeat ") || type.hasPrefix("sending ") || type.hasPrefix("borrowing ")
            || type.hasPrefix("consuming ") || type.hasPrefix("~") {
            return true
        }
        return false
    }
}

/// Writes the imports a generated file needs, each under the `#if` it was under.
enum ImportsRenderer {
    static func write(_ imports: [ImportDeclaration], to writer: inout SwiftCodeWriter) {
        let unconditional = Set(imports.filter { $0.ifConfig.isEmpty }.map(\.text)).sorted()
        var seen = Set<ImportDeclaration>()
        let conditional = imports.filter { !$0.ifConfig.isEmpty && seen.insert($0).inserted }
        guard !unconditional.isEmpty || !conditional.isEmpty else { return }
        writer.line()
        unconditional.forEach { writer.line($0) }
        var open: [IfConfigClause] = []
        for declaration in conditional {
            writer.append(unindented: [IfConfigClause].directives(from: open, to: declaration.ifConfig))
            writer.line(declaration.text)
            open = declaration.ifConfig
        }
        writer.append(unindented: open.closingDirectives)
    }
}
