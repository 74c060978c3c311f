#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a path shorter than the whole way (`EarlyCutOff`, `TreeEdit`) changes of the last run: the inputs it
/// read again, the outputs it rendered anew, and the cache's records that follow from them. Everything else
/// the last run wrote holds, and its cache is copied as bytes with these records replaced.
struct LastRunPatch {
    /// What the next cache stores anew, by input index: the files read again.
    var replacedRecords: [Int: GenerationCache.InputRecord]
    /// Outputs whose content may have changed, each with its index in the cache's outputs and its render key
    /// (a per-source file's; nil for the lift file).
    var files: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key?)] = []
    /// The cache's payload names, the lift file's records and the tree's shape, and the printed diagnostics,
    /// where they changed.
    var edgeNames: String?
    var lift: (sections: [RenderedSections.Record], shape: TreeShape)?
    var diagnostics: [String]?
    /// The model the files were planned in, if any: kept alive until the process exits.
    var model: SourceModel?

    /// Writes the files where their content changed and saves the cache with the patch's records; without a
    /// cache that describes the outputs (a write failed), none is left.
    func write(over cache: GenerationCache, in directory: OutputDirectory) -> OutputDirectory.WriteResult {
        var lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)] = [:]
        for (_, outputIndex, _) in files {
            let output = cache.outputs[outputIndex]
            if let signature = output.signature, let hash = output.contentHash { lastWritten[output.path] = (signature, hash) }
        }
        let hashes = files.map { rendered in
            var contents = rendered.file.contents
            return contents.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
        }
        let written = directory.write(files.map(\.file), lastWritten: lastWritten, contentHashes: { hashes })
        var outputs: [Int: GenerationCache.Entry] = [:]
        for ((file, outputIndex, key), hash) in zip(files, hashes) {
            outputs[outputIndex] = GenerationCache.Entry(path: file.name, signature: SourceSnapshot.signature(of: directory.filePath(file.name)),
                                                         contentHash: hash, renderKey: key)
        }
        if written.diagnostics.isEmpty,
           let bytes = cache.replacing(inputs: replacedRecords, outputs: outputs, edgeNames: edgeNames, lift: lift,
                                       diagnostics: diagnostics) {
            GenerationCache.save(bytes, to: directory)
        } else {
            GenerationCache.remove(from: directory)
        }
        return written
    }
}
