/// Writes DESIGN.md's "Output 2": per root, `<Root>Convertible` and its conformances (framework-neutral),
/// then each framework's one-call lifts inside `#if canImport(<Module>)` (see `LiftFrameworkSection`).
public enum LiftRenderer {
    public static let fileName = "ActionLifts.generated.swift"
    public static let purpose = "Lift extensions for the action tree."

    /// The modules whose lifts the file holds, in the order of their sections.
    public static func frameworkModules(_ plan: LiftPlan) -> [String] {
        plan.roots.first.map { frameworkSections(for: $0).map(\.module) } ?? []
    }

    /// The one-call lifts of every framework for one root.
    public static func frameworkSections(for root: RootPlan) -> [LiftFrameworkSection] {
        SwiftRexLifts.sections(for: root)
    }

    public static func render(_ plan: LiftPlan) -> GeneratedFile {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        let modules = frameworkModules(plan)
        if !modules.isEmpty { writer.line() }
        for module in modules {
            writer.line("#if canImport(\(module))")
            writer.line("import \(module)")
            writer.line("#endif")
        }
        ImportsRenderer.write(plan.imports, to: &writer)
        for root in plan.roots {
            writeRoot(root, to: &writer)
        }
        return GeneratedFile(name: fileName, contents: writer.text)
    }

    private static func writeRoot(_ root: RootPlan, to writer: inout SwiftCodeWriter) {
        let access = root.access.memberKeyword
        let rootType = root.declaration.qualifiedNameForExtension
        let camel = root.camelName
        let protocolName = root.protocolName
        writer.line()
        writer.line("// MARK: - \(root.declaration.qualifiedName)")
        writer.line()
        writer.conditionally(root.declaration.ifConfig) { writer in
            writer.line("/// An action that \(rootType) can carry: extracted from it and wrapped into it through every level.")
            writer.line("\(access) protocol \(protocolName) {")
            writer.indented { writer in
                writer.line("/// The action inside `\(camel)`, or nil when `\(camel)` is not on this action's path.")
                writer.line("init?(\(camel): \(rootType))")
                writer.line("/// This action wrapped into the root action.")
                writer.line("var \(camel): \(rootType) { get }")
            }
            writer.line("}")
            // A root may have thousands of conformances, each written on its own: on every core.
            let conformances = Parallel.map(count: root.conformances.count, chunk: 64) { index in
                var part = SwiftCodeWriter()
                part.line()
                writeConformance(root.conformances[index], camel: camel, rootType: rootType, protocolName: protocolName,
                                 to: &part)
                return part.text
            }
            conformances.forEach { writer.append(unindented: $0) }
            for section in frameworkSections(for: root) {
                section.write(to: &writer)
            }
        }
    }

    private static func writeConformance(_ conformance: ConformancePlan, camel: String, rootType: String,
                                         protocolName: String, to writer: inout SwiftCodeWriter) {
        let access = conformance.access.memberKeyword
        writer.conditionally(conformance.ifConfig) { writer in
            conformance.availability.forEach { writer.line($0) }
            writer.line("extension \(conformance.declaration.qualifiedNameForExtension): \(protocolName)\(conformance.whereClause) {")
            writer.indented { writer in
                if conformance.path.isEmpty {
                    writer.line("\(access) init?(\(camel): \(rootType)) { self = \(camel) }")
                    writer.line("\(access) var \(camel): \(rootType) { self }")
                } else {
                    writer.line("\(access) init?(\(camel): \(rootType)) {")
                    writer.line("    guard case let \(conformance.extractionPattern) = \(camel) else { return nil }")
                    writer.line("    self = value")
                    writer.line("}")
                    writer.line("\(access) var \(camel): \(rootType) { \(conformance.embedding) }")
                }
            }
            writer.line("}")
        }
    }
}
