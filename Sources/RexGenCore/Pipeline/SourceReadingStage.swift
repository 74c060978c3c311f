import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sources → Parser: reads and parses files on every core, returning them in path order.
enum SourceReadingStage {
    struct Output {
        var files: [ParsedFile]
        var byteCount: Int
    }

    /// - Parameter summaryRules: read the files as references, keeping only their summaries (see
    ///   `ParsedFile.referenceSummary(rules:)`).
    static func read(_ paths: [String], summarisingWith summaryRules: SelectionRules? = nil) -> Output {
        let answers = read(paths.map { Request(path: $0, hashesContent: false, cached: nil, summaryRules: summaryRules) })
        return Output(files: answers.map(\.file), byteCount: answers.reduce(0) { $0 + $1.size })
    }

    /// One file to read for the incremental run: whether its content hash is wanted (its modification time
    /// is too recent to trust on its own), the cached parse to use if the content turns out unchanged, and,
    /// for a reference, the rules its summary is made by.
    struct Request: Sendable {
        var path: String
        var hashesContent: Bool
        var cached: (file: ParsedFile, contentHash: UInt64)?
        var summaryRules: SelectionRules?
    }

    struct Answer: Sendable {
        var file: ParsedFile
        var size: Int
        var contentHash: UInt64?
        /// False when the content matched the cached parse, which was used instead.
        var wasParsed: Bool
    }

    /// Results land in their own slots, so the order never depends on scheduling. The slots are raw
    /// memory, each written by the one worker that took it: assigning into a shared `Array` from several
    /// threads is a data race (its copy-on-write check can find the buffer shared and copy it under the other
    /// writer), which crashed debug builds, the build plugin's, on thousands of files.
    private final class Slots: @unchecked Sendable {
        let answers: UnsafeMutableBufferPointer<Answer?>
        private var taken = 0
        private let lock = Lock()

        init(count: Int) {
            answers = .allocate(capacity: count)
            answers.initialize(repeating: nil)
        }

        deinit {
            _ = answers.deinitialize()
            answers.deallocate()
        }

        /// The next file no worker has taken yet, if any.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard taken < answers.count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    static func read(_ requests: [Request]) -> [Answer] {
        let slots = Slots(count: requests.count)
        // One worker per core, each with its own read buffer, each taking the next file not yet taken (so a
        // run of large files is shared out rather than falling to one worker).
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, requests.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let reader = FileReader()
            while let index = slots.take() {
                slots.answers[index] = readOne(requests[index], with: reader)
            }
        }
        return slots.answers.map { $0! }
    }

    static func readOne(_ request: Request, with reader: FileReader) -> Answer {
        var contentHash: UInt64?
        var reused: ParsedFile?
        let (file, size) = readOne(request.path, with: reader) { bytes in
            guard request.hashesContent || request.cached != nil else { return nil }
            let hash = ContentHash.of(UnsafeRawBufferPointer(bytes))
            contentHash = hash
            if let cached = request.cached, cached.contentHash == hash { reused = cached.file }
            return reused
        }
        if reused == nil, let rules = request.summaryRules {
            return Answer(file: file.referenceSummary(rules: rules), size: size, contentHash: contentHash, wasParsed: true)
        }
        return Answer(file: file, size: size, contentHash: contentHash, wasParsed: reused == nil)
    }

    static func readOne(_ path: String) -> (ParsedFile, Int) {
        readOne(path, with: FileReader())
    }

    /// - Parameter reuse: sees the bytes first, and may answer with a parse it already has.
    static func readOne(_ path: String, with reader: FileReader,
                        reuse: (UnsafeBufferPointer<UInt8>) -> ParsedFile? = { _ in nil }) -> (ParsedFile, Int) {
        switch reader.read(path: path) {
        case .failure(let diagnostic):
            var file = ParsedFile(path: path)
            file.diagnostics.append(diagnostic)
            return (file, 0)
        case .success(let bytes):
            return (reuse(bytes) ?? parse(bytes, path: path), bytes.count)
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
