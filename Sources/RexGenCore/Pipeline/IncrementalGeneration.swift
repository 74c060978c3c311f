import Foundation

/// `rexgen generate --output DIR` (and the build plugin): a full run, unless the cache in DIR shows that
/// nothing it read or wrote has changed since the last successful one.
public enum IncrementalGeneration {
    public enum Outcome: Sendable {
        /// Nothing changed: the files in DIR are current. The diagnostics are the last run's, to show again.
        case upToDate(diagnostics: [String])
        case generated(Pipeline.Result, OutputDirectory.WriteResult)
    }

    /// - Parameter configurationFile: the `rexgen.yml` the options came from, which is an input too.
    public static func run(_ options: GenerationOptions, outputDirectory: String, configurationFile: String?,
                           templateRenderer: (any TemplateRendering)? = nil) -> Outcome {
        let directory = OutputDirectory(path: outputDirectory)
        let fingerprint = GenerationCache.fingerprint(options)
        let templateFiles = options.templates.filter { name in !TemplateSource.builtIns.contains { $0.name == name } }
        let snapshot = SourceSnapshot.capture(
            options, extraFiles: (configurationFile.map { [$0] } ?? []) + options.cHeaders.headers + templateFiles,
            // The output may sit inside the sources: rewriting it must not look like an input change.
            excluding: outputNames(options).map(directory.filePath))
        if let cache = GenerationCache.load(from: directory), cache.fingerprint == fingerprint, cache.inputs == snapshot,
           !cache.outputs.isEmpty,
           cache.outputs.allSatisfy({ SourceSnapshot.signature(of: directory.filePath($0.key)) == $0.value }) {
            return .upToDate(diagnostics: cache.diagnostics)
        }
        let result = Pipeline.run(options, templateRenderer: templateRenderer)
        guard !result.hasErrors else {
            GenerationCache.remove(from: directory)
            return .generated(result, OutputDirectory.WriteResult())
        }
        let written = directory.write(result.files)
        if written.diagnostics.isEmpty {
            var outputs: [String: SourceSnapshot.Signature] = [:]
            for file in result.files {
                outputs[file.name] = SourceSnapshot.signature(of: directory.filePath(file.name))
            }
            GenerationCache(fingerprint: fingerprint, inputs: snapshot, outputs: outputs,
                            diagnostics: result.diagnostics.map(\.description)).save(to: directory)
        } else {
            GenerationCache.remove(from: directory)
        }
        return .generated(result, written)
    }

    /// The files a run writes, known before it runs: the two default outputs, or one per template.
    static func outputNames(_ options: GenerationOptions) -> [String] {
        guard !options.templates.isEmpty else {
            var diagnostics: [Diagnostic] = []
            let perSource = options.filePerSource
                ? SourceFileCollector.swiftFiles(in: options.sources, diagnostics: &diagnostics)
                    .map(EnumPropertiesRenderer.perSourceFileName) : []
            return [EnumPropertiesRenderer.fileName] + perSource + (options.lift == .none ? [] : [LiftRenderer.fileName])
        }
        return options.templates.map { nameOrPath in
            TemplateSource.builtIns.first { $0.name == nameOrPath }?.outputFileName
                ?? ((nameOrPath as NSString).lastPathComponent as NSString).deletingPathExtension + ".generated.swift"
        }
    }
}
