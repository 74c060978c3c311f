import Foundation

/// After an edit in a dependency that changes nothing generation reads of it (a case without payload added
/// to an action, a function body rewritten, lines inserted), the last run's outputs and diagnostics still
/// hold: only the edited references are read, and the cache learns their new signatures and summaries.
/// In a modular app this is what most builds of the app target are (every dependency's files are its
/// references), and it costs about what a run where nothing changed costs, not a whole analysis.
///
/// It applies when, against the last run's cache:
/// - the options, the extra files, the inputs (the same paths in the same order) and every output file are
///   as they were, and the parse section is intact;
/// - every input whose signature changed (or whose content must be compared, being racy) was a reference
///   last time, and is one now (same options, same path list);
/// - each such reference's summary equals its cached one but for lines and columns and for cases whose
///   payload cannot name an action enum of the last run's model (`case loaded([Movie])`, `case
///   failed(String)`: the type's last name is no enum's or typealias's, so `TypeNameResolver` resolves it to
///   nothing), and neither has a diagnostic of its own;
/// - no diagnostic of the last run names that file: one that did would now point at other lines.
///
/// Those names stay valid across such runs: an edit that adds, removes or renames an enum or a typealias
/// changes the summary, and the sources are unchanged. Lines and columns matter nowhere else: no output
/// names a line, and whatever is ordered by position is ordered by file first, then by order within the
/// file, which an equality that ignores positions keeps.
/// Anything else goes the usual way (`IncrementalReading`, then the whole analysis).
struct ReferenceEditShortcut {
    /// What the next cache stores anew, by input index: the references read again.
    var replacedRecords: [Int: GenerationCache.InputRecord]

    /// The shortcut for this run, or nil when it does not apply.
    /// - Parameter unsure: the inputs that may have changed, by `IncrementalGeneration.unsureInputs`, which
    ///   also checked the options, the input list and the outputs.
    static func taken(_ cache: GenerationCache, unsure: [Int], summaryRules: SelectionRules,
                      inputs: InputSignatures) -> Self? {
        guard unsure.allSatisfy({ cache.inputs[$0].isSummary }),
              let edited = readEdited(cache, unsure: unsure, summaryRules: summaryRules, inputs: inputs) else { return nil }
        return ReferenceEditShortcut(replacedRecords: edited.records)
    }

    /// The inputs that may have changed, read again, when each changed in nothing other outputs read of it:
    /// a reference as this type's documentation says, a source as `SourceEditShortcut` says; neither with a
    /// diagnostic of its own, before or now, nor named by one of the last run's. Nil otherwise.
    /// - Returns: each edited file as it is now, and what the next cache stores for it, by input index.
    static func readEdited(_ cache: GenerationCache, unsure: [Int], summaryRules: SelectionRules, inputs: InputSignatures)
        -> (files: [Int: ParsedFile], records: [Int: GenerationCache.InputRecord])? {
        guard !unsure.isEmpty, cache.summaryKey == summaryRules.referenceSummaryKey,
              unsure.allSatisfy({ cache.inputs[$0].parsedRange != nil && inputs.signatures[$0] != nil }),
              cache.parseSectionIsIntact() else {
            return nil
        }
        let requests = unsure.map { index in
            SourceReadingStage.Request(path: inputs.paths[index], hashesContent: inputs.isRacy(inputs.signatures[index]!),
                                       cached: nil, summaryRules: cache.inputs[index].isSummary ? summaryRules : nil)
        }
        let answers = SourceReadingStage.read(requests)
        let edgeNames = cache.edgeNames
        var files: [Int: ParsedFile] = [:]
        var records: [Int: GenerationCache.InputRecord] = [:]
        for (index, answer) in zip(unsure, answers) {
            let path = inputs.paths[index]
            let isSummary = cache.inputs[index].isSummary
            guard answer.file.diagnostics.isEmpty, let cached = cache.parsedFile(at: index), cached.diagnostics.isEmpty,
                  isSummary ? comparable(answer.file, edgeNames: edgeNames) == comparable(cached, edgeNames: edgeNames)
                      : SourceEditShortcut.readByOtherOutputsIsUnchanged(answer.file, cached, rules: summaryRules,
                                                                         edgeNames: edgeNames),
                  !cache.diagnostics.contains(where: { $0.contains(path) }) else {
                return nil
            }
            files[index] = answer.file
            records[index] = GenerationCache.InputRecord(
                signed: inputs.signatures[index]!, isRacy: inputs.isRacy(inputs.signatures[index]!),
                path: path, parse: .parsed(answer.file), contentHash: answer.contentHash, isSummary: isSummary)
        }
        return (files, records)
    }

    /// What of a summary the comparison sees: its encoding without positions, and without the cases whose
    /// payload cannot name an action enum of the model `edgeNames` come from.
    /// - Parameter excluding: names left out of `edgeNames`.
    static func comparable(_ summary: ParsedFile, edgeNames: String, excluding: Set<String> = []) -> [UInt8] {
        var summary = summary
        for index in summary.enums.indices {
            summary.enums[index].cases.removeAll { enumCase in
                guard enumCase.canCarrySubAction,
                      let last = TypeNameResolver.split(enumCase.associatedValues![0].typeText)?.components.last else {
                    return true
                }
                return excluding.contains(last) || !contains(edgeNames, last)
            }
        }
        return ParsedFileCoding.positionFreeEncoding(of: summary)
    }

    /// The last name of every enum and typealias in the model, each on its own line (the first and the last
    /// too): `TypeNameResolver` resolves a payload type whose last name is none of these to nothing (the
    /// nodes, and the enums that can become nodes, are among the enums), so a case with such a payload is
    /// no edge of the tree.
    static func edgeNames(in model: SourceModel) -> String {
        var names = Set<String>()
        for file in model.allFiles {
            for declaration in file.enums { names.insert(declaration.name) }
            for alias in file.typeAliases { names.insert(String(TypeNameResolver.lastComponent(alias.qualifiedName))) }
        }
        return "\n" + names.sorted().joined(separator: "\n") + "\n"
    }

    /// Whether `name` is one of `edgeNames`' lines: a `strstr` over the bytes, as only the few cases of the
    /// edited files are looked up (splitting tens of thousands of names into a set would cost more, in the
    /// debug build most of the run).
    static func contains(_ edgeNames: String, _ name: String) -> Bool {
        guard !name.utf8.contains(UInt8(ascii: "\n")) else { return false }
        let line = "\n" + name + "\n"
        return edgeNames.withCString { names in line.withCString { strstr(names, $0) != nil } }
    }
}
