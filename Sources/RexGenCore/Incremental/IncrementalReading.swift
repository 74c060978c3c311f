/// What `stat` says about every input of a run, taken once before anything is read.
struct InputSignatures {
    /// The Swift inputs, less the run's own output files (which may sit inside the sources).
    var paths: [String]
    var signatures: [SourceSnapshot.Signature?]
    var extraFiles: [GenerationCache.Entry]
    /// Wall-clock nanoseconds when the run started, before the first `stat`.
    var startedAt: Int64

    /// A file modified less than this before a run started may be modified again, after the run read it,
    /// within the same tick of the file system's clock (coarse clocks, and 2 s on FAT), leaving size, time
    /// and inode as they were. Such a file's content hash is kept and compared, as git does for entries
    /// its index calls "racily clean".
    static let racyWindow: Int64 = 2_000_000_000

    func isRacy(_ signature: SourceSnapshot.Signature) -> Bool {
        signature.modified >= startedAt - Self.racyWindow
    }
}

/// Sources → Parser for an incremental run: a file whose signature matches the cache's takes its parse
/// from the cache (after comparing content hashes when the signature is too recent to trust); every
/// other file is read and parsed as in a full run.
struct IncrementalReading {
    var sources: SourceReadingStage.Output
    var references: SourceReadingStage.Output
    /// How many files were parsed rather than taken from the cache.
    var parsedCount: Int
    /// What the next cache stores for each input, in `InputSignatures.paths` order.
    var records: [GenerationCache.InputRecord]

    private enum Plan {
        /// The cache's parse, used as is.
        case decode(cacheIndex: Int)
        /// Read and parsed, or taken from the cache (`cacheIndex`) if the content hash matches.
        case read(cacheIndex: Int?)
    }

    /// - Parameter summaryRules: the references are kept as summaries made by these rules (see
    ///   `ParsedFile.referenceSummary(rules:)`); a cached parse is reused only as what it was made for.
    static func read(_ paths: Pipeline.InputPaths, _ inputs: InputSignatures, cache: GenerationCache?,
                     summaryRules: SelectionRules) -> Self {
        let all = paths.all
        let sourceCount = paths.sources.count
        let signatureIndexes = signatureIndexes(of: all, in: inputs)
        let summaryKey = summaryRules.referenceSummaryKey
        let plans = plans(all, signatureIndexes, inputs, cache: cache) { cacheIndex, index in
            let input = cache!.inputs[cacheIndex]
            return index < sourceCount ? !input.isSummary : input.isSummary && cache!.summaryKey == summaryKey
        }
        let decoded = Parallel.map(count: all.count, chunk: 64) { index -> ParsedFile? in
            guard case .decode(let cacheIndex) = plans[index] else { return nil }
            return cache?.parsedFile(at: cacheIndex)
        }
        // Everything not decoded (including a parse that failed to decode) is read. The loops over every
        // input are `while` loops: tens of thousands of them in the debug build the build plugin runs, where
        // `map`, `filter`, `zip` and `for … in` a range are unspecialised generic calls.
        var toRead: [Int] = []
        var index = 0
        while index < all.count {
            if decoded[index] == nil { toRead.append(index) }
            index += 1
        }
        let requests = toRead.map { index in
            var request = SourceReadingStage.Request(path: all[index], hashesContent: false, cached: nil,
                                                     summaryRules: index < sourceCount ? nil : summaryRules)
            if let signatureIndex = signatureIndexes[index], let signature = inputs.signatures[signatureIndex] {
                request.hashesContent = inputs.isRacy(signature)
            }
            if case .read(let cacheIndex?) = plans[index], let cache, let file = cache.parsedFile(at: cacheIndex),
               let contentHash = cache.inputs[cacheIndex].contentHash {
                request.cached = (file, contentHash)
            }
            return request
        }
        var answers: [SourceReadingStage.Answer?] = Array(repeating: nil, count: all.count)
        for (index, answer) in zip(toRead, SourceReadingStage.read(requests)) { answers[index] = answer }

        var files: [ParsedFile] = []
        files.reserveCapacity(all.count)
        var sourceBytes = 0
        var referenceBytes = 0
        var parsedCount = 0
        var records: [GenerationCache.InputRecord] = []
        records.reserveCapacity(inputs.paths.count)
        index = 0
        while index < all.count {
            let answer = answers[index]
            files.append(decoded[index] ?? answer!.file)
            let signatureIndex = signatureIndexes[index]
            let size = answer?.size ?? Int(signatureIndex.flatMap { inputs.signatures[$0]?.size } ?? 0)
            if index < sourceCount { sourceBytes += size } else { referenceBytes += size }
            if answer?.wasParsed == true { parsedCount += 1 }
            if let signatureIndex {
                var reusedIndex: Int?
                switch plans[index] {
                case .decode(let cacheIndex): reusedIndex = decoded[index] == nil ? nil : cacheIndex
                case .read(let cacheIndex): reusedIndex = answer?.wasParsed == false ? cacheIndex : nil
                }
                // The cached bytes where the parse was reused, so the file is copied (a retain per field,
                // in a debug build) only where it was parsed.
                let parse: GenerationCache.InputRecord.Parse
                var contentHash = answer?.contentHash
                if let reusedIndex, let cache, let encoded = cache.encodedParse(at: reusedIndex) {
                    parse = .encoded(encoded)
                    contentHash = contentHash ?? cache.inputs[reusedIndex].contentHash
                } else {
                    parse = .parsed(files[index])
                }
                records.append(record(inputs, signatureIndex, parse: parse, contentHash: contentHash,
                                      isSummary: index >= sourceCount))
            }
            index += 1
        }
        return IncrementalReading(
            sources: SourceReadingStage.Output(files: sourceCount == files.count ? files : Array(files[..<sourceCount]),
                                               byteCount: sourceBytes),
            references: SourceReadingStage.Output(files: Array(files[sourceCount...]), byteCount: referenceBytes),
            parsedCount: parsedCount, records: records)
    }

    /// For each path, its index in `inputs` (nil for an excluded output file). `inputs.paths` is `all` less
    /// those, in the same order, so both are walked together.
    private static func signatureIndexes(of all: [String], in inputs: InputSignatures) -> [Int?] {
        var indexes: [Int?] = []
        indexes.reserveCapacity(all.count)
        var next = 0
        var index = 0
        while index < all.count {
            if next < inputs.paths.count, inputs.paths[next] == all[index] {
                indexes.append(next)
                next += 1
            } else {
                indexes.append(nil)
            }
            index += 1
        }
        return indexes
    }

    /// A cached parse is a candidate only under the very signature the file has now, and only if it is
    /// `usable` at `all`'s index (a whole parse for a source, a summary under today's rules for a reference).
    private static func plans(_ all: [String], _ signatureIndexes: [Int?], _ inputs: InputSignatures,
                              cache: GenerationCache?, usable: (_ cacheIndex: Int, _ index: Int) -> Bool) -> [Plan] {
        guard let cache, cache.parseSectionIsIntact() else { return all.map { _ in .read(cacheIndex: nil) } }
        // Inputs usually sit where they sat last time; the index by path is built only when one does not.
        var cacheIndexByPath: [String: Int]?
        func cacheIndex(of path: String, near position: Int) -> Int? {
            if position < cache.inputs.count, cache.inputs[position].path == path { return position }
            if cacheIndexByPath == nil {
                cacheIndexByPath = Dictionary(cache.inputs.enumerated().map { ($1.path, $0) },
                                              uniquingKeysWith: { first, _ in first })
            }
            return cacheIndexByPath?[path]
        }
        var plans: [Plan] = []
        plans.reserveCapacity(all.count)
        var index = 0
        while index < all.count {
            if let signatureIndex = signatureIndexes[index], let signature = inputs.signatures[signatureIndex],
               let cacheIndex = cacheIndex(of: all[index], near: signatureIndex),
               cache.inputs[cacheIndex].signature == signature, cache.inputs[cacheIndex].parsedRange != nil,
               usable(cacheIndex, index) {
                plans.append(cache.inputs[cacheIndex].contentHash == nil ? .decode(cacheIndex: cacheIndex)
                    : .read(cacheIndex: cacheIndex))
            } else {
                plans.append(.read(cacheIndex: nil))
            }
            index += 1
        }
        return plans
    }

    /// The record of input `signatureIndex`, with its parse (its encoded bytes from the cache where it was reused).
    private static func record(_ inputs: InputSignatures, _ signatureIndex: Int, parse: GenerationCache.InputRecord.Parse,
                               contentHash: UInt64?, isSummary: Bool) -> GenerationCache.InputRecord {
        let signature = inputs.signatures[signatureIndex]
        return GenerationCache.InputRecord(signed: signature, isRacy: signature.map(inputs.isRacy) ?? false,
                                           path: inputs.paths[signatureIndex], parse: parse,
                                           contentHash: contentHash, isSummary: isSummary)
    }
}

extension GenerationCache.InputRecord {
    /// A parse is kept only under the signature taken before it was read, and, for a racy signature, only
    /// with the hash of the content it came from; a racy signature without one is stored as unknown, so the
    /// next run reads that file again.
    init(signed signature: SourceSnapshot.Signature?, isRacy: Bool, path: String, parse: Parse, contentHash: UInt64?,
         isSummary: Bool) {
        self.init(path: path, signature: nil, contentHash: nil, parse: .none, isSummary: isSummary)
        guard let signature, !isRacy || contentHash != nil else { return }
        self.signature = signature
        self.contentHash = isRacy ? contentHash : nil
        self.parse = parse
    }
}
