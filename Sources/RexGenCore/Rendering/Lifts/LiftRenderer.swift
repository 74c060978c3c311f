/// Writes DESIGN.md's "Output 2": per root, `<Root>Convertible` and its conformances (framework-neutral),
/// then each framework's one-call lifts inside `#if canImport(<Module>)` (see `LiftFrameworkSection`); and
/// "Output 3", Reactor's, which has no root (see `ReactorLifts`).
public enum LiftRenderer {
    public static let fileName = OutputLayout.liftFileName
    public static let purpose = "Lift extensions for the action tree."

    /// What the file imports for its framework sections: each module with the imports it needs, in the
    /// order of the sections (the same for every root), then Reactor for its own section. A module the
    /// sources import at a stated access level (`public import SwiftRex`) is left out: a plain import beside
    /// it draws Swift's warning that one of the two levels is ignored.
    public static func frameworkImports(_ plan: LiftPlan) -> [(module: String, imports: [String])] {
        let reactor = plan.reactor == nil ? [] : [(module: "Reactor", imports: ["Reactor"])]
        guard let root = plan.roots.first else { return reactor }
        let importedAtAStatedLevel = Set(plan.imports.filter { $0.ifConfig.isEmpty && !$0.isScoped && $0.statedAccess != nil }
            .compactMap(\.moduleName).map(String.init))
        let sections = frameworkSections(for: root, in: plan).compactMap { section in section.module.map { ($0, section.imports) } }
        return (sections + reactor).compactMap { module, imports in
            let needed = imports.filter { !importedAtAStatedLevel.contains($0) }
            return needed.isEmpty ? nil : (module: module, imports: needed)
        }
    }

    /// The one-call lifts of every framework the plan names, for one root.
    public static func frameworkSections(for root: RootPlan, in plan: LiftPlan) -> [LiftFrameworkSection] {
        var sections: [LiftFrameworkSection] = []
        let frameworks = plan.frameworks
        // Both feedback libraries' release APIs take a reducer that is a plain function type: one pullback
        // serves both, written once so that a module with both does not declare it twice.
        if frameworks.contains(.reactiveFeedback) || (frameworks.contains(.combineFeedback) && plan.combineFeedbackAPI == .release) {
            sections.append(FeedbackLifts.functionReducerSection(for: root))
        }
        for framework in frameworks.frameworks {
            switch framework {
            case .swiftRex: sections += SwiftRexLifts.sections(for: root)
            case .combineFeedback: sections.append(CombineFeedbackLifts.section(for: root, api: plan.combineFeedbackAPI))
            case .reactiveFeedback: sections.append(ReactiveFeedbackLifts.section(for: root))
            case .reactor: break  // not a root's: written once, after the roots (`ReactorLifts`)
            }
        }
        return sections.map { $0.marked(root.availability) }
    }

    public static func render(_ plan: LiftPlan) -> GeneratedFile {
        render(plan, reusing: nil).file
    }

    /// The lift file, with where each conformance lies in it; a conformance whose key is in `previous` is
    /// copied from the last run's file instead of rendered (after an edit that changes the tree, most are).
    static func render(_ plan: LiftPlan, reusing previous: RenderedSections?)
        -> (file: GeneratedFile, sections: [RenderedSections.Record], renderedCount: Int) {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        let frameworkImports = frameworkImports(plan)
        if !frameworkImports.isEmpty { writer.line() }
        for (module, imports) in frameworkImports {
            writer.line("#if canImport(\(module))")
            imports.forEach { writer.line("import \($0)") }
            writer.line("#endif")
        }
        ImportsRenderer.write(plan.imports, to: &writer)
        var sections: [RenderedSections.Record] = []
        var renderedCount = 0
        for root in plan.roots {
            writeRoot(root, in: plan, reusing: previous, to: &writer, sections: &sections, renderedCount: &renderedCount)
        }
        if let reactor = plan.reactor { ReactorLifts.write(reactor, to: &writer) }
        return (GeneratedFile(name: fileName, contents: writer.text), sections, renderedCount)
    }

    private static func writeRoot(_ root: RootPlan, in plan: LiftPlan, reusing previous: RenderedSections?,
                                  to writer: inout SwiftCodeWriter, sections: inout [RenderedSections.Record],
                                  renderedCount: inout Int) {
        let access = root.access.memberKeyword
        let declaredType = root.declaration.qualifiedNameForExtension
        let rootType = root.aliasName
        let camel = root.camelName
        let protocolName = root.protocolName
        writer.line()
        writer.line("// MARK: - \(root.declaration.qualifiedName)")
        writer.line()
        writer.conditionally(root.declaration.ifConfig) { writer in
            let availability = root.availability
            writer.line("/// An action that \(declaredType) can carry: extracted from it and wrapped into it through every level.")
            availability.forEach { writer.line($0) }
            writer.line("\(access) protocol \(protocolName) {")
            writer.indented { writer in
                writer.line("/// The action inside `\(camel)`, or nil when `\(camel)` is not on this action's path.")
                writer.line("init?(\(camel): \(root.requirementTypeName))")
                writer.line("/// This action wrapped into the root action.")
                writer.line("var \(camel): \(root.requirementTypeName) { get }")
            }
            writer.line("}")
            writer.line()
            writer.line("/// `\(declaredType)` under a name that no generic parameter or member type shadows: the extensions below name it so.")
            availability.forEach { writer.line($0) }
            writer.line("\(access) typealias \(rootType) = \(declaredType)")
            // A root may have thousands of conformances, each keyed and (unless the last run wrote it)
            // written on its own: on every core.
            let conformances = Parallel.map(count: root.conformances.count, chunk: 64) { index -> (RenderedSections.Key, String?) in
                let conformance = root.conformances[index]
                let key = RenderedSections.key(for: conformance, camel: camel, rootType: rootType, protocolName: protocolName)
                if previous?.ranges[key] != nil { return (key, nil) }
                return (key, conformanceText(conformance, camel: camel, rootType: rootType, protocolName: protocolName))
            }
            sections.reserveCapacity(sections.count + conformances.count)
            var index = 0
            while index < conformances.count {  // not `for … in`: see `SourceFileCollector.collect`
                let (key, rendered) = conformances[index]
                index += 1
                let start = writer.text.utf8.count
                if let rendered {
                    writer.append(unindented: rendered)
                    renderedCount += 1
                } else if let copied = previous?.text(for: key) {
                    writer.append(unindented: copied)
                }
                sections.append(RenderedSections.Record(key: key, range: start..<writer.text.utf8.count))
            }
            for section in frameworkSections(for: root, in: plan) {
                section.write(to: &writer)
            }
        }
    }

    /// One conformance, after a blank line, at indentation zero: written with plain appends into one string
    /// rather than interpolation and writer closures, since this runs once per conformance (ten thousand
    /// times for a modular app), and in the debug build the build plugin runs each interpolation is a
    /// generic call.
    static func conformanceText(_ conformance: ConformancePlan, camel: String, rootType: String,
                                        protocolName: String) -> String {
        let access = conformance.access.memberKeyword
        var text = "\n"
        text.reserveCapacity(384)
        if !conformance.ifConfig.isEmpty { text += conformance.ifConfig.openingDirectives }
        for attribute in conformance.availability {
            text += attribute
            text += "\n"
        }
        text += "extension "
        text += conformance.typeName
        text += ": "
        text += protocolName
        text += conformance.whereClause
        text += " {\n    "
        // `public nonisolated init?(appAction: AppAction` and `public nonisolated var appAction: AppAction`:
        // nonisolated, as Swift's synthesized `allCases` is, since they only build and match enum values, and
        // the conformance of an enum isolated to a global actor (by an attribute, or a protocol it conforms
        // to) would otherwise cross into that actor, which Swift 6 rejects.
        func member(_ keyword: String) {
            text += access
            text += " nonisolated"
            text += keyword
            text += camel
            text += ": "
            text += rootType
        }
        member(" init?(")
        if conformance.path.isEmpty {
            text += ") { self = "
            text += camel
            text += " }\n    "
        } else {
            text += ") {\n        guard case let "
            text += conformance.extractionPattern
            text += " = "
            text += camel
            text += " else { return nil }\n        self = value\n    }\n    "
        }
        member(" var ")
        text += " { "
        text += conformance.path.isEmpty ? "self" : conformance.embedding
        text += " }\n}\n"
        if !conformance.ifConfig.isEmpty { text += conformance.ifConfig.closingDirectives }
        return text
    }
}
