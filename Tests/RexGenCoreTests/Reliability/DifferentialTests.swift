import Foundation
import XCTest
@testable import RexGenCore

/// RexGen's reader against SwiftParser (the official parser) on real code: both list every enum in the
/// same corpus and must agree on every compared field. The oracle is `Tests/Oracle`, a separate package,
/// so swift-syntax is built only here and never by RexGen or its plugin.
///
/// A file SwiftParser finds errors in is left out (both recover from broken code in their own way; the
/// reader's behaviour on bad input has its own tests); an error RexGen reports on a file SwiftParser
/// accepts is a disagreement.
final class ReliabilityDifferentialTests: XCTestCase {
    func testFixturesAndExamplesAgreeWithSwiftParser() throws {
        let root = Reliability.repositoryRoot
        let comparison = try compare(paths: [root.appendingPathComponent("Tests/Fixtures").path,
                                             root.appendingPathComponent("Examples").path],
                                     label: "fixtures", expectsValidSwift: false)
        XCTAssertGreaterThan(comparison.enums, 50, "the fixtures hold more enums than that")
    }

    func testRegistryPackagesAgreeWithSwiftParser() throws {
        if ProcessInfo.processInfo.environment["REXGEN_SKIP_REGISTRY_CORPUS"] == "1" {
            throw XCTSkip("REXGEN_SKIP_REGISTRY_CORPUS=1: the registry corpus is left out")
        }
        let corpus = try temporaryDirectory()
        let packages = try Reliability.extract(Reliability.registryCorpus, into: corpus)
        // RexGen reads a folder as SwiftPM compiles it, leaving out documentation catalogs and other bundles
        // (swift-syntax's `*.docc` tutorial code); the oracle walks every folder, so both are given the same.
        try removeBundleFolders(under: corpus)
        let comparison = try compare(paths: packages.map(\.path), label: "registry packages ("
            + Reliability.registryCorpus.map { "\($0.name) \($0.tag)" }.joined(separator: ", ") + ")",
            expectsValidSwift: true)
        XCTAssertGreaterThan(comparison.files, 800, "the three packages hold about 860 Swift files")
        XCTAssertGreaterThan(comparison.enums, 600, "the three packages hold about 680 enums")
    }

    /// The property test's random files (every nesting, `#if` shape and payload layout it writes), so
    /// the generator's idea of the model is checked against SwiftParser's too.
    func testGeneratedSourcesAgreeWithSwiftParser() throws {
        let directory = try temporaryDirectory()
        for index in 0..<60 {
            var generator = EnumSourceGenerator(seed: ReliabilityPropertyTests.baseSeed &+ 2_000_000 &+ UInt64(index),
                                                prefix: "D\(index)_")
            try Data(generator.makeFile().utf8).write(to: directory.appendingPathComponent("D\(index).swift"))
        }
        try compare(paths: [directory.path], label: "60 generated files", expectsValidSwift: true)
    }

    /// The comparison logic itself must catch what it exists to catch.
    func testComparisonReportsEveryKindOfDisagreement() throws {
        let ours = try DumpComparison.decode(Data("""
        {"file":"a.swift","line":1,"column":6,"name":"E","qualifiedName":"E","genericParameters":["T"],"access":null,"indirect":false,"ifConfig":"","local":false,"cases":[{"name":"a","line":2,"column":10,"indirect":false,"ifConfig":"","rawValue":null,"associatedValues":[{"label":"x","type":"[Int]","hasDefault":false,"variadic":false}]}]}
        {"file":"a.swift","line":9,"column":6,"name":"Only","qualifiedName":"Only","genericParameters":[],"access":null,"indirect":false,"ifConfig":"","local":false,"cases":[]}
        """.utf8), tool: "rexgen")
        let theirs = try DumpComparison.decode(Data("""
        {"file":"a.swift","line":1,"column":6,"name":"E","qualifiedName":"S.E","genericParameters":["T"],"access":"public","indirect":true,"ifConfig":"#if X","local":true,"cases":[{"name":"a","line":2,"column":10,"indirect":true,"ifConfig":"#if Y","associatedValues":[{"label":"y","type":"[ Int ]","hasDefault":true,"variadic":false}]}]}
        """.utf8), tool: "oracle")
        var comparison = DumpComparison()
        comparison.compare(ours: ours, theirs: theirs, excludedFiles: [])
        let text = comparison.disagreements.joined(separator: "\n")
        for expected in ["qualifiedName", "access", "indirect", "local", "#if", "case a indirect", "case a under #if",
                         "payload 0 label", "payload 0 hasDefault", "found by RexGen only"] {
            XCTAssertTrue(text.contains(expected), "no '\(expected)' in:\n\(text)")
        }
        XCTAssertFalse(text.contains("payload 0 type"), "type text is compared with whitespace ignored:\n\(text)")
        XCTAssertEqual(comparison.disagreements.count, 11, text)
    }

    private func removeBundleFolders(under root: URL) throws {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        var bundles: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if SourceFileCollector.isBundle(url.lastPathComponent),
               (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                bundles.append(url)
                walker?.skipDescendants()
            }
        }
        XCTAssertFalse(bundles.isEmpty, "swift-syntax ships documentation catalogs; the corpus has changed")
        for bundle in bundles { try FileManager.default.removeItem(at: bundle) }
    }

    // MARK: - Running both tools

    @discardableResult
    private func compare(paths: [String], label: String, expectsValidSwift: Bool) throws -> DumpComparison {
        let oracle = try Reliability.oracle()
        let started = Date()
        let reference = try TestSupport.run(oracle, paths, watchdogSeconds: 900)
        XCTAssertEqual(reference.exitCode, 0, reference.summary)
        let oracleSeconds = Date().timeIntervalSince(started)
        let ours = try TestSupport.rexgen(["dump", "--format", "json"] + paths)
        XCTAssertFalse(ours.crashed || ours.timedOut, ours.summary)

        let excluded = Set(reference.stderrLines.compactMap { line in
            line.hasPrefix("oracle: syntax-errors: ") ? String(line.dropFirst("oracle: syntax-errors: ".count)) : nil
        })
        var comparison = DumpComparison()
        comparison.files = reference.stderrLines.last.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        comparison.compare(ours: try DumpComparison.decode(ours.stdoutData, tool: "rexgen"),
                           theirs: try DumpComparison.decode(reference.stdoutData, tool: "oracle"),
                           excludedFiles: excluded)
        // Every error RexGen reports on code SwiftParser accepts is a reader bug too.
        for line in ours.stderrLines where line.contains(": error: ") {
            let file = String(line.prefix { $0 != ":" })
            if !excluded.contains(file) { comparison.disagreements.append("RexGen error on valid code: \(line)") }
        }
        if !ours.stderr.contains(": error: ") { XCTAssertEqual(ours.exitCode, 0, ours.summary) }

        print("differential, \(label): \(comparison.summary) (oracle \(Int(oracleSeconds)) s); "
            + "\(excluded.count) files with syntax errors left out")
        let shown = comparison.disagreements.prefix(200).joined(separator: "\n")
        XCTAssertEqual(comparison.disagreements, [], "RexGen and SwiftParser disagree "
            + "(\(comparison.disagreements.count)):\n\(shown)")
        if expectsValidSwift {
            XCTAssertEqual(excluded, [], "SwiftParser found syntax errors in these files; is the corpus valid Swift?")
        }
        return comparison
    }
}
