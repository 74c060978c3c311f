import Foundation
import XCTest
@testable import RexGenCore

/// A scratch project for the incremental-generation tests: a copy of several fixtures (collisions across
/// files, `#if`, generics, every payload kind, access levels, typealiases, an action tree with references),
/// an output directory, and the checks every test needs after a change: the incremental run's files and
/// diagnostics are a from-scratch run's, byte for byte.
final class IncrementalProject {
    static let fixtureDirectories = [
        "EnumProperties/Reference/Collisions", "EnumProperties/Reference/Conditionals",
        "EnumProperties/Reference/Generics", "EnumProperties/Reference/PayloadKinds",
        "EnumProperties/Reference/AccessLevels", "EnumProperties/Reference/AliasCollisions",
        "EnumProperties/Reference/Names", "EnumProperties/Reference/EnclosingTypes", "Lifts/App",
    ]

    let root: URL
    let sources: URL
    let references: URL
    let output: String
    var options: GenerationOptions

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rexgen-incremental-\(UUID().uuidString)")
        sources = root.appendingPathComponent("Sources")
        references = root.appendingPathComponent("References")
        output = root.appendingPathComponent("Generated").path
        let fixtures = TestSupport.testsDirectory.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for directory in Self.fixtureDirectories {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(directory),
                                             to: sources.appendingPathComponent(directory.replacingOccurrences(of: "/", with: "-")))
        }
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Lifts/MovieFeature"), to: references)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Incremental/References"),
                                         to: references.appendingPathComponent("Extras"))
        options = GenerationOptions(sources: [sources.path], references: [references.path])
        // Old files, as in a real checkout: their signatures alone are trusted (no content hash).
        for path in swiftFiles() { try setModificationTime(of: path, to: 1_000_000_000, nanoseconds: 0) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func swiftFiles() -> [String] {
        var ignored: [Diagnostic] = []
        return SourceFileCollector.swiftFiles(in: [sources.path, references.path], diagnostics: &ignored)
    }

    func path(_ relative: String) -> String { sources.appendingPathComponent(relative).path }

    func referencePath(_ relative: String) -> String { references.appendingPathComponent(relative).path }

    var referenceFileCount: Int { swiftFiles().filter { $0.hasPrefix(references.path + "/") }.count }

    /// `body` on a fresh project in the CLI's layout, then on one in the build plugin's, each after a first
    /// full run and before a last run that must find everything up to date.
    static func inEachLayout(_ body: (IncrementalProject) throws -> Void) throws {
        for usesPluginLayout in [false, true] {
            let project = try IncrementalProject()
            if usesPluginLayout { project.usePluginLayout() }
            try project.runAndCompare(expectParsed: project.swiftFiles().count)
            try body(project)
            XCTAssertTrue(try project.runAndCompare().isUpToDate)
        }
    }

    /// As the build plugin calls RexGen: every file by its path, and one output file per source.
    func usePluginLayout() {
        var ignored: [Diagnostic] = []
        options.sources = SourceFileCollector.swiftFiles(in: [sources.path], diagnostics: &ignored)
        options.references = SourceFileCollector.swiftFiles(in: [references.path], diagnostics: &ignored)
        options.filePerSource = true
    }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    func write(_ relative: String, _ text: String) throws {
        try write(text, toPath: path(relative))
    }

    func write(_ text: String, toPath path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func replace(_ old: String, with new: String, in relative: String) throws {
        try replace(old, with: new, atPath: path(relative))
    }

    func replace(_ old: String, with new: String, atPath path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "'\(old)' is not in \(path)")
        try write(text.replacingOccurrences(of: old, with: new), toPath: path)
    }

    var cachePath: String { (output as NSString).appendingPathComponent(GenerationCache.fileName) }

    func setModificationTime(of path: String, to seconds: Int, nanoseconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0, "cannot set the time of \(path)")
    }

    /// Runs incrementally and checks the result against a run from scratch; returns the run's outcome.
    @discardableResult
    func runAndCompare(expectParsed expected: Int? = nil, file: StaticString = #filePath,
                       line: UInt = #line) throws -> IncrementalGeneration.Outcome {
        let outcome = IncrementalGeneration.run(options, outputDirectory: output, configurationFile: nil)
        let full = Pipeline.run(options)
        XCTAssertFalse(full.hasErrors, "the fixture project must be valid: \(full.diagnostics)", file: file, line: line)
        // References are kept as summaries; read whole, they must give the same files and diagnostics.
        let whole = Pipeline.run(options, summarisingReferences: false)
        XCTAssertEqual(whole.files.map(\.name), full.files.map(\.name), file: file, line: line)
        for (summarised, read) in zip(full.files, whole.files) {
            XCTAssertTrue(summarised.contents == read.contents,
                          "\(read.name) differs when references are read whole", file: file, line: line)
        }
        XCTAssertEqual(whole.diagnostics.map(\.description), full.diagnostics.map(\.description), file: file, line: line)
        // (A file an earlier run wrote may stay beside them, as in a full run: only these are compared.)
        let onDisk = try outputFiles()
        for generated in full.files {
            XCTAssertTrue(onDisk[generated.name] == generated.contents,
                          "\(generated.name) differs from a from-scratch run", file: file, line: line)
        }
        switch outcome {
        case .generated(let result, let written):
            XCTAssertEqual(result.diagnostics.map(\.description), full.diagnostics.map(\.description), file: file, line: line)
            XCTAssertTrue(written.diagnostics.isEmpty, "\(written.diagnostics)", file: file, line: line)
            if let expected {
                XCTAssertEqual(result.parsedFileCount, expected, "files parsed", file: file, line: line)
            }
        case .upToDate(let diagnostics):
            XCTAssertEqual(diagnostics, full.diagnostics.map(\.description), file: file, line: line)
            if expected != nil { XCTFail("expected a generation, got up to date", file: file, line: line) }
        case .editsStayedInTheirFiles(let diagnostics, let readFiles, _, let written):
            XCTAssertEqual(diagnostics, full.diagnostics.map(\.description), file: file, line: line)
            XCTAssertTrue(written.diagnostics.isEmpty, "\(written.diagnostics)", file: file, line: line)
            if let expected { XCTAssertEqual(readFiles, expected, "files parsed", file: file, line: line) }
        case .treeChanged(let diagnostics, let written):
            XCTAssertEqual(diagnostics, full.diagnostics.map(\.description), file: file, line: line)
            XCTAssertTrue(written.diagnostics.isEmpty, "\(written.diagnostics)", file: file, line: line)
            if let expected { XCTAssertEqual(1, expected, "files parsed", file: file, line: line) }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: cachePath), "the cache is kept", file: file, line: line)
        return outcome
    }

    func outputFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output) where name != GenerationCache.fileName {
            files[name] = try String(contentsOfFile: (output as NSString).appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }
}

extension IncrementalGeneration.Outcome {
    var isUpToDate: Bool {
        if case .upToDate = self { return true }
        return false
    }

    var parsedFileCount: Int? {
        switch self {
        case .generated(let result, _): result.parsedFileCount
        case .editsStayedInTheirFiles(_, let readFiles, _, _): readFiles
        case .treeChanged: 1
        case .upToDate: nil
        }
    }

    /// The early cut-off after edits in references only (`EarlyCutOff`): nothing is written.
    var tookReferenceShortcut: Bool {
        if case .editsStayedInTheirFiles(_, _, 0, _) = self { return true }
        return false
    }

    /// The early cut-off after edits in sources (`EarlyCutOff`): only their own files are rendered again.
    var tookSourceShortcut: Bool {
        if case .editsStayedInTheirFiles(_, _, let editedSources, _) = self { return editedSources > 0 }
        return false
    }

    /// The tree edited rather than built again, after one file changed it (`TreeEdit`).
    var tookTreeShortcut: Bool {
        if case .treeChanged = self { return true }
        return false
    }
}

extension Pipeline.Result {
    /// The files a run wrote or rendered: `files`, and the per-source files it left to be rendered as they
    /// were written (`rendered.deferredFiles`), rendered again here.
    var renderedFiles: [GeneratedFile] { (rendered.deferredFiles?.renderAll() ?? []) + files }

    var writtenFileNames: [String] { (rendered.deferredFiles?.names ?? []) + files.map(\.name) }
}
