/// The inputs that may have changed since the last run, each read again once and set beside its cached
/// parse: what both shorter paths start from. When every one left what other files read of it
/// (`CrossFileSummary`) as it was, `EarlyCutOff` may apply; when one file changed the action tree, `TreeEdit`.
struct EditedInputs {
    struct File {
        var index: Int
        var path: String
        var isReference: Bool
        /// The last run's parse (a reference's summary), and the parse now.
        var old: ParsedFile
        var new: ParsedFile
        /// What the next cache stores for the file.
        var record: GenerationCache.InputRecord
        /// Its parse encodes to the cached bytes (a file touched, or rewritten alike, or edited only after its
        /// last declaration): a run's outputs and diagnostics follow from the parses alone, so it changes none.
        var isUnchanged: Bool
        var summaryIsUnchanged: Bool
        /// It has a diagnostic of its own, before or now: one that may name lines that moved.
        var hasDiagnostics: Bool
    }

    var files: [File]

    /// What the next cache stores anew for every file read again.
    var records: [Int: GenerationCache.InputRecord] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.index, $0.record) })
    }

    /// Nil when the cache cannot give an input's last parse.
    /// - Parameter unsure: the inputs that may have changed (`IncrementalGeneration.unsureInputs`).
    init?(_ cache: GenerationCache, unsure: [Int], rules: SelectionRules, inputs: InputSignatures) {
        guard !unsure.isEmpty, cache.summaryKey == rules.referenceSummaryKey,
              unsure.allSatisfy({ cache.inputs[$0].parsedRange != nil && inputs.signatures[$0] != nil }),
              cache.parseSectionIsIntact() else { return nil }
        let requests = unsure.map { index in
            SourceReadingStage.Request(
                path: inputs.paths[index],
                hashesContent: inputs.isRacy(inputs.signatures[index]!) || cache.inputs[index].contentHash != nil,
                cached: nil, summaryRules: cache.inputs[index].isSummary ? rules : nil)
        }
        let edgeNames = EdgeNames(lines: cache.edgeNames)
        var files: [File] = []
        for (index, answer) in zip(unsure, SourceReadingStage.read(requests)) {
            let input = cache.inputs[index]
            let signature = inputs.signatures[index]!
            guard let old = cache.parsedFile(at: index), let oldBytes = cache.encodedParse(at: index) else { return nil }
            // Encoded once: compared with the cached parse, and stored as it is in the next cache.
            let writer = ByteWriter(capacity: oldBytes.count)
            ParsedFileCoding.encode(answer.file, to: writer)
            let newBytes = writer.bytes
            let record = GenerationCache.InputRecord(
                signed: signature, isRacy: inputs.isRacy(signature), path: input.path, parse: .encoded(newBytes[...]),
                contentHash: answer.contentHash, isSummary: input.isSummary)
            files.append(File(
                index: index, path: input.path, isReference: input.isSummary, old: old, new: answer.file, record: record,
                isUnchanged: newBytes.elementsEqual(oldBytes),
                summaryIsUnchanged: CrossFileSummary(answer.file, isReference: input.isSummary, rules: rules, edgeNames: edgeNames)
                    == CrossFileSummary(old, isReference: input.isSummary, rules: rules, edgeNames: edgeNames),
                hasDiagnostics: !answer.file.diagnostics.isEmpty || !old.diagnostics.isEmpty))
        }
        self.files = files
    }
}
