#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// `rexgen generate --output DIR` (and the build plugin): nothing at all when the cache in DIR shows that
/// nothing the last successful run read or wrote has changed; otherwise a run that parses only the files
/// whose signature changed (see `IncrementalReading`) and analyses and renders the whole model, so its
/// output is byte for byte a full run's.
public enum IncrementalGeneration {
    /// - Parameter configurationFile: the `rexgen.yml` the options came from, which is an input too.
    /// - Parameter templateRenderer: renders `options.templates`; without one, templates are an error.
    /// - Parameter exitsAfterwards: the process ends right after this run, so the run's large values are
    ///   kept rather than freed (see `ProcessLifetime`).
    public static func run(_ options: GenerationOptions, outputDirectory: String, configurationFile: String?,
                           templateRenderer: (any TemplateRendering)? = nil, exitsAfterwards: Bool = false) -> Outcome {
        let run = collect(options, in: OutputDirectory(path: outputDirectory), configurationFile: configurationFile)
        if let outcome = shorterPath(run, options, exitsAfterwards: exitsAfterwards) { return outcome }
        return wholeWay(run, options, templateRenderer: templateRenderer, exitsAfterwards: exitsAfterwards)
    }

    /// What a run knows before it reads a source: its inputs and their signatures, the last run's cache, and
    /// which inputs may have changed since.
    struct Collected {
        var directory: OutputDirectory
        var fingerprint: String
        var paths: Pipeline.InputPaths
        var inputs: InputSignatures
        /// The configuration file, the C headers and the templates (not the headers they include).
        var extraPaths: [String]
        var cache: GenerationCache?
        /// The `stat` signatures of the cache's outputs, in its order, taken now (empty without a usable cache).
        var outputSignatures: [SourceSnapshot.Signature?]
        /// The inputs that may have changed (`unsureInputs`), nil when the cache is of another run.
        var unsure: [Int]?
        var diagnostics: [Diagnostic]
        var timings: [StageTiming]
        var cacheClock: Stopwatch
    }

    /// Lists the inputs and `stat`s them, and loads the cache meanwhile.
    static func collect(_ options: GenerationOptions, in directory: OutputDirectory, configurationFile: String?) -> Collected {
        let startedAt = wallClockNanoseconds()
        let fingerprint = GenerationCache.fingerprint(options)
        var diagnostics: [Diagnostic] = []
        var timings: [StageTiming] = []
        // The cache file is read and decoded on another core while the inputs are listed and `stat`ed.
        let cacheLoad = Background { GenerationCache.load(from: directory) }
        let paths = Pipeline.collectPaths(options, diagnostics: &diagnostics, timings: &timings)
        let cacheClock = Stopwatch()
        let templateFiles = options.templates.filter { name in !TemplateSource.builtIns.contains { $0.name == name } }
        let extraPaths = (configurationFile.map { [$0] } ?? []) + options.cHeaders.headers + templateFiles
        // The output may sit inside the sources: rewriting it must not look like an input change.
        let allPaths = paths.all
        let inputIndexes = SourceSnapshot.indexes(of: allPaths, excluding: outputNames(options, sourcePaths: paths.sources)
            .map(directory.filePath))
        let collectedSignatures = paths.collectedSignatures
        let signatures = Parallel.map(count: inputIndexes.count, chunk: 256) { position in
            let index = inputIndexes[position]
            let collected = collectedSignatures.indices.contains(index) ? collectedSignatures[index] : nil
            return collected ?? SourceSnapshot.signature(of: allPaths[index])
        }
        let cache = cacheLoad.value
        // The headers that the given C headers included last time are inputs too.
        let givenExtraPaths = Set(extraPaths)
        let lastIncludedHeaders = options.cHeaders.headers.isEmpty ? []
            : (cache?.extraFiles.map(\.path) ?? []).filter { !givenExtraPaths.contains($0) }
        let inputs = InputSignatures(
            paths: inputIndexes.map { allPaths[$0] }, signatures: signatures,
            extraFiles: (extraPaths + lastIncludedHeaders).map(entry), startedAt: startedAt)
        // The outputs as they are on disk now, `stat`ed once, on every core (with one file per source, tens
        // of thousands): the up-to-date check and the per-source reuse compare them with what the last run wrote.
        let outputSignatures = cache.map { cache in
            cache.fingerprint != fingerprint ? [] : directory.signatures(of: recordedOutputNames(in: cache))
        } ?? []
        let unsure = cache.flatMap { unsureInputs(of: $0, fingerprint: fingerprint, inputs: inputs, outputSignatures: outputSignatures) }
        return Collected(directory: directory, fingerprint: fingerprint, paths: paths, inputs: inputs, extraPaths: extraPaths,
                         cache: cache, outputSignatures: outputSignatures, unsure: unsure, diagnostics: diagnostics,
                         timings: timings, cacheClock: cacheClock)
    }

    /// The outcome of a path shorter than the whole way, if one applies: nothing changed, the edits stayed in
    /// their files (`EarlyCutOff`), or one file changed the action tree (`TreeEdit`).
    static func shorterPath(_ run: Collected, _ options: GenerationOptions, exitsAfterwards: Bool) -> Outcome? {
        guard let cache = run.cache, let unsure = run.unsure else { return nil }
        if contentIsUnchanged(of: unsure, in: cache, inputs: run.inputs) {
            return .upToDate(diagnostics: cache.diagnostics)
        }
        guard let edited = EditedInputs(cache, unsure: unsure, rules: options.selection, inputs: run.inputs) else { return nil }
        if let cutOff = EarlyCutOff.taken(cache, edited: edited, options: options, inputs: run.inputs,
                                          inputCount: run.paths.all.count) {
            if exitsAfterwards { ProcessLifetime.keepUntilExit((cutOff, cache)) }
            return .editsStayedInTheirFiles(diagnostics: cache.diagnostics, readFiles: cutOff.replacedRecords.count,
                                            editedSources: edited.files.count { !$0.isReference && !$0.isUnchanged },
                                            written: cutOff.write(over: cache, in: run.directory))
        }
        if let edit = TreeEdit.taken(cache, edited: edited, options: options, inputs: run.inputs,
                                     inputCount: run.paths.all.count, directory: run.directory) {
            if exitsAfterwards { ProcessLifetime.keepUntilExit((edit, cache)) }
            return .treeChanged(diagnostics: edit.diagnostics ?? cache.diagnostics,
                                written: edit.write(over: cache, in: run.directory))
        }
        return nil
    }

    /// Reads what changed (the rest from the cache), analyses and renders the whole model, copying what the
    /// last run rendered where it cannot differ, then writes the outputs and the cache.
    static func wholeWay(_ run: Collected, _ options: GenerationOptions, templateRenderer: (any TemplateRendering)?,
                         exitsAfterwards: Bool) -> Outcome {
        var diagnostics = run.diagnostics
        var timings = run.timings
        let cache = run.cache
        timings.append(StageTiming(stage: "cache", seconds: run.cacheClock.seconds,
                                   detail: cache.map { "\($0.inputs.count) files known" } ?? "none usable"))
        // The last run's outputs (the enum-properties file is megabytes, read and hashed) are checked on other
        // cores while this one parses and analyses; rendering is the first to need them.
        let lastRun = lastRunOutputs(run)
        let parseClock = Stopwatch()
        let reading = IncrementalReading.read(run.paths, run.inputs, cache: cache, summaryRules: options.selection)
        if exitsAfterwards { ProcessLifetime.keepUntilExit((reading, cache as Any)) }
        let model = Pipeline.makeModel(
            sources: reading.sources, references: reading.references, options, since: parseClock,
            detail: "; \(reading.parsedCount) parsed, \(run.paths.all.count - reading.parsedCount) from the cache",
            diagnostics: &diagnostics, timings: &timings)
        // What the next run's `EarlyCutOff` compares payload names with: worked out on another core while
        // this one analyses.
        let edgeNamesLoad = Background { EdgeNames(in: model).lines }
        var result = Pipeline.analyseAndRender(model, options, diagnostics: diagnostics, timings: timings,
                                               reusing: lastRun, templateRenderer: templateRenderer)
        if exitsAfterwards { ProcessLifetime.keepUntilExit(result) }
        result.parsedFileCount = reading.parsedCount
        // Signatures from before the run where there are some, so a header changed while it was read is
        // still a change next time.
        var inputs = run.inputs
        let givenExtraPaths = Set(run.extraPaths)
        let signedBefore = Dictionary(inputs.extraFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        inputs.extraFiles = (run.extraPaths + includedHeaders(in: model, options, excluding: givenExtraPaths)).map { path in
            signedBefore[path] ?? entry(for: path)
        }
        guard !result.hasErrors else {
            GenerationCache.remove(from: run.directory)
            return .generated(result, OutputDirectory.WriteResult())
        }
        let saveClock = Stopwatch()
        // The cache's parse section does not depend on writing the outputs: worked out on another core
        // while this one writes.
        let parseSection = Background { GenerationCache.parseSection(for: reading.records) }
        let (written, outputs) = writeOutputs(result, cache: cache, knownEnumProperties: lastRun.enumSections()?.text,
                                              options, in: run.directory)
        guard written.diagnostics.isEmpty else {
            GenerationCache.remove(from: run.directory)
            return .generated(result, written)
        }
        let cacheSize = saveCache(result, fingerprint: run.fingerprint, summaryKey: options.selection.referenceSummaryKey,
                                  edgeNames: edgeNamesLoad.value, inputs: inputs, records: reading.records,
                                  parseSection: parseSection.value, outputs: outputs, previousOutputs: cache?.outputs,
                                  referenceModules: options.referenceModules, in: run.directory)
        result.timings.append(StageTiming(stage: "write", seconds: saveClock.seconds,
                                          detail: (result.rendered.deferredFiles.map { "\($0.count) per-source files rendered "
                                              + "and written, " } ?? "") + "outputs and a cache of \(cacheSize) bytes"))
        return .generated(result, written)
    }

    /// The last run's outputs that this one may copy, each loading on another core.
    private static func lastRunOutputs(_ run: Collected) -> Pipeline.LastRunOutputs {
        let cache = run.cache
        let directory = run.directory
        let fingerprint = run.fingerprint
        let outputSignatures = run.outputSignatures
        let enumSections = Background { cache?.previousSections(in: directory) }
        let liftSections = Background { cache?.previousLiftSections(in: directory) }
        let unchangedOutputs = Background {
            unchangedPerSourceFiles(cache, fingerprint: fingerprint, outputSignatures: outputSignatures)
        }
        return Pipeline.LastRunOutputs(enumSections: { enumSections.value }, liftSections: { liftSections.value },
                                       unchangedPerSourceFiles: { unchangedOutputs.value }, defersPerSourceFiles: true)
    }

    /// Writes the run's files where their content changed (with one file per source, rendering each range of
    /// per-source files as it is written) and removes stale ones; returns what was written and each output's
    /// name and content hash, for the cache.
    private static func writeOutputs(_ result: Pipeline.Result, cache: GenerationCache?, knownEnumProperties: String?,
                                     _ options: GenerationOptions, in directory: OutputDirectory)
        -> (OutputDirectory.WriteResult, [(name: String, contentHash: UInt64)]) {
        // The outputs' hashes do not depend on writing them: worked out on another core meanwhile.
        let outputFiles = result.files
        let outputHashes = Background {
            outputFiles.map { file in
                var contents = file.contents
                return contents.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
            }
        }
        var lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)] = [:]
        for output in cache?.outputs ?? [] {
            if let signature = output.signature, let hash = output.contentHash { lastWritten[output.path] = (signature, hash) }
        }
        let knownContents = knownEnumProperties.map { [EnumPropertiesRenderer.fileName: $0] } ?? [:]
        let rendered = result.rendered
        var written: OutputDirectory.WriteResult
        var streamedHashes: [UInt64] = []
        let streamedNames = rendered.deferredFiles?.names ?? []
        if let deferred = rendered.deferredFiles {
            let stream = OutputDirectory.FileStream(names: streamedNames, render: deferred.render)
            (written, streamedHashes) = directory.write(stream, then: result.files, knownContents: knownContents,
                                                        lastWritten: lastWritten, removingStale: options.staleOutputSuffix,
                                                        alsoKeeping: rendered.unchangedFiles, contentHashes: { outputHashes.value })
        } else {
            written = directory.write(result.files, knownContents: knownContents, lastWritten: lastWritten,
                                      removingStale: options.staleOutputSuffix, alsoKeeping: rendered.unchangedFiles,
                                      contentHashes: { outputHashes.value })
        }
        // Not sorted: with one file per source, sorting tens of thousands of paths cost more than the rest
        // of writing them.
        written.unchanged += rendered.unchangedFiles.map(directory.filePath)
        return (written, zip(streamedNames + result.files.map(\.name), streamedHashes + outputHashes.value).map { ($0, $1) })
    }

    /// The names of the cache's outputs, in its order (a `while` loop: see `SourceFileCollector.collect`).
    private static func recordedOutputNames(in cache: GenerationCache) -> [String] {
        var names: [String] = []
        names.reserveCapacity(cache.outputs.count)
        var index = 0
        while index < cache.outputs.count {
            names.append(cache.outputs[index].path)
            index += 1
        }
        return names
    }

    /// With one file per source, the outputs that are on disk exactly as the last run wrote them (same
    /// `stat` signature), by name, with the render key they came from: a file whose key comes out the same
    /// again need not be rendered or written. Only under the same options and the same `rexgen`.
    static func unchangedPerSourceFiles(_ cache: GenerationCache?, fingerprint: String,
                                        outputSignatures: [SourceSnapshot.Signature?]) -> [String: RenderedSections.Key] {
        guard let cache, cache.fingerprint == fingerprint, outputSignatures.count == cache.outputs.count else { return [:] }
        var unchanged: [String: RenderedSections.Key] = [:]
        var index = 0
        while index < cache.outputs.count {  // not `zip`: see `SourceFileCollector.collect`
            let output = cache.outputs[index]
            if let key = output.renderKey, let signature = output.signature, outputSignatures[index] == signature {
                unchanged[output.path] = key
            }
            index += 1
        }
        return unchanged
    }

    private static func entry(for path: String) -> GenerationCache.Entry {
        GenerationCache.Entry(path: path, signature: SourceSnapshot.signature(of: path), contentHash: nil)
    }

    /// The non-system headers that the given C headers include, other than given ones: those that declare
    /// enums, and those that only define macros the enums depend on.
    static func includedHeaders(in model: SourceModel, _ options: GenerationOptions, excluding given: Set<String>) -> [String] {
        guard !options.cHeaders.headers.isEmpty else { return [] }
        let headers = Set(options.cHeaders.headers)
        let included = model.files.filter { headers.contains($0.path) }.flatMap(\.includedFiles)
        return Set(included).subtracting(given).sorted()
    }

    /// Records what this run read and wrote, the outputs as they are now on disk; returns the cache's size.
    private static func saveCache(_ result: Pipeline.Result, fingerprint: String, summaryKey: String, edgeNames: String,
                                  inputs: InputSignatures,
                                  records: [GenerationCache.InputRecord], parseSection: GenerationCache.ParseSection,
                                  outputs written: [(name: String, contentHash: UInt64)],
                                  previousOutputs: [GenerationCache.Entry]?, referenceModules: ReferenceModules,
                                  in directory: OutputDirectory) -> Int {
        let signatures = directory.signatures(of: written.map(\.name))
        var outputs = zip(written, signatures).map { output, signature in
            GenerationCache.Entry(path: output.name, signature: signature, contentHash: output.contentHash,
                                  renderKey: result.rendered.fileKeys[output.name])
        }
        // Files left as they were keep what the last run recorded of them.
        let unchanged = Set(result.rendered.unchangedFiles)
        outputs += (previousOutputs ?? []).filter { unchanged.contains($0.path) }
        let header = GenerationCache.encodeHeader(fingerprint: fingerprint, summaryKey: summaryKey, edgeNames: edgeNames,
                                                  inputs: records, parses: parseSection,
                                                  extraFiles: inputs.extraFiles, outputs: outputs,
                                                  diagnostics: result.diagnostics.map(\.description), sections: result.rendered.sections,
                                                  liftSections: result.rendered.liftSections,
                                                  treeShape: result.lifts.map {
                                                      TreeShape(result.actionTree, lifts: $0, model: result.model,
                                                                referenceModules: referenceModules)
                                                  })
        GenerationCache.save([header] + parseSection.pieces, to: directory)
        return header.count + parseSection.byteCount
    }

    /// When the cache is of a run with these options, extra files and inputs (the same paths in the same
    /// order), whose output files are all as it left them: the indexes of the inputs that may have changed
    /// since, those whose signature differs and the racy ones (see `InputSignatures.isRacy`), whose content
    /// must be compared. Nil when the cache is of another run.
    /// - Parameter outputSignatures: the `stat` signatures of the cache's outputs, in its order, taken now.
    static func unsureInputs(of cache: GenerationCache, fingerprint: String, inputs: InputSignatures,
                             outputSignatures: [SourceSnapshot.Signature?]) -> [Int]? {
        guard cache.fingerprint == fingerprint, cache.inputs.count == inputs.paths.count,
              cache.extraFiles == inputs.extraFiles, !cache.outputs.isEmpty,
              outputSignatures.count == cache.outputs.count else {
            return nil
        }
        var unsure: [Int] = []
        var index = 0
        while index < cache.inputs.count {  // not `enumerated()`: see `SourceFileCollector.collect`
            let input = cache.inputs[index]
            guard input.path == inputs.paths[index] else { return nil }
            if input.signature != inputs.signatures[index] || input.contentHash != nil { unsure.append(index) }
            index += 1
        }
        index = 0
        while index < cache.outputs.count {
            guard outputSignatures[index] == cache.outputs[index].signature else { return nil }
            index += 1
        }
        return unsure
    }

    /// Every unsure input has the signature the cache has for it, and the content it hashed.
    static func contentIsUnchanged(of unsure: [Int], in cache: GenerationCache, inputs: InputSignatures) -> Bool {
        unsure.allSatisfy { index in
            let input = cache.inputs[index]
            guard input.signature == inputs.signatures[index], let expected = input.contentHash,
                  case .success(let file) = SourceFile.read(path: input.path) else { return false }
            return file.bytes.withUnsafeBytes { ContentHash.of($0) } == expected
        }
    }

    /// The files a run writes, known before it runs (see `OutputLayout`).
    static func outputNames(_ options: GenerationOptions, sourcePaths: [String]) -> [String] {
        OutputLayout(options).fileNames(sourcePaths: sourcePaths)
    }

    private static func wallClockNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
