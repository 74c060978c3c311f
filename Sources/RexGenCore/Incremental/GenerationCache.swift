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
    static let magic = Array("rexgen-cache\n".utf8)
    /// Bump on any change to the layout or to the model types `ParsedFileCoding` writes.
    static let formatVersion: UInt64 = 30

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

    // MARK: - Reading the file (writing it: GenerationCache+Writing.swift)

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
