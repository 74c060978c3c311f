import Foundation

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
        let location = SourceLocation(file: path, line: 1, column: 1)
        // Non-blocking, so a FIFO named `*.swift` is refused below instead of waiting forever for a writer;
        // for a regular file the flag changes nothing.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(.error("cannot read '\(path)': \(String(cString: strerror(errno)))", at: location))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(.error("cannot read '\(path)': \(String(cString: strerror(errno)))", at: location))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.error("cannot read '\(path)': not a regular file", at: location))
        }
        // The size is a hint only: a file that grows or shrinks while being read is read to its end. The
        // buffer is one byte larger than the size, so the end of an unchanged file is seen by the same loop,
        // and left uninitialised: `read` fills it, and zeroing it first would touch every page twice.
        var failure: Int32 = 0
        var blockSize = max(Int(status.st_size), 0) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: blockSize) { buffer, filled in
            filled = readToEnd(descriptor, into: buffer, failure: &failure)
        }
        var filledBlock = bytes.count == blockSize
        while failure == 0, filledBlock {
            // Still more: the file grew. Read the rest a block at a time.
            blockSize = max(bytes.count, 4096)
            let more = [UInt8](unsafeUninitializedCapacity: blockSize) { buffer, filled in
                filled = readToEnd(descriptor, into: buffer, failure: &failure)
            }
            filledBlock = more.count == blockSize
            bytes += more
        }
        if failure != 0 {
            return .failure(.error("cannot read '\(path)': \(String(cString: strerror(failure)))", at: location))
        }
        return .success(SourceFile(path: path, bytes: bytes))
    }

    /// Fills `buffer` from the descriptor until it is full or the file ends; returns how many bytes were read.
    /// On an error other than `EINTR`, sets `failure` to `errno` and stops.
    private static func readToEnd(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                  failure: inout Int32) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if count == 0 { break }
            filled += count
        }
        return filled
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

    /// The first problem, if any. ASCII runs are checked eight bytes at a time.
    public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
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
}
