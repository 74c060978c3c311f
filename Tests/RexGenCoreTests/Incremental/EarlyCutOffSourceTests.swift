import Foundation
import XCTest
@testable import RexGenCore

/// With one file per source, an edit in a source that changes nothing any other output reads of it renders
/// only that source's own file again (`EarlyCutOff`); any other edit goes the whole way. Either way
/// the outputs and diagnostics are a from-scratch run's (`IncrementalProject.runAndCompare`), and the next
/// run with nothing changed finds everything up to date.
final class EarlyCutOffSourceTests: XCTestCase {
    private var project: IncrementalProject!
    private let payloadKinds = "EnumProperties-Reference-PayloadKinds/PayloadKinds.swift"
    private let payloadKindsOutput = "PayloadKinds+EnumProperties.generated.swift"

    override func setUpWithError() throws {
        project = try IncrementalProject()
        project.usePluginLayout()
        try project.runAndCompare(expectParsed: project.swiftFiles().count)
    }

    override func tearDownWithError() throws {
        XCTAssertTrue(try project.runAndCompare().isUpToDate)
        project = nil
    }

    private func assertShortcut(_ outcome: IncrementalGeneration.Outcome, _ taken: Bool, file: StaticString = #filePath,
                                line: UInt = #line) {
        XCTAssertEqual(outcome.tookSourceShortcut, taken, "\(outcome)", file: file, line: line)
    }

    /// Every output's `stat` signature, to tell which files a run wrote.
    private func signatures() throws -> [String: SourceSnapshot.Signature?] {
        Dictionary(uniqueKeysWithValues: try project.outputFiles().keys.map {
            ($0, SourceSnapshot.signature(of: (project.output as NSString).appendingPathComponent($0)))
        })
    }

    private func written(since before: [String: SourceSnapshot.Signature?]) throws -> [String] {
        let after = try signatures()
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        return after.keys.filter { after[$0]! != before[$0]! }.sorted()
    }

    func testCasesOnlyTheSourcesOwnFileShowsTakeTheShortcut() throws {
        let outputs = try project.outputFiles()
        var before = try signatures()
        try project.replace("    case started\n", with: "    case started\n    case refreshed\n", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        XCTAssertEqual(try written(since: before), [payloadKindsOutput])
        XCTAssertTrue(try project.outputFiles()[payloadKindsOutput]!.contains("refreshed"))

        before = try signatures()
        try project.replace("    case refreshed\n", with: "    case rated(stars: Int)\n    case moved(Int, Int)\n", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        XCTAssertEqual(try written(since: before), [payloadKindsOutput])

        try project.replace("    case rated(stars: Int)\n    case moved(Int, Int)\n", with: "", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        XCTAssertEqual(try project.outputFiles(), outputs)
    }

    /// Declarations that only moved leave every file as it was; the cache keeps where they are now, so a
    /// later run that analyses the whole model reads today's lines.
    func testMovedDeclarationsTakeTheShortcutAndAreCachedWhereTheyAreNow() throws {
        let before = try signatures()
        let text = try project.read(payloadKinds)
        try project.write(payloadKinds, "// A comment\n\n\n" + text)
        assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        XCTAssertEqual(try written(since: before), [])
        let cache = try XCTUnwrap(GenerationCache.load(from: OutputDirectory(path: project.output)))
        let index = try XCTUnwrap(cache.inputs.firstIndex { $0.path == project.path(payloadKinds) })
        XCTAssertEqual(cache.parsedFile(at: index)?.enums.first?.location.line, 16)
        // A tree edit now goes the whole way, from those lines.
        try project.replace("    case started\n", with: "    case started\n    case widget(WidgetAction)\n", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), false)
    }

    func testEditsOtherOutputsReadGoTheWholeWay() throws {
        let edits = [
            ("    case started\n", "    case started\n    case widget(WidgetAction)\n", "a case carrying an action: the tree"),
            ("public enum PayloadAction {", "public enum RenamedAction {", "a renamed enum"),
            ("public enum PayloadAction {", "import Dispatch\npublic enum PayloadAction {", "an import: the lift file's"),
            ("public enum PayloadAction {", "typealias Payloads = PayloadAction\npublic enum PayloadAction {", "a typealias"),
            ("public enum PayloadAction {", "enum Unrelated { case one }\npublic enum PayloadAction {", "an enum that is no action"),
            ("public enum PayloadAction {", "extension PayloadAction { var count: Int? { nil } }\npublic enum PayloadAction {",
             "a member that collides"),
            ("    case started\n", "    case started\n    case `self`\n", "a case whose property has a warning"),
        ]
        let original = try project.read(payloadKinds)
        for (old, new, what) in edits {
            try project.replace(old, with: new, in: payloadKinds)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
            try project.write(payloadKinds, original)
            XCTAssertFalse(try project.runAndCompare(expectParsed: 1).tookSourceShortcut, what)
        }
    }

    /// The lift file extends this source's enums and copies its imports: a case no path runs through keeps
    /// the lift file; an import changes it.
    func testASourceTheLiftFileExtends() throws {
        let feature = "Extra/Feature.swift"
        try project.write(feature, "public enum FeatureRootAction {\n    case child(FeatureChildAction)\n}\n\n"
                                    + "public enum FeatureChildAction {\n    case tap\n}\n")
        project.options.sources.append(project.path(feature))
        try project.runAndCompare(expectParsed: 1)
        XCTAssertTrue(try project.outputFiles()[LiftRenderer.fileName]!.contains("extension FeatureChildAction: FeatureRootActionConvertible"))
        let before = try signatures()
        try project.replace("    case tap\n", with: "    case tap\n    case tapped(count: Int)\n", in: feature)
        assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        XCTAssertEqual(try written(since: before), ["Feature+EnumProperties.generated.swift"])
        try project.replace("public enum FeatureRootAction", with: "import Dispatch\n\npublic enum FeatureRootAction", in: feature)
        assertShortcut(try project.runAndCompare(expectParsed: 1), false)
        XCTAssertTrue(try project.outputFiles()[LiftRenderer.fileName]!.contains("import Dispatch"))
    }

    /// A file with a diagnostic of its own goes the whole way: the diagnostic names lines that may have moved.
    func testAFileWithADiagnosticGoesTheWholeWay() throws {
        try project.replace("case bar\n", with: "case bar\n    case barred\n", in: "EnumProperties-Reference-Collisions/CollisionsAction.swift")
        assertShortcut(try project.runAndCompare(expectParsed: 1), false)
    }

    func testASourceAndAReferenceEditedTogetherTakeTheShortcut() throws {
        try project.replace("    case started\n", with: "    case started\n    case refreshed\n", in: payloadKinds)
        try project.replace("    case load\n", with: "    case load\n    case reloaded\n",
                            atPath: project.referencePath("MovieFeature.swift"))
        assertShortcut(try project.runAndCompare(expectParsed: 2), true)
    }

    /// Sourcery's notes count the properties RexGen now writes, which an edit in any source can change.
    func testASourceryFileInTheModelTurnsTheShortcutOff() throws {
        try project.write("Extra/Prism.generated.swift", "// Generated using Sourcery 2.0.0 — https://github.com/krzysztofzablocki/Sourcery\n"
                                                            + "// DO NOT EDIT\n")
        project.options.sources.append(project.path("Extra/Prism.generated.swift"))
        try project.runAndCompare(expectParsed: 1)
        try project.replace("    case started\n", with: "    case started\n    case refreshed\n", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), false)
    }

    /// Without one file per source, every enum's properties share one file: the whole way.
    func testOneFileForAllSourcesGoesTheWholeWay() throws {
        project.options.filePerSource = false
        try project.runAndCompare()
        try project.replace("    case started\n", with: "    case started\n    case refreshed\n", in: payloadKinds)
        assertShortcut(try project.runAndCompare(expectParsed: 1), false)
    }
}
