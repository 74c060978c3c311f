import Foundation

/// With one file per source (the build plugin's layout): after an edit in sources that changes nothing any
/// other output reads of them (a case added to an action, a payload that names no action enum, a function
/// body rewritten, lines moved), only the edited sources' own files are planned and rendered again. The
/// action tree, the lift file, every other per-source file and the diagnostics are the last run's.
///
/// What other outputs read of a source is what `ReferenceEditShortcut` compares of a reference: its
/// summary (`ParsedFile.referenceSummary(rules:)`: the analysis reads a source's declarations across files
/// just as a reference's), compared without positions and without cases whose payload cannot name an
/// action enum. Two things more are read of a source only: its imports (the lift file copies those of the
/// sources it extends), and its enums' names, which `GenerationCache.edgeNames` lists; both must be as they
/// were. The edited sources' own files need the whole model (collisions with members declared anywhere,
/// access through enclosing types, payload names qualified by nested types), but only as far as planning
/// their enums reads it: the other files are decoded from the cache without their enums' cases, members
/// that cannot be an enum's, imports and diagnostics (`ParsedFileCoding.decodeForPlanning`).
///
/// It applies when, against the last run's cache, on top of what `ReferenceEditShortcut` requires of the
/// run (same options, inputs and outputs):
/// - one file per source, the built-in outputs (no templates), no C headers (their enums are selected by
///   what sources' payloads carry), and no output among the inputs;
/// - every edited input is a source as above or a reference as `ReferenceEditShortcut` requires, and at
///   least one is a source;
/// - no edited file has a diagnostic, before or now, nor any diagnostic of the last run names it (it would
///   now point at other lines), and planning the edited sources' enums finds none;
/// - no file of the model is Sourcery's output (its notes count the properties RexGen now writes, which an
///   edit in a source can change);
/// - the file holding the enums of no source (`EnumPropertiesRenderer.fileName`) comes out as it was.
struct SourceEditShortcut {
    /// What the next cache stores anew, by input index: the files read again.
    var replacedRecords: [Int: GenerationCache.InputRecord]
    /// The edited sources' own files whose content changed, with their index in the cache's outputs and
    /// their render key.
    var files: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key)]
    /// The model the edited sources' files were planned in: kept alive until the process exits.
    var model: SourceModel

    /// The shortcut for this run, or nil when it does not apply.
    /// - Parameter unsure: the inputs that may have changed (`IncrementalGeneration.unsureInputs`).
    /// - Parameter inputCount: how many Swift files the run reads, output files among the sources included.
    static func taken(_ cache: GenerationCache, unsure: [Int], options: GenerationOptions, inputs: InputSignatures,
                      inputCount: Int) -> Self? {
        let rules = options.selection
        guard options.filePerSource, options.templates.isEmpty, options.cHeaders.headers.isEmpty,
              inputCount == inputs.paths.count, unsure.contains(where: { !cache.inputs[$0].isSummary }),
              let (edited, records) = ReferenceEditShortcut.readEdited(cache, unsure: unsure, summaryRules: rules,
                                                                       inputs: inputs),
              let (files, model) = ownFiles(cache, edited: edited, options: options) else {
            return nil
        }
        return SourceEditShortcut(replacedRecords: records, files: files, model: model)
    }

    /// The edited sources' own files, planned and rendered in the model of the last run with the edited
    /// files as they are now; nil if a file of the model is Sourcery's output, planning finds a diagnostic,
    /// or the file of non-source enums would change.
    /// - Returns: the files whose content changed, with their index in the cache's outputs and their key, and
    ///   the model (to be kept alive until the process exits).
    static func ownFiles(_ cache: GenerationCache, edited: [Int: ParsedFile], options: GenerationOptions)
        -> (files: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key)], model: SourceModel)? {
        guard let model = model(cache, replacing: edited), !model.allFiles.contains(where: \.isSourceryOutput) else {
            return nil
        }
        // Sources come first among the inputs, so an edited source's index is its index in `model.files`.
        let editedSources = Set(edited.keys.filter { !cache.inputs[$0].isSummary })
        var found: [Diagnostic] = []
        let plan = EnumPropertiesPlanner(model: model, rules: options.selection, casePaths: options.casePaths)
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

    /// Whether what other outputs read of a source is as it was: its summary (as a reference's is compared),
    /// its imports, and the names of its enums and typealiases.
    static func readByOtherOutputsIsUnchanged(_ file: ParsedFile, _ cached: ParsedFile, rules: SelectionRules,
                                              edgeNames: String) -> Bool {
        file.imports == cached.imports && file.enums.map(\.qualifiedName) == cached.enums.map(\.qualifiedName)
            && file.typeAliases.map(\.qualifiedName) == cached.typeAliases.map(\.qualifiedName)
            && ReferenceEditShortcut.comparable(file.referenceSummary(rules: rules), edgeNames: edgeNames)
                == ReferenceEditShortcut.comparable(cached.referenceSummary(rules: rules), edgeNames: edgeNames)
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
