#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What the last successful run read and wrote, kept in the output directory (`.rexgen-cache`): the options,
/// every input file's `stat` signature with its parse result, every output file's signature, and the run's
/// warnings. A run where nothing changed costs a directory walk and one `stat` per file; a run after an
/// edit parses only the files whose signature changed.
///
/// Nothing in it is trusted beyond a match. The file carries a format version, the identity of the
/// `rexgen` binary that wrote it (a rebuilt reader may parse differently) and checksums: anything that
/// does not decode, or decodes to something else than expected, is ignored and the run does everything.
///
/// Layout: a header (versions, options, inputs, extra files, outputs, warnings, sections) and its checksum, then
/// the parse section (each input's encoded `ParsedFile`, back to back) and its checksum. A run where
/// nothing changed never reads past the header's checksum.
public struct GenerationCache: Sendable {
    public static let fileName = ".rexgen-cache"
    private static let magic = Array("rexgen-cache\n".utf8)
    /// Bump on any change to the layout or to the model types `ParsedFileCoding` writes.
    static let formatVersion: UInt64 = 28

    public struct Input: Sendable, Equatable {
        public var path: String
        /// nil: listed but unreadable or gone when the run looked.
        public var signature: SourceSnapshot.Signature?
        /// The hash of the content that was parsed, kept for a file modified so recently that a second
        /// write within the same clock tick could leave size, time and inode alike (git's "racily clean"
        /// entries): such a file's content is compared before its parse is reused.
        public var contentHash: UInt64?
        /// Where the file's encoded parse lies in `storage`, when it was kept.
        var parsedRange: Range<Int>?
        /// The parse is a reference's summary (made under `summaryKey`), not the whole file's.
        var isSummary = false
        /// Where the input's own record lies in `storage`'s header.
        var recordRange: Range<Int> = 0..<0
    }

    public struct Entry: Sendable, Equatable {
        public var path: String
        public var signature: SourceSnapshot.Signature?
        /// For an output file: the hash of what was written, checked before any of it is reused.
        public var contentHash: UInt64?
        /// For a per-source output: the key of what it was rendered from (see `RenderedSections`).
        public var renderKey: RenderedSections.Key? = nil
    }

    public var fingerprint: String
    /// The selection rules the references' summaries were made by (`SelectionRules.referenceSummaryKey`).
    public var summaryKey: String
    /// The names a payload type must end in to name an action enum in that run's model, one per line
    /// (see `EdgeNames`): kept as one string, split only by a run that needs it.
    public var edgeNames: String
    public var inputs: [Input]
    /// Files besides the Swift inputs whose change matters: the configuration, C headers, templates.
    public var extraFiles: [Entry]
    /// Output file name → what `stat` said right after it was written (or found up to date).
    public var outputs: [Entry]
    /// The warnings and notes of that run, shown again when it is reused.
    public var diagnostics: [String]
    /// Where each output's record lies in `storage`'s header, in `outputs`' order.
    let outputRecordRanges: [Range<Int>]
    /// Where the records of the enum-properties file's sections and of the lift file's conformances lie in
    /// `storage`'s header: thousands of each, 32 bytes a record, decoded only by a run that renders that
    /// file again (see `sections` and `liftSections`), skipped in one step by the others.
    private let sectionBytes: Range<Int>
    private let liftSectionBytes: Range<Int>
    /// Where `edgeNames` (with its length) and the lift file's two record blocks (with their counts) lie in
    /// `storage`'s header, for a run that replaces them (see `replacing`).
    let edgeNamesRecordRange: Range<Int>
    let liftRecordsRange: Range<Int>
    /// Where the printed diagnostics (with their count) lie, for a run that replaces them.
    let diagnosticsRecordRange: Range<Int>
    /// Where the action tree's shape lies (see `TreeShape`), decoded only by a run that edits the tree.
    private let treeShapeBytes: Range<Int>
    /// The file's bytes, into which `parsedRange`s point: parses are decoded only when needed.
    let storage: [UInt8]
    /// Where the header's checksum lies in `storage`: the header is everything before it.
    let headerEnd: Int
    /// Where the parse section lies in `storage`; its checksum is checked before the first decode.
    let parseSection: Range<Int>
    private let parseChecksum: UInt64

    /// The cached parse of input `index`, or nil when it was not kept or does not decode.
    /// - Parameter forPlanning: only what planning another file's enums reads of it
    ///   (`ParsedFileCoding.decodeForPlanning`).
    func parsedFile(at index: Int, forPlanning: Bool = false) -> ParsedFile? {
        guard let range = inputs[index].parsedRange else { return nil }
        return storage.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes, from: range.lowerBound, to: range.upperBound)
            let path = inputs[index].path
            guard let file = try? forPlanning ? ParsedFileCoding.decodeForPlanning(path: path, from: &reader)
                : ParsedFileCoding.decode(path: path, from: &reader), reader.isAtEnd else {
                return nil
            }
            return file
        }
    }

    /// Whether the parse section is intact; checked once before any parse is reused.
    func parseSectionIsIntact() -> Bool {
        storage.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[parseSection])) } == parseChecksum
    }

    /// The encoded parse of input `index`, to copy into the next cache without decoding it.
    func encodedParse(at index: Int) -> ArraySlice<UInt8>? {
        inputs[index].parsedRange.map { storage[$0] }
    }

    /// The last run's enum-properties sections, if that file is still exactly what the last run wrote.
    func previousSections(in directory: OutputDirectory) -> RenderedSections? {
        previousSections(sections, of: EnumPropertiesRenderer.fileName, in: directory)
    }

    /// The last run's lift conformances, if that file is still exactly what the last run wrote.
    func previousLiftSections(in directory: OutputDirectory) -> RenderedSections? {
        previousSections(liftSections, of: LiftRenderer.fileName, in: directory)
    }

    /// Where each enum's section lies in the enum-properties output, for a run that renders a few again.
    public var sections: [RenderedSections.Record] { records(in: sectionBytes) }

    /// Where each conformance lies in the lift output, likewise.
    var liftSections: [RenderedSections.Record] { records(in: liftSectionBytes) }

    /// Each lift conformance's place in the action tree, in `liftSections`' order (empty if one is malformed).
    /// The last run's action tree, as `TreeEdit` edits it; nil without lifts or if it is out of shape.
    var treeShape: TreeShape? { TreeShape.decode(storage, treeShapeBytes) }

    /// The fixed-size records `writeSections` wrote (empty if one is out of range).
    private func records(in bytes: Range<Int>) -> [RenderedSections.Record] {
        storage.withUnsafeBytes { raw in
            var records: [RenderedSections.Record] = []
            records.reserveCapacity(bytes.count / 32)
            var offset = bytes.lowerBound
            while offset + 32 <= bytes.upperBound {
                func word(_ index: Int) -> UInt64 {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self))
                }
                let start = Int(truncatingIfNeeded: word(2))
                let (end, overflow) = start.addingReportingOverflow(Int(truncatingIfNeeded: word(3)))
                guard start >= 0, !overflow, end >= start else { return [] }
                records.append(RenderedSections.Record(key: RenderedSections.Key(first: word(0), second: word(1)),
                                                       range: start..<end))
                offset += 32
            }
            return records
        }
    }

    private func previousSections(_ sections: [RenderedSections.Record], of fileName: String,
                                  in directory: OutputDirectory) -> RenderedSections? {
        guard !sections.isEmpty, let bytes = previousFile(fileName, in: directory) else { return nil }
        return RenderedSections(text: String(decoding: bytes, as: UTF8.self), records: sections)
    }

    // MARK: - Reading and writing the file

    public static func load(from directory: OutputDirectory) -> GenerationCache? {
        guard case .success(let file) = SourceFile.read(path: directory.filePath(fileName)) else { return nil }
        return decode(file.bytes)
    }

    static func decode(_ bytes: [UInt8]) -> GenerationCache? {
        try? bytes.withUnsafeBytes { raw -> GenerationCache in
            var reader = ByteReader(raw)
            guard try reader.slice(magic.count).elementsEqual(magic), try reader.unsigned() == formatVersion,
                  try reader.stringEquals(ToolIdentity.current) else {
                throw ByteReader.Malformed()
            }
            let fingerprint = try reader.string()
            let summaryKey = try reader.string()
            let edgeNamesStart = reader.offset
            let edgeNames = try reader.string()
            let edgeNamesRecordRange = edgeNamesStart..<reader.offset
            var parsedOffset = 0
            var inputs: [Input] = []
            let inputCount = try reader.count()
            inputs.reserveCapacity(inputCount)
            // `while` loops over the inputs and outputs (tens of thousands): see `SourceFileCollector.collect`.
            while inputs.count < inputCount {
                let recordStart = reader.offset
                let path = try reader.string()
                let signature = try readSignature(&reader)
                let contentHash = try reader.bool() ? try reader.fixed64() : nil
                let isSummary = try reader.bool()
                let parsedLength = try reader.count()
                inputs.append(Input(path: path, signature: signature, contentHash: contentHash,
                                    parsedRange: parsedLength == 0 ? nil : parsedOffset..<(parsedOffset + parsedLength),
                                    isSummary: isSummary, recordRange: recordStart..<reader.offset))
                parsedOffset += parsedLength
            }
            var ignoredRanges: [Range<Int>] = []
            let extraFiles = try readEntries(&reader, ranges: &ignoredRanges)
            var outputRecordRanges: [Range<Int>] = []
            let outputs = try readEntries(&reader, ranges: &outputRecordRanges)
            let diagnosticsStart = reader.offset
            let diagnostics = try reader.strings()
            let diagnosticsRecordRange = diagnosticsStart..<reader.offset
            let sectionBytes = try skipSections(&reader)
            let liftRecordsStart = reader.offset
            let liftSectionBytes = try skipSections(&reader)
            let treeShapeBytes = try TreeShape.skip(&reader)
            let headerEnd = reader.offset
            guard try reader.fixed64() == ContentHash.of(UnsafeRawBufferPointer(rebasing: raw[..<headerEnd])) else {
                throw ByteReader.Malformed()
            }
            let parseStart = reader.offset
            _ = try reader.slice(parsedOffset)
            let parseChecksum = try reader.fixed64()
            guard reader.isAtEnd else { throw ByteReader.Malformed() }
            var index = 0
            while index < inputs.count {
                if let range = inputs[index].parsedRange {
                    inputs[index].parsedRange = (range.lowerBound + parseStart)..<(range.upperBound + parseStart)
                }
                index += 1
            }
            return GenerationCache(fingerprint: fingerprint, summaryKey: summaryKey, edgeNames: edgeNames, inputs: inputs, extraFiles: extraFiles, outputs: outputs,
                                   diagnostics: diagnostics, outputRecordRanges: outputRecordRanges, sectionBytes: sectionBytes,
                                   liftSectionBytes: liftSectionBytes, edgeNamesRecordRange: edgeNamesRecordRange,
                                   liftRecordsRange: liftRecordsStart..<headerEnd, diagnosticsRecordRange: diagnosticsRecordRange,
                                   treeShapeBytes: treeShapeBytes,
                                   storage: bytes, headerEnd: headerEnd,
                                   parseSection: parseStart..<(parseStart + parsedOffset), parseChecksum: parseChecksum)
        }
    }

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
    static func writeLiftRecords(_ sections: [RenderedSections.Record], _ shape: TreeShape?,
                                         to writer: ByteWriter) {
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

    /// Where the records `writeSections` wrote lie, read past without decoding them.
    private static func skipSections(_ reader: inout ByteReader) throws -> Range<Int> {
        let count = try reader.count()
        guard count <= Int.max / 32 else { throw ByteReader.Malformed() }
        let start = reader.offset
        _ = try reader.slice(count * 32)
        return start..<reader.offset
    }

    private static func readSignature(_ reader: inout ByteReader) throws -> SourceSnapshot.Signature? {
        guard try reader.bool() else { return nil }
        return SourceSnapshot.Signature(size: try reader.signed(), modified: try reader.signed(), inode: try reader.unsigned())
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

    /// - Parameter ranges: where each entry's record lies, appended in order.
    private static func readEntries(_ reader: inout ByteReader, ranges: inout [Range<Int>]) throws -> [Entry] {
        let count = try reader.count()
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        ranges.reserveCapacity(count)
        while entries.count < count {
            let start = reader.offset
            entries.append(Entry(path: try reader.string(), signature: try readSignature(&reader),
                                 contentHash: try reader.bool() ? try reader.fixed64() : nil,
                                 renderKey: try reader.bool()
                                     ? RenderedSections.Key(first: try reader.fixed64(), second: try reader.fixed64()) : nil))
            ranges.append(start..<reader.offset)
        }
        return entries
    }
}

/// Which `rexgen` binary is running: its path, size and modification time. A rebuilt binary may read
/// Swift differently, so a cache written by another binary is not trusted.
enum ToolIdentity {
    static let current: String = {
        #if os(Linux)
        let path = "/proc/self/exe"
        #else
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        #endif
        guard let signature = SourceSnapshot.signature(of: path) else { return RexGenVersion.current }
        return "\(RexGenVersion.current) \(signature.size) \(signature.modified) \(signature.inode)"
    }()
}
