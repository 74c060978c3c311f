import Dispatch
import Foundation

/// Sources → Parser: reads and parses files on every core, returning them in path order.
enum SourceReadingStage {
    struct Output {
        var files: [ParsedFile]
        var byteCount: Int
    }

    /// Results land in their own slots, so the order never depends on scheduling.
    private final class Slots: @unchecked Sendable {
        var files: [ParsedFile]
        var sizes: [Int]
        private var taken = 0
        private let lock = NSLock()

        init(count: Int) {
            files = (0..<count).map { _ in ParsedFile(path: "") }
            sizes = Array(repeating: 0, count: count)
        }

        /// The next file no worker has taken yet, if any.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard taken < files.count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    static func read(_ paths: [String]) -> Output {
        let slots = Slots(count: paths.count)
        // One worker per core, each with its own read buffer, each taking the next file not yet taken (so a
        // run of large files is shared out rather than falling to one worker).
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let reader = FileReader()
            while let index = slots.take() {
                let (file, size) = readOne(paths[index], with: reader)
                slots.files[index] = file
                slots.sizes[index] = size
            }
        }
        return Output(files: slots.files, byteCount: slots.sizes.reduce(0, +))
    }

    static func readOne(_ path: String, with reader: FileReader) -> (ParsedFile, Int) {
        switch reader.read(path: path) {
        case .failure(let diagnostic):
            var file = ParsedFile(path: path)
            file.diagnostics.append(diagnostic)
            return (file, 0)
        case .success(let bytes):
            return (parse(bytes, path: path), bytes.count)
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> ParsedFile {
        // Our own output (say, in a Generated/ folder inside the sources) declares the very members it
        // generates; reading it back would make every property collide with itself.
        if bytes.starts(with: GeneratedFile.headerMarker.utf8) { return ParsedFile(path: path) }
        if let problem = TextValidator.firstProblem(in: bytes) {
            var file = ParsedFile(path: path)
            let (line, column) = LineTable(bytes).lineAndColumn(of: problem.offset)
            file.diagnostics.append(.error(problem.message, at: SourceLocation(file: path, line: line, column: column)))
            return file
        }
        return SwiftReader.parse(bytes, path: path)
    }
}
