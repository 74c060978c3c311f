/// With `--file-per-source`: one file per Swift source with the properties of the enums declared in it
/// (with that file's imports), plus `EnumProperties.generated.swift` with the rest (enums from C headers).
/// Every file is written even when empty, so an edit to one enum rewrites one small file and the compiler
/// rebuilds only that one, instead of one file holding every enum's properties.
extension EnumPropertiesRenderer {
    public static func renderPerSource(_ plan: EnumPropertiesPlan, sourcePaths: [String]) -> [GeneratedFile] {
        planPerSource(plan, sourcePaths: sourcePaths, unchanged: [:]).renderAll()
    }

    /// Which per-source files there are and which must be rendered, without rendering them yet: those whose
    /// render key is in `unchanged` (file name → the key of what is on disk, as the last run wrote it) would
    /// come out byte for byte the same, so they are neither rendered nor written again. With thousands of
    /// sources that is most of a run's rendering.
    static func planPerSource(_ plan: EnumPropertiesPlan, sourcePaths: [String],
                              unchanged: [String: RenderedSections.Key]) -> PerSourceFiles {
        let keys = Parallel.map(count: plan.enums.count, chunk: 32) { RenderedSections.key(for: plan.enums[$0]) }
        var enumsByFile: [String: [Int]] = [:]
        for (index, plannedEnum) in plan.enums.enumerated() {
            enumsByFile[plannedEnum.declaration.location.file, default: []].append(index)
        }
        let otherFiles = Set(enumsByFile.keys).subtracting(sourcePaths).sorted()
        var outputs = [PerSourceFiles.Output(name: fileName, enums: otherFiles.flatMap { enumsByFile[$0] ?? [] }.sorted(),
                                             imports: otherFiles.flatMap { plan.importsByFile[$0] ?? [] })]
        outputs += sourcePaths.map { path in
            PerSourceFiles.Output(name: perSourceFileName(for: path), enums: enumsByFile[path] ?? [],
                                  imports: plan.importsByFile[path] ?? [])
        }
        var files = PerSourceFiles(plan: plan)
        for output in outputs {
            let key = RenderedSections.key(forFileWith: output.enums.map { keys[$0] }, imports: output.imports)
            files.keys[output.name] = key
            if unchanged[output.name] == key {
                files.unchanged.append(output.name)
            } else {
                files.toRender.append(output)
            }
        }
        return files
    }

    static func text(sections: [String], imports: [ImportDeclaration]) -> String {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        ImportsRenderer.write(imports, to: &writer)
        // Room for the whole file at once: grown append by append, a file's storage ends up to twice its size.
        var text = writer.text
        text.reserveCapacity(sections.reduce(text.utf8.count) { $0 + $1.utf8.count })
        for section in sections { text += section }
        return text
    }
}

/// The per-source files a run writes, planned but rendered only when asked for, a range at a time: with tens
/// of thousands of sources, their text (as much as the model) need not be held all at once when each range
/// is written before the next is rendered (see `IncrementalGeneration`).
public struct PerSourceFiles: Sendable {
    struct Output: Sendable {
        var name: String
        /// Indexes into the plan's enums, in plan order.
        var enums: [Int]
        var imports: [ImportDeclaration]
    }

    let plan: EnumPropertiesPlan
    /// The files to render, in output order.
    var toRender: [Output] = []
    /// Files whose content would not change: not rendered.
    var unchanged: [String] = []
    /// Every file's render key, rendered or not.
    var keys: [String: RenderedSections.Key] = [:]

    init(plan: EnumPropertiesPlan) {
        self.plan = plan
    }

    var count: Int { toRender.count }
    var names: [String] { toRender.map(\.name) }

    /// Files `range` of `toRender`, on every core. Each file's sections are joined as soon as they are
    /// rendered: rendering every section first kept all of them beside the files they were joined into.
    func render(_ range: Range<Int>) -> [GeneratedFile] {
        let plan = plan, toRender = toRender
        return Parallel.map(count: range.count, chunk: 16) { offset in
            let output = toRender[range.lowerBound + offset]
            let sections = output.enums.map { EnumPropertiesRenderer.section(for: plan.enums[$0]) }
            return GeneratedFile(name: output.name, contents: EnumPropertiesRenderer.text(sections: sections, imports: output.imports))
        }
    }

    func renderAll() -> [GeneratedFile] { render(0..<count) }
}
