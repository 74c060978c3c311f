import Foundation
import XCTest

/// One folder of input under Tests/Fixtures/EnumProperties/Reference, with the flags it is run with.
/// Its expected output sits beside the folder: `<name>.expected.swift` (stdout, the generated file) and,
/// when RexGen has something to say, `<name>.expected.stderr` (the diagnostics, paths relative to
/// Reference/). Both are reviewed like code.
struct ReferenceFixture {
    var name: String
    var arguments: [String] = []

    static let all: [ReferenceFixture] = [
        ReferenceFixture(name: "App"),
        ReferenceFixture(name: "PayloadKinds"),
        ReferenceFixture(name: "EnclosingTypes"),
        ReferenceFixture(name: "AccessLevels"),
        ReferenceFixture(name: "Generics"),
        ReferenceFixture(name: "Conditionals"),
        ReferenceFixture(name: "Names"),
        ReferenceFixture(name: "KeywordLabels"),
        ReferenceFixture(name: "KeywordTypeNames"),
        ReferenceFixture(name: "Collisions"),
        ReferenceFixture(name: "AliasCollisions"),
        ReferenceFixture(name: "Skipped"),
        ReferenceFixture(name: "SourceryMigration"),
        ReferenceFixture(name: "Selection"),
        ReferenceFixture(name: "AllEnums", arguments: ["--all-enums"]),
        ReferenceFixture(name: "Suffix", arguments: ["--suffix", "Msg", "--suffix", "Command"]),
    ]

    static func named(_ name: String) -> ReferenceFixture {
        guard let fixture = all.first(where: { $0.name == name }) else { fatalError("no reference fixture \(name)") }
        return fixture
    }

    var inputDirectory: URL { TestSupport.referenceDirectory.appendingPathComponent(name) }
    var expectedOutput: URL { TestSupport.referenceDirectory.appendingPathComponent("\(name).expected.swift") }
    var expectedStderr: URL { TestSupport.referenceDirectory.appendingPathComponent("\(name).expected.stderr") }

    var inputFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: inputDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { inputDirectory.appendingPathComponent($0) }
    }

    /// Runs from Reference/ with a relative input path, so diagnostics name files the same way on every
    /// machine. Reference/rexgen.yml (empty) stops the upward search for a config file there.
    /// `--lift none`: these fixtures are about enum properties alone (lift extensions have their own).
    func generate(_ extraArguments: [String] = []) throws -> ProcessResult {
        try TestSupport.rexgen(["--lift", "none"] + arguments + extraArguments + [name], in: TestSupport.referenceDirectory)
    }
}

/// Golden-file tests: the generated code for each fixture must equal the committed file byte for byte.
/// To accept a deliberate change, run with `REXGEN_RECORD=1` (or `=Name,Name`), then review the diff of the
/// expected files.
final class ReferenceTests: XCTestCase {
    func testApp() throws { try assertReference("App") }
    func testPayloadKinds() throws { try assertReference("PayloadKinds") }
    func testEnclosingTypes() throws { try assertReference("EnclosingTypes") }
    func testAccessLevels() throws { try assertReference("AccessLevels") }
    func testGenerics() throws { try assertReference("Generics") }
    func testConditionals() throws { try assertReference("Conditionals") }
    func testNames() throws { try assertReference("Names") }
    func testKeywordLabels() throws { try assertReference("KeywordLabels") }
    func testKeywordTypeNames() throws { try assertReference("KeywordTypeNames") }
    func testCollisions() throws { try assertReference("Collisions") }
    func testAliasCollisions() throws { try assertReference("AliasCollisions") }
    func testSkipped() throws { try assertReference("Skipped") }
    func testSourceryMigration() throws { try assertReference("SourceryMigration") }
    func testSelection() throws { try assertReference("Selection") }
    func testAllEnums() throws { try assertReference("AllEnums") }
    func testSuffix() throws { try assertReference("Suffix") }

    /// Guards the list above: a fixture folder nobody tests is a review that never happens.
    func testEveryFixtureFolderIsListed() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: TestSupport.referenceDirectory.path)
        let folders = entries.filter { entry in
            var isDirectory: ObjCBool = false
            let path = TestSupport.referenceDirectory.appendingPathComponent(entry).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        XCTAssertEqual(Set(folders), Set(ReferenceFixture.all.map(\.name)))
    }

    /// Same input, same bytes: every fixture folder at once (many files, read in parallel), three times.
    /// (Folders, not `.`: the expected files beside them are Swift too and would join the input.)
    func testOutputIsDeterministic() throws {
        let folders = ReferenceFixture.all.map(\.name)
        let runs = try (0..<3).map { _ in try TestSupport.rexgen(folders, in: TestSupport.referenceDirectory) }
        XCTAssertFalse(runs[0].stdout.isEmpty, runs[0].summary)
        for run in runs.dropFirst() {
            XCTAssertEqual(run.stdoutData, runs[0].stdoutData, "generated code differs between runs")
            XCTAssertEqual(run.stderr, runs[0].stderr, "diagnostics differ between runs")
        }
    }

    private func assertReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let fixture = ReferenceFixture.named(name)
        let result = try fixture.generate()
        XCTAssertEqual(result.exitCode, 0, result.summary, file: file, line: line)
        XCTAssertFalse(result.crashed || result.timedOut, result.summary, file: file, line: line)

        if Self.isRecording(name) {
            try result.stdoutData.write(to: fixture.expectedOutput)
            if result.stderr.isEmpty {
                try? FileManager.default.removeItem(at: fixture.expectedStderr)
            } else {
                try Data(result.stderr.utf8).write(to: fixture.expectedStderr)
            }
            // Recording never passes, so a forgotten REXGEN_RECORD=1 cannot hide a regression.
            XCTFail("recorded \(fixture.expectedOutput.lastPathComponent); review the diff, then run without REXGEN_RECORD",
                    file: file, line: line)
            return
        }

        let expected = try String(contentsOf: fixture.expectedOutput, encoding: .utf8)
        compare(expected: expected, actual: result.stdout, expectedFile: fixture.expectedOutput,
                what: "generated code", file: file, line: line)
        let expectedStderr = (try? String(contentsOf: fixture.expectedStderr, encoding: .utf8)) ?? ""
        compare(expected: expectedStderr, actual: result.stderr, expectedFile: fixture.expectedStderr,
                what: "diagnostics", file: file, line: line)
    }

    /// `REXGEN_RECORD=1` records every fixture; `REXGEN_RECORD=Names,Generics` only those named, so the
    /// expected files of fixtures that document open bugs are not overwritten by accident.
    private static func isRecording(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment["REXGEN_RECORD"], !value.isEmpty else { return false }
        return value == "1" || value.split(separator: ",").contains { $0 == name }
    }

    private func compare(expected: String, actual: String, expectedFile: URL, what: String,
                         file: StaticString, line: UInt) {
        guard expected != actual else { return }
        // Leave the actual text on disk so `diff -u` shows the whole change.
        let actualFile = FileManager.default.temporaryDirectory
            .appendingPathComponent(expectedFile.lastPathComponent.replacingOccurrences(of: ".expected.", with: ".actual."))
        try? Data(actual.utf8).write(to: actualFile)
        XCTFail("""
            \(what) not as in \(expectedFile.lastPathComponent); \
            \(TestSupport.firstDifference(expected: expected, actual: actual))
            see: diff -u '\(expectedFile.path)' '\(actualFile.path)'
            if the change is intended: REXGEN_RECORD=1 swift test --filter ReferenceTests, then review the diff
            """, file: file, line: line)
    }
}
