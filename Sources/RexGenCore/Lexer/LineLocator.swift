/// Turns byte offsets into line and column numbers on demand, for a reader that asks in file order.
///
/// The parser asks for positions as it moves forward, so counting line breaks from the previous answer
/// to the next costs one pass over the part of the file read so far, eight bytes at a time, and nothing
/// for files with no declaration worth a position. A `LineTable` would index every line of every file up
/// front. An offset before the previous one (diagnostics found late) switches to a `LineTable`, so no order
/// of questions costs more than linear time. Answers are the same as `LineTable`'s.
struct LineLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Everything before `scanned` has been counted: it lies on line `line`, which starts at `lineStart`.
    private var scanned = 0
    private var line = 1
    private var lineStart = 0
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
        countLineBreaks(upTo: min(offset, bytes.count))
        return (line, offset - lineStart + 1)
    }

    /// Counts the line breaks in `scanned..<end` (`\n`, `\r\n`, or a lone `\r`), as `LineTable` does.
    private mutating func countLineBreaks(upTo end: Int) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var index = scanned
        while index < end {
            if index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let newlines = Self.zeroBytes(word ^ Self.repeated(.newline))
                if Self.zeroBytes(word ^ Self.repeated(.carriageReturn)) == 0 {
                    // No `\r` here: count the `\n`s at once; the last one starts the line.
                    if newlines != 0 {
                        line += newlines.nonzeroBitCount
                        lineStart = index + (63 - newlines.leadingZeroBitCount) / 8 + 1
                    }
                    index += 8
                    continue
                }
            }
            let current = bytes[index]
            if current == .newline
                || current == .carriageReturn && (index + 1 >= bytes.count || bytes[index + 1] != .newline) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        scanned = end
    }

    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each zero byte of `word`, and no other bit (exact, unlike the shorter borrow trick).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = repeated(0x7F)
        return ~(((word & low7) &+ low7) | word | low7)
    }
}
