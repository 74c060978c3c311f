/// Maps byte offsets to 1-based line and column numbers (columns count UTF-8 bytes, as compilers do).
public struct LineTable: Sendable {
    private let lineStarts: [Int]

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let current = bytes[index]
            if current == .newline {
                starts.append(index + 1)
            } else if current == .carriageReturn, index + 1 >= count || bytes[index + 1] != .newline {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
