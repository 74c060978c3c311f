#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a run that takes a shortcut reads of the last run's outputs and cache, and the cache it writes
/// back: the last one's bytes with a few records replaced.
extension GenerationCache {
    /// The bytes of an output the last run wrote, if the file is still exactly what it wrote.
    func previousFile(_ fileName: String, in directory: OutputDirectory) -> [UInt8]? {
        let path = directory.filePath(fileName)
        guard let output = outputs.first(where: { $0.path == fileName }),
              let expectedHash = output.contentHash, SourceSnapshot.signature(of: path) == output.signature,
              case .success(let file) = SourceFile.read(path: path),
              file.bytes.withUnsafeBytes({ ContentHash.of($0) }) == expectedHash else {
            return nil
        }
        return file.bytes
    }

    /// Whether `name`'s bytes occur in any input's cached parse other than input `index`'s: names, payload
    /// types, typealias targets, anything. A name that occurs in none is declared and mentioned by that
    /// input alone.
    func parses(otherThan index: Int, mention name: String) -> Bool {
        guard let own = inputs[index].parsedRange else { return true }
        let needle = Array(name.utf8)
        return storage.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                [parseSection.lowerBound..<own.lowerBound, own.upperBound..<parseSection.upperBound].contains { range in
                    UnsafeBufferPointer(rebasing: bytes[range]).containsBytes(of: needle)
                }
            }
        }
    }

    /// Whether `name`'s bytes occur in a source's cached parse (a reference's summary aside); true when a
    /// source's parse was not kept.
    func sourceParses(mention name: String) -> Bool {
        let needle = Array(name.utf8)
        return storage.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                inputs.contains { input in
                    guard !input.isSummary else { return false }
                    guard let range = input.parsedRange else { return true }
                    return UnsafeBufferPointer(rebasing: bytes[range]).containsBytes(of: needle)
                }
            }
        }
    }

    /// Whether `name`'s bytes occur in the cached summary of a reference of another module than `module`'s
    /// (or of none that `modules` names); the summaries keep every top-level type and typealias.
    func otherModulesSummaries(mention name: String, besides module: String?, modules: ReferenceModules) -> Bool {
        let needle = Array(name.utf8)
        return storage.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                inputs.contains { input in
                    guard input.isSummary, let range = input.parsedRange,
                          UnsafeBufferPointer(rebasing: bytes[range]).containsBytes(of: needle) else { return false }
                    return module == nil || modules.module(ofFile: input.path) != module
                }
            }
        }
    }

    /// This cache's bytes with a few inputs recorded anew (by index: signature, content hash, parse), a few
    /// outputs too (by index in `outputs`), and all else as it is. The other records and parses are copied as
    /// bytes, neither decoded nor encoded again: in a modular app that is tens of thousands of them for the
    /// one file an edit touched. Nil when a replaced input has no parse to replace.
    /// - Parameter edgeNames: `edgeNames` anew, if they changed.
    /// - Parameter lift: the lift file's records and the tree's shape anew, if the tree changed.
    /// - Parameter diagnostics: the printed diagnostics anew, if they changed.
    func replacing(inputs replacements: [Int: InputRecord], outputs replacedOutputs: [Int: Entry] = [:],
                   edgeNames newEdgeNames: String? = nil,
                   lift: (sections: [RenderedSections.Record], shape: TreeShape)? = nil,
                   diagnostics newDiagnostics: [String]? = nil) -> [UInt8]? {
        let indexes = replacements.keys.sorted()
        guard indexes.allSatisfy({ inputs[$0].parsedRange != nil }),
              replacedOutputs.keys.allSatisfy(outputRecordRanges.indices.contains) else { return nil }
        let parses = indexes.map { index in
            let writer = ByteWriter(capacity: 512)
            Self.encode(replacements[index]!.parse, to: writer)
            return writer.bytes[...]
        }
        // The header's records to write anew, in the order they lie (inputs' records come before outputs').
        var records: [(range: Range<Int>, bytes: ArraySlice<UInt8>)] = []
        for (index, parse) in zip(indexes, parses) {
            let writer = ByteWriter(capacity: 64)
            Self.write(replacements[index]!, parseLength: parse.count, to: writer)
            records.append((inputs[index].recordRange, writer.bytes[...]))
        }
        for index in replacedOutputs.keys.sorted() {
            let writer = ByteWriter(capacity: 64)
            Self.writeEntry(replacedOutputs[index]!, to: writer)
            records.append((outputRecordRanges[index], writer.bytes[...]))
        }
        if let newEdgeNames {
            let writer = ByteWriter(capacity: newEdgeNames.utf8.count + 16)
            writer.string(newEdgeNames)
            records.append((edgeNamesRecordRange, writer.bytes[...]))
        }
        if let newDiagnostics, newDiagnostics != diagnostics {
            let writer = ByteWriter(capacity: newDiagnostics.reduce(16) { $0 + $1.utf8.count + 8 })
            writer.strings(newDiagnostics)
            records.append((diagnosticsRecordRange, writer.bytes[...]))
        }
        if let lift {
            let writer = ByteWriter(capacity: 32 * lift.sections.count + 16 * (lift.shape.nodes.count + lift.shape.edges.count)
                                        + lift.shape.nodeNames.utf8.count + 64)
            Self.writeLiftRecords(lift.sections, lift.shape, to: writer)
            records.append((liftRecordsRange, writer.bytes[...]))
        }
        records.sort { $0.range.lowerBound < $1.range.lowerBound }
        let grown = parses.reduce(0) { $0 + $1.count } + records.reduce(0) { $0 + $1.bytes.count }
        let writer = ByteWriter(capacity: storage.count + grown)
        storage.withUnsafeBytes { raw in
            var copied = 0
            for record in records {
                writer.raw(raw[copied..<record.range.lowerBound])
                writer.raw(record.bytes)
                copied = record.range.upperBound
            }
            writer.raw(raw[copied..<headerEnd])
            writer.fixed64(writer.bytes.withUnsafeBytes { ContentHash.of($0) })
            let parseStart = writer.count
            copied = parseSection.lowerBound
            for (index, parse) in zip(indexes, parses) {
                writer.raw(raw[copied..<inputs[index].parsedRange!.lowerBound])
                writer.raw(parse)
                copied = inputs[index].parsedRange!.upperBound
            }
            writer.raw(raw[copied..<parseSection.upperBound])
            writer.fixed64(writer.bytes.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[parseStart...])) })
        }
        return writer.bytes
    }
}
