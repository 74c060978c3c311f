#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The whole run, one stage after another: sources → parser → model → analysis → rendering.
/// Writing the output is the caller's last step (see `OutputDirectory`), so `check` can compare instead.
public enum Pipeline {
    public struct Result: Sendable {
        public var model: SourceModel
        public var enumProperties: EnumPropertiesPlan
        public var actionTree: ActionTree
        public var lifts: LiftPlan?
        public var files: [GeneratedFile]
        public var diagnostics: [Diagnostic]
        public var timings: [StageTiming]
        /// How many Swift files were read and parsed; the rest came from the cache in the output directory.
        public var parsedFileCount = 0
        /// What the incremental driver records of the rendering for the next run (see `Rendered`).
        var rendered = Rendered()

        /// Input errors mean the output would be incomplete, so it is not written.
        public var hasErrors: Bool { diagnostics.containsErrors }
    }

    /// What rendering records for the next incremental run: where each section lies, with its key, so the
    /// next run can copy it; which per-source files came out as the last run wrote them.
    struct Rendered: Sendable {
        /// Where each enum's section lies in the enum-properties file (empty when templates render instead).
        var sections: [RenderedSections.Record] = []
        /// How many enum sections were rendered; the others were copied from the last run's file.
        var renderedSectionCount = 0
        /// Where each conformance lies in the lift file, and how many were rendered (not copied).
        var liftSections: [RenderedSections.Record] = []
        var renderedLiftSectionCount = 0
        /// With one file per source: files left out of `files` because they would come out as the last run
        /// wrote them (see `IncrementalGeneration`), and every per-source file's render key.
        var unchangedFiles: [String] = []
        var fileKeys: [String: RenderedSections.Key] = [:]
        /// With one file per source, when asked for: the per-source files to write, planned but not rendered
        /// (not in `files`), for the caller to render and write a range at a time.
        var deferredFiles: PerSourceFiles?
    }

    /// What the last run left that this one may copy rather than render (see `IncrementalGeneration`). Each
    /// is asked for only when rendering starts, so it may still be loading while analysis runs.
    struct LastRunOutputs {
        /// The last run's enum-properties sections, to copy those that cannot differ.
        var enumSections: () -> RenderedSections? = { nil }
        /// The last run's lift conformances, likewise.
        var liftSections: () -> RenderedSections? = { nil }
        /// With one file per source, the files on disk as the last run wrote them, by name, with the render
        /// key they were written from.
        var unchangedPerSourceFiles: () -> [String: RenderedSections.Key] = { [:] }
        /// With one file per source, leave the per-source files to the caller (`Rendered.deferredFiles`)
        /// rather than render them all into `files`.
        var defersPerSourceFiles = false
    }

    /// The Swift files a run reads: the sources, then the references that are not also sources.
    public struct InputPaths: Sendable, Equatable {
        public var sources: [String]
        public var references: [String]
        /// In `all`'s order: each file's `stat` signature where the collector took it (a file given by its
        /// path), nil where it still has to be taken.
        var collectedSignatures: [SourceSnapshot.Signature?] = []

        public var all: [String] { sources + references }
    }

    public static func collectPaths(_ options: GenerationOptions, diagnostics: inout [Diagnostic],
                                    timings: inout [StageTiming]) -> InputPaths {
        let clock = Stopwatch()
        let sources = SourceFileCollector.collect(options.sources, diagnostics: &diagnostics)
        var references = SourceFileCollector.collect(options.references, diagnostics: &diagnostics)
        if !references.paths.isEmpty, !sources.paths.isEmpty {
            let sourceSet = Set(sources.paths)
            let kept = references.paths.indices.filter { !sourceSet.contains(references.paths[$0]) }
            if kept.count < references.paths.count {
                references = .init(paths: kept.map { references.paths[$0] }, signatures: kept.map { references.signatures[$0] })
            }
        }
        timings.append(StageTiming(stage: "collect", seconds: clock.seconds,
                                   detail: "\(sources.paths.count + references.paths.count) files"))
        return InputPaths(sources: sources.paths, references: references.paths,
                          collectedSignatures: sources.signatures + references.signatures)
    }

    /// - Parameter summarisingReferences: keep of each reference only what generation reads of it (see
    ///   `ParsedFile.referenceSummary(rules:)`); `dump` shows references whole.
    public static func readModel(_ options: GenerationOptions, summarisingReferences: Bool = false,
                                 diagnostics: inout [Diagnostic], timings: inout [StageTiming]) -> SourceModel {
        let paths = collectPaths(options, diagnostics: &diagnostics, timings: &timings)
        let parseClock = Stopwatch()
        let sources = SourceReadingStage.read(paths.sources)
        let references = SourceReadingStage.read(paths.references,
                                                 summarisingWith: summarisingReferences ? options.selection : nil)
        return makeModel(sources: sources, references: references, options, since: parseClock,
                         detail: "", diagnostics: &diagnostics, timings: &timings)
    }

    /// `readModel`, parsing only the files whose content differs from `memory`'s, which then holds this
    /// run's parses: a process that generates again and again (the watcher) keeps them between runs.
    static func readModel(_ options: GenerationOptions, remembering memory: inout ParseMemory,
                          diagnostics: inout [Diagnostic], timings: inout [StageTiming]) -> SourceModel {
        let paths = collectPaths(options, diagnostics: &diagnostics, timings: &timings)
        let parseClock = Stopwatch()
        if memory.referenceRules != options.selection.referenceSummaryKey {
            memory.references = [:]
            memory.referenceRules = options.selection.referenceSummaryKey
        }
        func read(_ paths: [String], from remembered: inout [String: ParseMemory.Entry],
                  summarisingWith rules: SelectionRules?) -> SourceReadingStage.Output {
            let answers = SourceReadingStage.read(paths.map {
                SourceReadingStage.Request(path: $0, hashesContent: true, cached: remembered[$0], summaryRules: rules)
            })
            remembered = [:]
            for (path, answer) in zip(paths, answers) {
                if let hash = answer.contentHash { remembered[path] = (answer.file, hash) }
                if answer.wasParsed { memory.parsedFileCount += 1 }
            }
            return SourceReadingStage.Output(files: answers.map(\.file), byteCount: answers.reduce(0) { $0 + $1.size })
        }
        memory.parsedFileCount = 0
        var sources = memory.sources, references = memory.references
        let sourceOutput = read(paths.sources, from: &sources, summarisingWith: nil)
        let referenceOutput = read(paths.references, from: &references, summarisingWith: options.selection)
        memory.sources = sources
        memory.references = references
        return makeModel(sources: sourceOutput, references: referenceOutput, options, since: parseClock,
                         detail: ", \(memory.parsedFileCount) parsed", diagnostics: &diagnostics, timings: &timings)
    }

    /// The model from files already read (and perhaps taken from a cache), plus the C headers' enums.
    static func makeModel(sources: SourceReadingStage.Output, references: SourceReadingStage.Output,
                          _ options: GenerationOptions, since parseClock: Stopwatch, detail: String,
                          diagnostics: inout [Diagnostic], timings: inout [StageTiming]) -> SourceModel {
        let headers = CHeaderReader.read(options.cHeaders, diagnostics: &diagnostics)
        let model = SourceModel(files: headers.isEmpty ? sources.files : sources.files + headers,
                                referenceFiles: references.files)
        let bytes = sources.byteCount + references.byteCount
        let seconds = parseClock.seconds
        timings.append(StageTiming(stage: "read+parse", seconds: seconds,
                                   detail: "\(bytes) bytes, \(model.allFiles.reduce(0) { $0 + $1.enums.count }) enums, "
                                       + (seconds > 0 ? Double(bytes) / 1e6 / seconds : 0).formatted(decimals: 0) + " MB/s"
                                       + detail))
        diagnostics += model.diagnostics
        return model
    }

    /// - Parameter templateRenderer: renders `options.templates`; without one, templates are an error.
    /// - Parameter summarisingReferences: false reads references whole, which must come out the same (the
    ///   tests compare both).
    /// `run`, parsing only the files whose content changed since the run that filled `memory`.
    public static func run(_ options: GenerationOptions, templateRenderer: (any TemplateRendering)? = nil,
                           remembering memory: inout ParseMemory) -> Result {
        var diagnostics: [Diagnostic] = []
        var timings: [StageTiming] = []
        let model = readModel(options, remembering: &memory, diagnostics: &diagnostics, timings: &timings)
        var result = analyseAndRender(model, options, diagnostics: diagnostics, timings: timings,
                                      templateRenderer: templateRenderer)
        result.parsedFileCount = memory.parsedFileCount
        return result
    }

    public static func run(_ options: GenerationOptions, templateRenderer: (any TemplateRendering)? = nil,
                           summarisingReferences: Bool = true) -> Result {
        var diagnostics: [Diagnostic] = []
        var timings: [StageTiming] = []
        let model = readModel(options, summarisingReferences: summarisingReferences, diagnostics: &diagnostics,
                              timings: &timings)
        var result = analyseAndRender(model, options, diagnostics: diagnostics, timings: timings,
                                      templateRenderer: templateRenderer)
        result.parsedFileCount = model.files.count + model.referenceFiles.count
        return result
    }

    /// Model → analysis → rendering: everything after the files are read.
    static func analyseAndRender(_ model: SourceModel, _ options: GenerationOptions, diagnostics: [Diagnostic],
                                 timings: [StageTiming], reusing lastRun: LastRunOutputs = LastRunOutputs(),
                                 templateRenderer: (any TemplateRendering)? = nil) -> Result {
        var diagnostics = diagnostics
        var timings = timings
        let analysisClock = Stopwatch()
        // The properties' plan and the action tree are independent: one is worked out on another core while
        // this one builds the other (each spreads its per-enum work over every core as well).
        let qualifier = PayloadTypeQualifier(model: model)
        let planning = Background { () -> (EnumPropertiesPlan, [Diagnostic]) in
            var found: [Diagnostic] = []
            let plan = EnumPropertiesPlanner(model: model, rules: options.selection, casePaths: options.casePaths,
                                             qualifier: qualifier, referenceModules: options.referenceModules)
                .plan(diagnostics: &found)
            return (plan, found)
        }
        var treeDiagnostics: [Diagnostic] = []
        let tree = buildActionTree(model, options, diagnostics: &treeDiagnostics)
        let lifts = options.lift.isEmpty ? nil : LiftPlanner(tree: tree, model: model, frameworks: options.lift,
                                                            combineFeedbackAPI: options.combineFeedbackAPI,
                                                            referenceModules: options.referenceModules, qualifier: qualifier)
            .plan(diagnostics: &treeDiagnostics)
        let (plan, planDiagnostics) = planning.value
        diagnostics += planDiagnostics + treeDiagnostics
        timings.append(StageTiming(stage: "analysis", seconds: analysisClock.seconds,
                                   detail: "\(plan.enums.count) enums selected, \(tree.roots.count) roots"))

        let renderClock = Stopwatch()
        var result = Result(model: model, enumProperties: plan, actionTree: tree, lifts: lifts, files: [],
                            diagnostics: [], timings: [])
        var copiedSections = false
        var copiedLiftSections = false
        if options.templates.isEmpty {
            // The lift file is rendered on another core meanwhile: it depends on the tree alone. The last
            // run's file is asked for here, on this thread, so that no background task waits on another.
            let previousLifts = lifts == nil ? nil : lastRun.liftSections()
            let liftRendering = lifts.map { lifts in Background { LiftRenderer.render(lifts, reusing: previousLifts) } }
            if options.filePerSource {
                let sourcePaths = swiftSourcePaths(model, options)
                diagnostics += duplicateNameErrors(sourcePaths)
                let planned = EnumPropertiesRenderer.planPerSource(plan, sourcePaths: sourcePaths,
                                                                   unchanged: lastRun.unchangedPerSourceFiles())
                if lastRun.defersPerSourceFiles {
                    result.rendered.deferredFiles = planned
                } else {
                    result.files = planned.renderAll()
                }
                result.rendered.unchangedFiles = planned.unchanged
                result.rendered.fileKeys = planned.keys
            } else {
                let previous = lastRun.enumSections()
                copiedSections = previous != nil
                let enumProperties = EnumPropertiesRenderer.render(plan, reusing: previous)
                result.rendered.sections = enumProperties.sections
                result.rendered.renderedSectionCount = enumProperties.renderedCount
                result.files = [enumProperties.file]
            }
            if let lifts = liftRendering?.value {
                result.files.append(lifts.file)
                result.rendered.liftSections = lifts.sections
                result.rendered.renderedLiftSectionCount = lifts.renderedCount
                copiedLiftSections = previousLifts != nil
            }
        } else if let templateRenderer {
            result.files = templateRenderer.render(result, options: options, diagnostics: &diagnostics)
        } else {
            diagnostics.append(.error("templates are rendered by `rexgen` (the CLI or the command plugin); "
                + "the build plugin's tool renders only the built-in outputs",
                                      at: SourceLocation(file: options.templates[0], line: 1, column: 1)))
        }
        let rendered = result.rendered
        timings.append(StageTiming(stage: "render", seconds: renderClock.seconds,
                                   detail: "\(result.files.reduce(0) { $0 + $1.contents.utf8.count }) bytes"
                                       + (!copiedSections ? "" : "; \(rendered.renderedSectionCount) of "
                                           + "\(rendered.sections.count) enum sections rendered, the rest copied")
                                       + (rendered.unchangedFiles.isEmpty ? "" : "; \(rendered.unchangedFiles.count) "
                                           + "per-source files unchanged, not rendered")
                                       + (rendered.deferredFiles.map { "; \($0.count) per-source files rendered as they "
                                           + "are written" } ?? "")
                                       + (!copiedLiftSections ? "" : "; \(rendered.renderedLiftSectionCount) of "
                                           + "\(rendered.liftSections.count) lift conformances rendered, the rest copied")))
        result.diagnostics = diagnostics.sortedForDisplay()
        result.timings = timings
        return result
    }

    /// The Swift sources in the model (not the C headers), in the order they were collected.
    static func swiftSourcePaths(_ model: SourceModel, _ options: GenerationOptions) -> [String] {
        let headers = Set(options.cHeaders.headers)
        return model.files.map(\.path).filter { !headers.contains($0) }
    }

    /// Two sources named alike would write the same per-source file (a Swift module rejects such names too):
    /// an error at the second, naming the first.
    static func duplicateNameErrors(_ sourcePaths: [String]) -> [Diagnostic] {
        var firstByName: [String: String] = [:]
        return sourcePaths.compactMap { path in
            let name = EnumPropertiesRenderer.perSourceFileName(for: path)
            guard let first = firstByName[name] else {
                firstByName[name] = path
                return nil
            }
            return .error("'\(path)' and '\(first)' would both write '\(name)'; with --file-per-source every source "
                + "file needs its own name", at: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    public static func buildActionTree(_ model: SourceModel, _ options: GenerationOptions,
                                       diagnostics: inout [Diagnostic]) -> ActionTree {
        ActionTreeBuilder(model: model, rules: options.selection, configuredRoots: options.roots,
                          warnsOfUnfollowedAliases: !options.lift.isEmpty, referenceModules: options.referenceModules)
            .build(diagnostics: &diagnostics)
    }
}
