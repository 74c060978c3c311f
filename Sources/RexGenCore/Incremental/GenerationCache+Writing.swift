#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Writing the cache file: its header and its parse section (the layout is described on `GenerationCache`), and
/// saving or removing it.
extension GenerationCache {
    /// What to store for one input: its signature, and its parse (encoded now, or copied from the last cache).
    struct InputRecord {
        enum Parse {
            case none
            case parsed(ParsedFile)
            case encoded(ArraySlice<UInt8>)
        }

        var path: String
        var signature: SourceSnapshot.Signature?
        var contentHash: UInt64?
        var parse: Parse
        var isSummary = false
    }

    /// The parse section, ready to be appended: the bulk of the file, and independent of the outputs, so
    /// it can be prepared while the outputs are written.
    struct ParseSection: Sendable {
        var lengths: [Int]
        /// The encoded parses, a few hundred files a piece, then the section's checksum (eight bytes): written
        /// one after another, never joined (a large app's section runs to megabytes; per-file buffers and
        /// their join were the largest part of a cold run's peak).
        var pieces: [[UInt8]]

        var byteCount: Int { pieces.reduce(0) { $0 + $1.count } }
        /// The section in one buffer (for tests and small caches).
        var bytes: [UInt8] { Array(pieces.joined()) }
    }

    static func parseSection(for inputs: [InputRecord]) -> ParseSection {
        let filesPerPiece = 256
        let encodedPieces = Parallel.map(count: (inputs.count + filesPerPiece - 1) / filesPerPiece) { piece in
            let files = (piece * filesPerPiece)..<min(inputs.count, (piece + 1) * filesPerPiece)
            let writer = ByteWriter(capacity: 2048 * files.count)
            var lengths: [Int] = []
            lengths.reserveCapacity(files.count)
            var index = files.lowerBound
            while index < files.upperBound {
                let before = writer.bytes.count
                encode(inputs[index].parse, to: writer)
                lengths.append(writer.bytes.count - before)
                index += 1
            }
            // Copied to an exact-size buffer: the writer's spare capacity would stay allocated till the end.
            let encoded = writer.bytes
            let exact = [UInt8](unsafeUninitializedCapacity: encoded.count) { buffer, count in
                encoded.withUnsafeBufferPointer { source in count = source.isEmpty ? 0 : buffer.initialize(from: source).1 }
            }
            return (bytes: exact, lengths: lengths)
        }
        var hasher = ContentHash.Streaming(count: encodedPieces.reduce(0) { $0 + $1.bytes.count })
        for piece in encodedPieces { piece.bytes.withUnsafeBytes { hasher.feed($0) } }
        let checksum = withUnsafeBytes(of: hasher.value.littleEndian) { Array($0) }
        return ParseSection(lengths: encodedPieces.flatMap(\.lengths), pieces: encodedPieces.map(\.bytes) + [checksum])
    }

    static func encode(fingerprint: String, summaryKey: String, edgeNames: String, inputs: [InputRecord], parses: ParseSection,
                       extraFiles: [Entry], outputs: [Entry], diagnostics: [String],
                       sections: [RenderedSections.Record], liftSections: [RenderedSections.Record] = [],
                       treeShape: TreeShape? = nil) -> [UInt8] {
        encodeHeader(fingerprint: fingerprint, summaryKey: summaryKey, edgeNames: edgeNames, inputs: inputs, parses: parses,
                     extraFiles: extraFiles, outputs: outputs, diagnostics: diagnostics, sections: sections,
                     liftSections: liftSections, treeShape: treeShape) + parses.bytes
    }

    /// The file's bytes up to the parse section, which follows as `parses.bytes`: written after it as it is
    /// (see `save(_:to:)`), the parse section, the bulk of the file, is not copied once more.
    static func encodeHeader(fingerprint: String, summaryKey: String, edgeNames: String, inputs: [InputRecord],
                             parses: ParseSection, extraFiles: [Entry], outputs: [Entry], diagnostics: [String],
                             sections: [RenderedSections.Record], liftSections: [RenderedSections.Record],
                             treeShape: TreeShape?) -> [UInt8] {
        // Room for the whole header at once, a little over (paths, then at most a few dozen bytes a record):
        // grown by doubling, a header of megabytes (one record per source and per output) held its old
        // copy and a new one at once, at the run's peak.
        var capacity = 1024 + fingerprint.utf8.count + summaryKey.utf8.count + edgeNames.utf8.count
        for input in inputs { capacity += input.path.utf8.count + 56 }
        for entry in extraFiles + outputs { capacity += entry.path.utf8.count + 64 }
        for diagnostic in diagnostics { capacity += diagnostic.utf8.count + 8 }
        capacity += 32 * (sections.count + liftSections.count) + 16 * ((treeShape?.nodes.count ?? 0) + (treeShape?.edges.count ?? 0)) + (treeShape?.nodeNames.utf8.count ?? 0)
        let writer = ByteWriter(capacity: capacity)
        writer.raw(magic)
        writer.unsigned(formatVersion)
        writer.string(ToolIdentity.current)
        writer.string(fingerprint)
        writer.string(summaryKey)
        writer.string(edgeNames)
        writer.count(inputs.count)
        for (input, length) in zip(inputs, parses.lengths) { write(input, parseLength: length, to: writer) }
        writeEntries(extraFiles, to: writer)
        writeEntries(outputs, to: writer)
        writer.strings(diagnostics)
        writeSections(sections, to: writer)
        writeLiftRecords(liftSections, treeShape, to: writer)
        writer.fixed64(writer.bytes.withUnsafeBytes { ContentHash.of($0) })
        return writer.bytes
    }

    static func encode(_ parse: InputRecord.Parse, to writer: ByteWriter) {
        switch parse {
        case .none: break
        case .encoded(let bytes): writer.raw(bytes)
        case .parsed(let file): ParsedFileCoding.encode(file, to: writer)
        }
    }

    static func write(_ input: InputRecord, parseLength: Int, to writer: ByteWriter) {
        writer.string(input.path)
        writeSignature(input.signature, to: writer)
        writer.bool(input.contentHash != nil)
        if let contentHash = input.contentHash { writer.fixed64(contentHash) }
        writer.bool(input.isSummary)
        writer.count(parseLength)
    }

    /// The cache is a convenience: a failed write is no error, and the next run simply does everything.
    /// So it is neither `fsync`ed nor renamed into place but overwritten where it is: a torn or half-written
    /// cache fails its checksums (or has bytes past its end) and is ignored. Renaming over the old file
    /// would make ext4 start writing the new one out at once (its safeguard for replace-by-rename), which
    /// cost a one-change run 1.5 ms.
    static func save(_ bytes: [UInt8], to directory: OutputDirectory) {
        save([bytes], to: directory)
    }

    /// The file made of `pieces`, one after another.
    static func save(_ pieces: [[UInt8]], to directory: OutputDirectory) {
        let path = directory.filePath(fileName)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            remove(from: directory)  // a symbolic link, say: the last run's cache must not outlive this run
            return
        }
        var offset = 0
        var failed = false
        for piece in pieces where !failed {
            piece.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count, !failed {
                    let count = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset))
                    if count > 0 {
                        written += count
                        offset += count
                    } else if count < 0, errno == EINTR {
                        continue
                    } else {
                        failed = true
                    }
                }
            }
        }
        if failed || ftruncate(descriptor, off_t(offset)) != 0 {
            close(descriptor)
            remove(from: directory)
            return
        }
        close(descriptor)
    }

    public static func remove(from directory: OutputDirectory) {
        unlink(directory.filePath(fileName))
    }

    private static func writeSignature(_ signature: SourceSnapshot.Signature?, to writer: ByteWriter) {
        writer.bool(signature != nil)
        guard let signature else { return }
        writer.signed(signature.size)
        writer.signed(signature.modified)
        writer.unsigned(signature.inode)
    }

    /// The lift file's two blocks: where each conformance lies, and the tree's shape (empty without lifts).
    static func writeLiftRecords(_ sections: [RenderedSections.Record], _ shape: TreeShape?, to writer: ByteWriter) {
        writeSections(sections, to: writer)
        if let shape { shape.write(to: writer) } else { writer.count(0) }
    }

    /// Fixed-size records (key, start, length: four little-endian words), written as one block so that a
    /// run that does not need them skips them in one step.
    private static func writeSections(_ sections: [RenderedSections.Record], to writer: ByteWriter) {
        writer.count(sections.count)
        var words: [UInt64] = []
        words.reserveCapacity(4 * sections.count)
        var index = 0
        while index < sections.count {  // not `for … in`: see `SourceFileCollector.collect`
            let section = sections[index]
            words.append(section.key.first.littleEndian)
            words.append(section.key.second.littleEndian)
            words.append(UInt64(section.range.lowerBound).littleEndian)
            words.append(UInt64(section.range.count).littleEndian)
            index += 1
        }
        words.withUnsafeBytes { writer.raw($0[...]) }
    }

    private static func writeEntries(_ entries: [Entry], to writer: ByteWriter) {
        writer.count(entries.count)
        for entry in entries { writeEntry(entry, to: writer) }
    }

    static func writeEntry(_ entry: Entry, to writer: ByteWriter) {
        writer.string(entry.path)
        writeSignature(entry.signature, to: writer)
        writer.bool(entry.contentHash != nil)
        if let contentHash = entry.contentHash { writer.fixed64(contentHash) }
        writer.bool(entry.renderKey != nil)
        if let key = entry.renderKey {
            writer.fixed64(key.first)
            writer.fixed64(key.second)
        }
    }
}
