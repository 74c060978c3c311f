#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Turns byte offsets into line and column numbers on demand, for a reader that asks in file order.
///
/// The parser asks for positions as it moves forward, so counting line breaks from the previous answer
/// to the next costs one pass over the part of the file read so far, sixteen bytes at a time, and nothing
/// for files with no declaration worth a position. A `LineTable` would index every line of every file up
/// front. An offset before the previous one (diagnostics found late) switches to a `LineTable`, so no order
/// of questions costs more than linear time. Answers are the same as `LineTable`'s.
struct LineLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Everything before `scanned` has been counted: it lies on line `line`, which starts at `lineStart`.
    private var scanned = 0
    private var line = 1
    private var lineStart = 0
    /// Whether the file has a `\r` anywhere (found once, with `memchr`): only then can a line end in one.
    private lazy var hasCarriageReturn =
        bytes.baseAddress.map { memchr($0, Int32(UInt8.carriageReturn), bytes.count) != nil } ?? false
    private var table: LineTable?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        if let table { return table.lineAndColumn(of: offset) }
        guard offset >= scanned else {
            let table = LineTable(bytes)
            self.table = table
            return table.lineAndColumn(of: offset)
        }
        let end = min(offset, bytes.count)
        if hasCarriageReturn {
            countEveryLineBreak(upTo: end)
        } else {
            countNewlines(upTo: end)
        }
        scanned = end
        return (line, offset - lineStart + 1)
    }

    /// Without `\r` in the file: counts the `\n`s in `scanned..<end` sixteen at a time (a vector compare and
    /// add per block), then finds where the last of them is, if there was one, by looking back from `end`
    /// (never past `scanned`).
    private mutating func countNewlines(upTo end: Int) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var newlines = 0
        var index = scanned
        let newline = SIMD16<UInt8>(repeating: .newline)
        while index + 16 <= end {
            // Sixteen byte-wide counters, one per byte position, summed into `newlines` once per 255 blocks
            // (before any counter could overflow) rather than once per block.
            var counters = SIMD16<UInt8>()
            let stop = min(end, index + 255 * 16)
            while index + 16 <= stop {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                counters = counters.replacing(with: counters &+ 1, where: block .== newline)
                index += 16
            }
            newlines += Int(SIMD16<UInt16>(truncatingIfNeeded: counters).wrappedSum())
        }
        while index < end {
            if bytes[index] == .newline { newlines += 1 }
            index += 1
        }
        guard newlines > 0 else { return }
        line += newlines
        var lastNewline = end - 1
        while bytes[lastNewline] != .newline { lastNewline -= 1 }
        lineStart = lastNewline + 1
    }

    /// Counts the line breaks in `scanned..<end` byte by byte: `\n`, `\r\n`, or a lone `\r`.
    private mutating func countEveryLineBreak(upTo end: Int) {
        for index in scanned..<end {
            let current = bytes[index]
            if current == .newline
                || current == .carriageReturn && (index + 1 >= bytes.count || bytes[index + 1] != .newline) {
                line += 1
                lineStart = index + 1
            }
        }
    }
}
