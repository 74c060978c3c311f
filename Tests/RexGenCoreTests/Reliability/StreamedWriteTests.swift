import Foundation
import XCTest
@testable import RexGenCore

/// Files rendered and written a range at a time (`OutputDirectory.FileStream`, how a run writes one file per
/// source): every file is checked before any is written, each range is rendered only when its turn comes,
/// and the result is what writing them all at once gives.
final class StreamedWriteTests: XCTestCase {
    private var directory: URL!
    private var output: OutputDirectory { OutputDirectory(path: directory.path) }

    override func setUpWithError() throws {
        directory = try temporaryDirectory()
    }

    private func file(_ index: Int, _ variant: String = "") -> GeneratedFile {
        GeneratedFile(name: "F\(index)+EnumProperties.generated.swift",
                      contents: GeneratedFile.header(purpose: "test") + "\nenum E\(index)\(variant) {}\n")
    }

    private func onDisk() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)!,
                                 as: UTF8.self)
        }
        return files
    }

    /// Writes files 0..<count streamed two at a time, then `last`; records the ranges rendered.
    private func write(count: Int, variant: String = "", last: [GeneratedFile] = [], stale: String? = nil,
                       lastWritten: [String: (signature: SourceSnapshot.Signature, contentHash: UInt64)] = [:])
        -> (written: OutputDirectory.WriteResult, hashes: [UInt64], ranges: [Range<Int>]) {
        var ranges: [Range<Int>] = []
        let stream = OutputDirectory.FileStream(names: (0..<count).map { file($0).name }, render: { range in
            ranges.append(range)
            return range.map { self.file($0, variant) }
        }, batchSize: 2)
        let (written, hashes) = output.write(stream, then: last, knownContents: [:], lastWritten: lastWritten,
                                             removingStale: stale, alsoKeeping: [], contentHashes: {
            last.map { file in var text = file.contents; return text.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) } }
        })
        return (written, hashes, ranges)
    }

    func testStreamedFilesAreWrittenRangeByRangeAsAllAtOnce() throws {
        let lift = GeneratedFile(name: "ActionLifts.generated.swift", contents: GeneratedFile.header(purpose: "lifts"))
        let (written, hashes, ranges) = write(count: 5, last: [lift])
        XCTAssertEqual(written.diagnostics.map(\.description), [])
        XCTAssertEqual(ranges, [0..<2, 2..<4, 4..<5])
        XCTAssertEqual(written.written.count, 6)
        var expected = Dictionary(uniqueKeysWithValues: (0..<5).map { (file($0).name, file($0).contents) })
        expected[lift.name] = lift.contents
        XCTAssertEqual(try onDisk(), expected)
        XCTAssertEqual(hashes, (0..<5).map { index in
            var text = file(index).contents
            return text.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
        })

        // Again, one file changed and one left over from a renamed source: the rest is unchanged, the
        // leftover removed, the streamed names kept.
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent("Gone+EnumProperties.generated.swift").path,
                                                     contents: Data(file(9).contents.utf8)))
        try Data(file(3, "Old").contents.utf8).write(to: directory.appendingPathComponent(file(3).name))
        let again = write(count: 5, last: [lift], stale: EnumPropertiesRenderer.perSourceSuffix)
        XCTAssertEqual(again.written.written, [directory.appendingPathComponent(file(3).name).path])
        XCTAssertEqual(again.written.unchanged.count, 5)
        XCTAssertEqual(again.written.removed, [directory.appendingPathComponent("Gone+EnumProperties.generated.swift").path])
        XCTAssertEqual(try onDisk(), expected)
    }

    /// A file that is not RexGen's, among the last streamed: refused before any range is rendered or written.
    func testARefusalAmongTheLastFilesLeavesEveryFileUntouched() throws {
        _ = write(count: 5)
        let before = try onDisk()
        let mine = directory.appendingPathComponent(file(4).name)
        try Data("// mine\n".utf8).write(to: mine)
        let (written, _, ranges) = write(count: 5, variant: "Changed")
        XCTAssertEqual(written.diagnostics.count, 1)
        XCTAssertTrue(written.diagnostics[0].description.contains("refusing to overwrite '\(mine.path)'"))
        XCTAssertEqual(ranges, [], "nothing rendered")
        var expected = before
        expected[file(4).name] = "// mine\n"
        XCTAssertEqual(try onDisk(), expected)
    }

    /// A symbolic link is refused up front too, and a file with the signature the last run recorded is
    /// taken as RexGen's without being read.
    func testLinksAreRefusedAndRecordedFilesAreNotRead() throws {
        _ = write(count: 3)
        // Bytes that are not RexGen's, with the size, time and inode the last run recorded: only its
        // signature can vouch for it.
        let recorded = directory.appendingPathComponent(file(1).name).path
        let signature = try XCTUnwrap(SourceSnapshot.signature(of: recorded))
        var status = stat()
        XCTAssertEqual(stat(recorded, &status), 0)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: recorded))
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: Int(status.st_size)))
        try handle.close()
        let times = [status.st_atim, status.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, recorded, times, 0), 0)
        XCTAssertEqual(SourceSnapshot.signature(of: recorded), signature)
        let linked = directory.appendingPathComponent(file(2).name).path
        try FileManager.default.removeItem(atPath: linked)
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: "elsewhere.swift")
        let refusals = output.refusals(of: (0..<3).map { file($0).name }, lastWritten: [file(1).name: (signature, 0)])
        XCTAssertEqual(refusals.map(\.description), ["\(linked):1:1: error: refusing to write '\(linked)': it is a symbolic "
            + "link, and following it could overwrite a file elsewhere"])
    }
}
