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
        /// A racy file whose content is the one the cache hashed.
        var isUnchanged: Bool
        var summaryIsUnchanged: Bool
    }

    var files: [File]

    /// Nil when the cache cannot give an input's last parse, or an input has a diagnostic of its own, before
    /// or now (it would name lines that may have moved).
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
            guard answer.file.diagnostics.isEmpty, let old = cache.parsedFile(at: index), old.diagnostics.isEmpty
            else { return nil }
            let record = GenerationCache.InputRecord(
                signed: signature, isRacy: inputs.isRacy(signature), path: input.path, parse: .parsed(answer.file),
                contentHash: answer.contentHash, isSummary: input.isSummary)
            files.append(File(
                index: index, path: input.path, isReference: input.isSummary, old: old, new: answer.file, record: record,
                isUnchanged: input.signature == signature && input.contentHash != nil && answer.contentHash == input.contentHash,
                summaryIsUnchanged: CrossFileSummary(answer.file, isReference: input.isSummary, rules: rules, edgeNames: edgeNames)
                    == CrossFileSummary(old, isReference: input.isSummary, rules: rules, edgeNames: edgeNames)))
        }
        self.files = files
    }
}
