import Foundation
import XCTest
@testable import RexGenCore

/// After every kind of change, an incremental `generate --output` writes exactly what a run from scratch
/// writes (files and diagnostics), and parses only the files it must.
final class IncrementalGenerationTests: XCTestCase {
    private var project: IncrementalProject!

    override func setUpWithError() throws {
        project = try IncrementalProject()
        let first = try project.runAndCompare(expectParsed: project.swiftFiles().count)
        XCTAssertFalse(first.isUpToDate)
    }

    override func tearDown() {
        project = nil
    }

    func testNothingChangedIsUpToDate() throws {
        XCTAssertTrue(try project.runAndCompare().isUpToDate)
    }

    func testEditedEnumIsTheOnlyFileParsed() throws {
        try project.replace("case bar\n", with: "case barred\n", in: "EnumProperties-Reference-Collisions/CollisionsAction.swift")
        try project.runAndCompare(expectParsed: 1)
        XCTAssertTrue(try project.runAndCompare().isUpToDate)
    }

    /// A payload's type is qualified by what another file declares: adding or removing that declaration
    /// changes the output for an enum whose own file did not change, in both layouts.
    func testADeclarationInAnotherFileRequalifiesPayloads() throws {
        for filePerSource in [false, true] {
            project.options.filePerSource = filePerSource
            try project.runAndCompare()
            let rows = "EnumProperties-Reference-EnclosingTypes/CatalogRows.swift"
            let original = try project.read(rows)
            try project.write(rows, "// Row moved out\n")
            try project.write("Moved/Row.swift", "public struct Row: Equatable {}\n")
            try project.runAndCompare(expectParsed: 2)
            XCTAssertFalse(try project.outputFiles().values.contains { $0.contains("Catalog.Row") })
            try project.write(rows, original)
            try project.runAndCompare(expectParsed: 1)
            XCTAssertTrue(try project.outputFiles().values.contains { $0.contains("public var row: Catalog.Row?") })
        }
    }

    /// Only the edited enum's section is rendered again; the others are copied from the last output.
    func testOnlyTheEditedEnumIsRenderedAgain() throws {
        try project.replace("case logout", with: "case logout\n    case deleteAccount(reason: String)",
                            in: "Lifts-App/AppAction.swift")
        let outcome = try project.runAndCompare(expectParsed: 1)
        guard case .generated(let result, _) = outcome else { return XCTFail("expected a generation") }
        XCTAssertGreaterThan(result.rendered.sections.count, 20)
        XCTAssertEqual(result.rendered.renderedSectionCount, 1)
    }

    /// The last output is copied from only when it is exactly what was written: here it was changed by
    /// hand with its size and time kept, and an input changed too, so the run is not skipped.
    func testTamperedOutputWithSameSignatureIsNotCopiedFrom() throws {
        let target = (project.output as NSString).appendingPathComponent(EnumPropertiesRenderer.fileName)
        let before = try XCTUnwrap(SourceSnapshot.signature(of: target))
        let text = try String(contentsOfFile: target, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "return nil", with: "return Nil")
        XCTAssertNotEqual(tampered, text)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: target))
        handle.write(Data(tampered.utf8))
        try handle.close()
        try project.setModificationTime(of: target, to: Int(before.modified / 1_000_000_000),
                                        nanoseconds: Int(before.modified % 1_000_000_000))
        XCTAssertEqual(SourceSnapshot.signature(of: target), before, "the test must fool stat")
        try project.write("New/NewAction.swift", "public enum NewAction { case one }\n")
        let outcome = try project.runAndCompare(expectParsed: 1)
        guard case .generated(let result, _) = outcome else { return XCTFail("expected a generation") }
        XCTAssertEqual(result.rendered.renderedSectionCount, result.rendered.sections.count)
    }

    /// The build plugin's layout: one file per source, and an edit rewrites only its source's own file.
    func testFilePerSourceRewritesOnlyTheEditedSourcesFile() throws {
        project.options.filePerSource = true
        try project.runAndCompare()
        let signatures = { () throws -> [String: SourceSnapshot.Signature?] in
            Dictionary(uniqueKeysWithValues: try self.project.outputFiles().keys.map {
                ($0, SourceSnapshot.signature(of: (self.project.output as NSString).appendingPathComponent($0)))
            })
        }
        let before = try signatures()
        XCTAssertNotNil(before["CollisionsAction+EnumProperties.generated.swift"] ?? nil, "\(before.keys.sorted())")
        try project.replace("case bar\n", with: "case barred\n", in: "EnumProperties-Reference-Collisions/CollisionsAction.swift")
        try project.runAndCompare(expectParsed: 1)
        let after = try signatures()
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        XCTAssertEqual(after.keys.filter { after[$0]! != before[$0]! }, ["CollisionsAction+EnumProperties.generated.swift"])
    }

    /// With one file per source, a file that would come out as the last run wrote it is neither rendered
    /// nor written; after each kind of change the directory still equals a from-scratch run's.
    func testFilePerSourceRendersOnlyTheFilesThatChange() throws {
        project.options.filePerSource = true
        try project.runAndCompare()
        func renderedPerSourceFiles(expectParsed: Int) throws -> [String] {
            guard case .generated(let result, _) = try project.runAndCompare(expectParsed: expectParsed) else {
                XCTFail("expected a generation")
                return []
            }
            XCTAssertEqual(Set(result.writtenFileNames + result.rendered.unchangedFiles).count,
                           try project.outputFiles().keys.filter { $0.hasSuffix(".generated.swift") }.count)
            return result.writtenFileNames.filter { $0.hasSuffix(EnumPropertiesRenderer.perSourceSuffix) }.sorted()
        }

        try project.replace("case bar\n", with: "case barred\n", in: "EnumProperties-Reference-Collisions/CollisionsAction.swift")
        XCTAssertEqual(try renderedPerSourceFiles(expectParsed: 1), ["CollisionsAction+EnumProperties.generated.swift"])

        // A member declared in another file takes a property away from an enum: that enum's file changes.
        try project.write("Extra/Members.swift", "extension AppAction {\n    var isStarted: Bool { false }\n}\n")
        XCTAssertEqual(try renderedPerSourceFiles(expectParsed: 1),
                       ["AppAction+EnumProperties.generated.swift", "Members+EnumProperties.generated.swift"])

        // Outputs changed or removed by hand are rendered and written again.
        let edited = (project.output as NSString).appendingPathComponent("WidgetAction+EnumProperties.generated.swift")
        try (try String(contentsOfFile: edited, encoding: .utf8) + "// edited\n").write(toFile: edited, atomically: false,
                                                                                     encoding: .utf8)
        try FileManager.default.removeItem(atPath: (project.output as NSString)
            .appendingPathComponent("Generics+EnumProperties.generated.swift"))
        XCTAssertEqual(try renderedPerSourceFiles(expectParsed: 0),
                       ["Generics+EnumProperties.generated.swift", "WidgetAction+EnumProperties.generated.swift"])

        XCTAssertTrue(try project.runAndCompare().isUpToDate)
        // Other options: nothing is taken as unchanged (and the references are summarised under the new rules).
        project.options.selection = SelectionRules(suffixes: ["Action"])
        XCTAssertGreaterThan(try renderedPerSourceFiles(expectParsed: project.referenceFileCount).count, 5)
    }

    func testAddedCase() throws {
        try project.replace("case logout", with: "case logout\n    case deleteAccount(reason: String)",
                            in: "Lifts-App/AppAction.swift")
        try project.runAndCompare(expectParsed: 1)
    }

    func testAddedFile() throws {
        try project.write("New/NewAction.swift", "public enum NewAction { case one, two(Int) }\n")
        try project.runAndCompare(expectParsed: 1)
    }

    func testRemovedFile() throws {
        try FileManager.default.removeItem(atPath: project.path("EnumProperties-Reference-Collisions/CollisionsMembers.swift"))
        try project.runAndCompare(expectParsed: 0)
    }

    func testRenamedFile() throws {
        try FileManager.default.moveItem(atPath: project.path("EnumProperties-Reference-Generics/Generics.swift"),
                                         toPath: project.path("EnumProperties-Reference-Generics/Renamed.swift"))
        try project.runAndCompare(expectParsed: 1)
    }

    func testAddedCollidingMemberInAnotherFile() throws {
        try project.write("Extra/Members.swift", "extension AppAction {\n    var isStarted: Bool { false }\n}\n")
        try project.runAndCompare(expectParsed: 1)
    }

    /// Git's racy-clean case: a file rewritten in place, same size, within the same clock tick as the write
    /// the last run saw, so size, modification time and inode all match. Its content hash gives it away.
    func testSameSizeSameTimeRewriteIsNoticed() throws {
        let relative = "Lifts-App/AppAction.swift"
        try project.write(relative, try project.read(relative))   // a fresh write: its time is "now"
        try project.runAndCompare(expectParsed: 1)
        let before = try XCTUnwrap(SourceSnapshot.signature(of: project.path(relative)))
        try project.replace("case toggleDarkMode", with: "case toggleDarkNode", in: relative)
        try project.setModificationTime(of: project.path(relative), to: Int(before.modified / 1_000_000_000),
                                        nanoseconds: Int(before.modified % 1_000_000_000))
        XCTAssertEqual(SourceSnapshot.signature(of: project.path(relative)), before, "the test must fool stat")
        let outcome = try project.runAndCompare(expectParsed: 1)
        XCTAssertFalse(outcome.isUpToDate)
        XCTAssertTrue(try project.outputFiles().values.contains { $0.contains("isToggleDarkNode") })
    }

    /// A racily-clean file whose content did not change is read and hashed, but not parsed again.
    func testRecentFileWithSameContentIsNotParsedAgain() throws {
        try project.write("New/Recent.swift", "enum RecentAction { case a }\n")
        try project.runAndCompare(expectParsed: 1)
        try project.write("Other/OtherAction.swift", "enum OtherAction { case b }\n")
        try project.runAndCompare(expectParsed: 1)
    }

    /// A run's outputs and diagnostics follow from the parses alone: a file saved as it was, or changed only
    /// after its last declaration, changes nothing, in either layout, even when a warning names it (which
    /// keeps any edit that moves its lines from the early cut-off).
    func testAFileWhoseParseIsAsItWasChangesNothing() throws {
        try IncrementalProject.inEachLayout { project in
            let relative = "EnumProperties-Reference-Names/Names.swift"
            let path = project.path(relative)
            let text = try project.read(relative)
            let outputs = try project.outputFiles()
            let first = try XCTUnwrap(project.runAndCompare().lastRunDiagnostics.first { $0.hasPrefix(path + ":") },
                                      "the fixture must have a warning in \(relative)")
            var seconds = 1_000_000_100
            func save(_ contents: String) throws -> IncrementalGeneration.Outcome {
                try project.write(relative, contents)
                seconds += 100  // old, so its signature alone is trusted, and new, so it differs
                try project.setModificationTime(of: path, to: seconds, nanoseconds: 0)
                return try project.runAndCompare(expectParsed: 1)
            }
            for contents in [text, text + "\n// A comment after the last declaration\n"] {
                let outcome = try save(contents)
                XCTAssertTrue(outcome.tookReferenceShortcut, "\(outcome.pathTaken)")
                XCTAssertEqual(outcome.written?.written ?? [], [])
                XCTAssertEqual(try project.outputFiles(), outputs)
            }
            // A line above its declarations moves them, and the warning with them: the whole way.
            let moved = try save("// A comment above\n" + text)
            XCTAssertNotNil(moved.result, "\(moved.pathTaken)")
            XCTAssertFalse(moved.diagnostics.map(\.description).contains(first))
            _ = try save(text)
        }
    }

    func testCorruptParseSectionMeansAFullRun() throws {
        try project.write("New/NewAction.swift", "enum NewAction { case one }\n")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        bytes[bytes.count - 100] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: project.cachePath))
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }

    func testCorruptHeaderMeansAFullRun() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        // A letter of an input's path, in the header's list of inputs.
        let path = try XCTUnwrap(bytes.range(of: Data("Generics.swift".utf8)))
        bytes[path.lowerBound] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: project.cachePath))
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }

    func testTruncatedCacheMeansAFullRun() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        for length in [0, 5, 20, bytes.count / 2, bytes.count - 1] {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: project.cachePath))
            try project.runAndCompare(expectParsed: project.swiftFiles().count)
        }
    }

    /// The cache is overwritten in place: a shorter cache must not keep the longer one's tail, or the next
    /// run would find bytes past its end and ignore it.
    func testAShorterCacheReplacesALongerOneWhole() throws {
        let longer = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        try project.write("New/NewAction.swift", "enum NewAction { case one }\n")
        try project.runAndCompare(expectParsed: 1)
        try FileManager.default.removeItem(atPath: project.path("New/NewAction.swift"))
        try project.runAndCompare(expectParsed: 0)
        let shorter = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        XCTAssertLessThan(shorter.count, longer.count + 100, "the cache should be back to about its first size")
        XCTAssertTrue(try project.runAndCompare().isUpToDate, "a cache with a stale tail would not be used")
    }

    /// Written in place, the cache must not be written through a symbolic link to a file elsewhere.
    func testACacheThatIsASymbolicLinkIsNotWrittenThrough() throws {
        let elsewhere = (project.output as NSString).deletingLastPathComponent + "/elsewhere-\(UUID().uuidString)"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: elsewhere))
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.removeItem(atPath: project.cachePath)
        try FileManager.default.createSymbolicLink(atPath: project.cachePath, withDestinationPath: elsewhere)
        try project.write("New/NewAction.swift", "enum NewAction { case one }\n")
        _ = IncrementalGeneration.run(project.options, outputDirectory: project.output, configurationFile: nil)
        XCTAssertEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), "precious")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: project.cachePath),
                     "the link is removed, so the next run starts afresh")
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }

    func testOtherFormatVersionIsIgnored() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: project.cachePath))
        let versionOffset = "rexgen-cache\n".utf8.count
        bytes[versionOffset] = UInt8(GenerationCache.formatVersion + 1)
        try bytes.write(to: URL(fileURLWithPath: project.cachePath))
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }

    /// Sources' parses do not depend on the options, so they are kept across an option change; references'
    /// summaries depend on the suffixes alone. The output follows the new options.
    func testOptionChangeRegeneratesWithCachedParses() throws {
        project.options.selection = SelectionRules(suffixes: ["Action"])
        try project.runAndCompare(expectParsed: project.referenceFileCount)
        project.options.lift = .none
        try project.runAndCompare(expectParsed: 0)
        project.options.selection = SelectionRules(selectsAllEnums: true)
        try project.runAndCompare(expectParsed: project.referenceFileCount)
        project.options.selection = SelectionRules(selectsAllEnums: false)
        try project.runAndCompare(expectParsed: 0)
        XCTAssertTrue(try project.runAndCompare().isUpToDate)
    }

    func testOutputEditedByHandIsRegenerated() throws {
        let target = (project.output as NSString).appendingPathComponent(EnumPropertiesRenderer.fileName)
        try (try String(contentsOfFile: target, encoding: .utf8) + "// edited\n").write(toFile: target, atomically: false,
                                                                                     encoding: .utf8)
        try project.runAndCompare(expectParsed: 0)
        try FileManager.default.removeItem(atPath: target)
        try project.runAndCompare(expectParsed: 0)
    }

    func testChangedConfigurationFileIsNotUpToDate() throws {
        let configuration = project.root.appendingPathComponent("rexgen.yml").path
        try "lift: swiftrex\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        let first = IncrementalGeneration.run(project.options, outputDirectory: project.output,
                                              configurationFile: configuration)
        XCTAssertEqual(first.parsedFileCount, 0)
        try "lift: swiftrex # changed\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        XCTAssertFalse(IncrementalGeneration.run(project.options, outputDirectory: project.output,
                                                 configurationFile: configuration).isUpToDate)
        XCTAssertTrue(IncrementalGeneration.run(project.options, outputDirectory: project.output,
                                                configurationFile: configuration).isUpToDate)
    }

    func testInputErrorRemovesTheCacheAndTheFixRegenerates() throws {
        try project.write("Broken/Broken.swift", "enum BrokenAction { case a\n/* never closed\n")
        let broken = IncrementalGeneration.run(project.options, outputDirectory: project.output, configurationFile: nil)
        guard case .generated(let result, _) = broken else { return XCTFail("expected a generation") }
        XCTAssertTrue(result.hasErrors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.cachePath))
        try project.write("Broken/Broken.swift", "enum BrokenAction { case a }\n")
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }
}
