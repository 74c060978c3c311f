/// The last run's parses, by path, with the hash of the content each was parsed from: a process that runs
/// generation again and again (`rexgen watch`) parses only the files whose content changed. Files are still
/// read and hashed each run, so an edit that keeps a file's size and modification time is never missed.
public struct ParseMemory: Sendable {
    typealias Entry = (file: ParsedFile, contentHash: UInt64)

    var sources: [String: Entry] = [:]
    /// References are kept as summaries, which depend on the selection rules they were made by.
    var references: [String: Entry] = [:]
    var referenceRules = ""
    /// How many files the last run parsed rather than took from memory.
    public internal(set) var parsedFileCount = 0

    public init() {}
}
