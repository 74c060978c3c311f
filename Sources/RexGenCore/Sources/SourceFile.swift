#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// One input file's bytes, read whole with POSIX calls so failures carry the system's reason.
public struct SourceFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Reads a file, or returns a diagnostic located at the file.
    public static func read(path: String) -> Result<SourceFile, Diagnostic> {
        // The bytes live in the reader's buffer: it must outlive the copy (a temporary may be freed first).
        let reader = FileReader()
        return withExtendedLifetime(reader) { reader.read(path: path).map { SourceFile(path: path, bytes: Array($0)) } }
    }
}

/// Reads files one after another into one buffer that grows to fit the largest of them. Reading each file
/// into fresh memory made the kernel fault in new pages for every file; these pages are touched once.
final class FileReader {
    private var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)

    deinit { buffer.deallocate() }

    /// The file's bytes, valid until the next `read`; or a diagnostic located at the file.
    func read(path: String) -> Result<UnsafeBufferPointer<UInt8>, Diagnostic> {
        let location = SourceLocation(file: path, line: 1, column: 1)
        func failure(_ reason: String) -> Result<UnsafeBufferPointer<UInt8>, Diagnostic> {
            .failure(.error("cannot read '\(path)': \(reason)", at: location))
        }
        // Non-blocking, so a FIFO named `*.swift` is refused below instead of waiting forever for a writer;
        // for a regular file the flag changes nothing.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failure(String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return failure("not a regular file") }
        // The size is a hint only: a file that grows or shrinks while being read is read to its end. Asking
        // for one byte more than the size shows the end of an unchanged file in its first read.
        let size = max(Int(status.st_size), 0)
        if buffer.count < size + 1 { replaceBuffer(capacity: size + 1, keeping: 0) }
        var filled = 0
        while true {
            if filled == buffer.count { replaceBuffer(capacity: 2 * buffer.count, keeping: filled) }
            let asked = buffer.count - filled
            let count = POSIXCalls.read(descriptor, buffer.baseAddress! + filled, asked)
            if count < 0 {
                if errno == EINTR { continue }
                return failure(String(cString: strerror(errno)))
            }
            filled += count
            // A regular file reads short only at its end: exactly the size `fstat` gave, read short, is the
            // whole file, with no second read just to see zero bytes.
            if count == 0 || (count < asked && filled == size) { break }
        }
        return .success(UnsafeBufferPointer(rebasing: buffer[..<filled]))
    }

    private func replaceBuffer(capacity: Int, keeping count: Int) {
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        _ = larger.initialize(from: buffer[..<count])
        buffer.deallocate()
        buffer = larger
    }
}

/// Checks that bytes are text Swift can compile: valid UTF-8 and no NUL bytes.
public enum TextValidator {
    public enum Problem: Equatable, Sendable {
        case nulByte(offset: Int)
        case invalidUTF8(offset: Int)

        public var offset: Int {
            switch self {
            case .nulByte(let offset), .invalidUTF8(let offset): offset
            }
        }

        public var message: String {
            switch self {
            case .nulByte: "file contains a NUL byte (is it a binary file?); it is skipped"
            case .invalidUTF8: "file is not valid UTF-8; it is skipped"
            }
        }
    }

    /// The first problem, if any. ASCII runs are checked 32 bytes, then eight bytes at a time.
    public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            if index + 32 <= count, isPlainASCII(raw, at: index) {
                index += 32
                continue
            }
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let hasHighBit = word & 0x8080_8080_8080_8080 != 0
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
                if !hasHighBit && !hasZero {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead == 0 { return .nulByte(offset: index) }
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: return .invalidUTF8(offset: index)
            }
            guard index + length <= count else { return .invalidUTF8(offset: index) }
            let second = bytes[index + 1]
            guard second >= lowerBound, second <= upperBound else { return .invalidUTF8(offset: index) }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return .invalidUTF8(offset: index)
            }
            index += length
        }
        return nil
    }

    /// Whether the 32 bytes at `offset` are all ASCII and none is NUL, tested as four words at once.
    @inline(__always)
    private static func isPlainASCII(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
        let first = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let second = raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        let third = raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
        let fourth = raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
        // A word has a zero byte exactly when `(word - 0x01…01) & ~word` has a high bit set.
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- 0x0101_0101_0101_0101) & ~word }
        let highBits = first | second | third | fourth
        let zeros = zeroBytes(first) | zeroBytes(second) | zeroBytes(third) | zeroBytes(fourth)
        return (highBits | zeros) & 0x8080_8080_8080_8080 == 0
    }
}
