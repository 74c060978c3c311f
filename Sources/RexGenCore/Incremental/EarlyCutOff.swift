#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The incremental run's early cut-off. The inputs that may have changed are read again, and each one's
/// `CrossFileSummary` (what any other output reads of it) is compared with its cached parse's. When none
/// changed, no output can change but an edited source's own file:
/// - after edits in references only (a case without payload added to a dependency's action, a function body
///   rewritten, lines inserted), every output and diagnostic is the last run's; the cache learns the edited
///   files. In a modular app this is most builds of the app target, at about the cost of a run where
///   nothing changed.
/// - with one file per source (the build plugin's layout), after edits in sources too, only the edited
///   sources' own files are planned, rendered and written where their content changed. That is the plugin's
///   usual run after an edit in the target's own files.
///
/// When no edited file's parse changed at all (`EditedInputs.File.isUnchanged`), it always applies: the
/// outputs and diagnostics follow from the parses alone. Otherwise it applies when, against the last run's
/// cache (the options, extra files, inputs and every output file as it left them, checked by
/// `IncrementalGeneration.unsureInputs`, and its parse section intact):
/// - no edited file has a diagnostic, before or now, nor does any diagnostic of the last run name it (it
///   would now point at other lines);
/// - for an edited source: its cases and members named like a root's conformance property are as they were
///   (`RootMemberClash`: a case without payload is no part of any summary, yet it can leave a conformance
///   out), one file per source, the built-in outputs (no templates), no C headers (their
///   enums are selected by what sources' payloads carry), no output among the inputs, no file of the model
///   is Sourcery's output (its notes count the properties RexGen now writes), planning the edited sources'
///   enums finds no diagnostic, and the file holding the enums of no source comes out as it was.
///
/// The edited sources' own files need the whole model (collisions with members declared anywhere, access
/// through enclosing types, payload names qualified by nested types), but only as far as planning their
/// enums reads it: the other files are decoded from the cache without their enums' cases, members that
/// cannot be an enum's, imports and diagnostics (`ParsedFileCoding.decodeForPlanning`).
/// Anything else goes on to `TreeEdit`, then the whole way (`IncrementalReading` and the whole analysis).
enum EarlyCutOff {
    /// The cut-off for this run (the files read again, and the edited sources' own files whose content
    /// changed), or nil when it does not apply: an edited file's summary changed, or a diagnostic of the last
    /// run names one.
    /// - Parameter inputCount: how many Swift files the run reads, output files among the sources included.
    static func taken(_ cache: GenerationCache, edited: EditedInputs, options: GenerationOptions, inputs: InputSignatures,
                      inputCount: Int) -> LastRunPatch? {
        let records = edited.records
        if edited.files.allSatisfy(\.isUnchanged) { return LastRunPatch(replacedRecords: records) }
        let editsSources = edited.files.contains { !$0.isReference }
        guard !editsSources || (options.filePerSource && options.templates.isEmpty && options.cHeaders.headers.isEmpty
                                && inputCount == inputs.paths.count),
              edited.files.allSatisfy({ file in
                  file.summaryIsUnchanged && !file.hasDiagnostics && !cache.diagnostics.contains(where: { $0.contains(file.path) })
              }) else { return nil }
        guard editsSources else { return LastRunPatch(replacedRecords: records) }
        guard keepsRootMemberClashes(cache, edited: edited) else { return nil }
        var files: [Int: ParsedFile] = [:]
        for file in edited.files { files[file.index] = file.new }
        guard let (ownFiles, model) = ownFiles(cache, edited: files, options: options) else { return nil }
        return LastRunPatch(replacedRecords: records, files: ownFiles, model: model)
    }

    /// Whether the edited sources declare the same cases and members named like a root's conformance
    /// property as before (`RootMemberClash`: such an enum's conformance is left out, and the lift file, which
    /// this path copies, would change). Another module's enums keep theirs: an edited reference never clashes.
    static func keepsRootMemberClashes(_ cache: GenerationCache, edited: EditedInputs) -> Bool {
        let changedSources = edited.files.filter { !$0.isReference && !$0.isUnchanged }
        guard !changedSources.isEmpty, let shape = cache.treeShape else { return true }
        guard let memberNames = shape.rootMemberNames else { return false }
        return changedSources.allSatisfy { file in
            RootMemberClash.clashingNames(in: file.old, memberNames: memberNames)
                == RootMemberClash.clashingNames(in: file.new, memberNames: memberNames)
        }
    }

    /// The edited sources' own files, planned and rendered in the model of the last run with the edited
    /// files as they are now; nil if a file of the model is Sourcery's output, planning finds a diagnostic,
    /// or the file of non-source enums would change.
    /// - Returns: the files whose content changed, with their index in the cache's outputs and their key, and
    ///   the model (to be kept alive until the process exits).
    static func ownFiles(_ cache: GenerationCache, edited: [Int: ParsedFile], options: GenerationOptions)
        -> (files: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key?)], model: SourceModel)? {
        guard let model = model(cache, replacing: edited), !model.allFiles.contains(where: \.isSourceryOutput) else {
            return nil
        }
        // Sources come first among the inputs, so an edited source's index is its index in `model.files`.
        let editedSources = Set(edited.keys.filter { !cache.inputs[$0].isSummary })
        var found: [Diagnostic] = []
        let plan = EnumPropertiesPlanner(model: model, rules: options.selection, casePaths: options.casePaths,
                                         referenceModules: options.referenceModules)
            .plan(onlyFiles: editedSources, diagnostics: &found)
        guard found.isEmpty else { return nil }
        let sourcePaths = editedSources.sorted().map { model.files[$0].path }
        var outputIndexes: [String: Int] = [:]
        let names = [EnumPropertiesRenderer.fileName] + sourcePaths.map(EnumPropertiesRenderer.perSourceFileName)
        for (index, output) in cache.outputs.enumerated() where names.contains(output.path) {
            outputIndexes[output.path] = index
        }
        var lastKeys: [String: RenderedSections.Key] = [:]
        for name in names {
            guard let index = outputIndexes[name], let key = cache.outputs[index].renderKey else { return nil }
            lastKeys[name] = key
        }
        // Known before anything is rendered: whether the file of the enums from C headers stays as it is.
        let planned = EnumPropertiesRenderer.planPerSource(plan, sourcePaths: sourcePaths, unchanged: lastKeys)
        guard planned.unchanged.contains(EnumPropertiesRenderer.fileName) else { return nil }
        return (planned.renderAll().map { file in (file, outputIndexes[file.name]!, planned.keys[file.name]!) }, model)
    }

    /// The model to plan the edited files' enums in: those files as they are now, and of every other file
    /// what that planning reads (`ParsedFileCoding.decodeForPlanning`), decoded from the cache on every core.
    private static func model(_ cache: GenerationCache, replacing edited: [Int: ParsedFile]) -> SourceModel? {
        let files = Parallel.map(count: cache.inputs.count, chunk: 64) { index in
            edited[index] ?? cache.parsedFile(at: index, forPlanning: true)
        }
        var sources: [ParsedFile] = []
        var references: [ParsedFile] = []
        var index = 0
        while index < files.count {  // not `for … in`: see `SourceFileCollector.collect`
            guard let file = files[index] else { return nil }
            if cache.inputs[index].isSummary {
                references.append(file)
            } else {
                guard references.isEmpty else { return nil }
                sources.append(file)
            }
            index += 1
        }
        return SourceModel(files: sources, referenceFiles: references)
    }
}
