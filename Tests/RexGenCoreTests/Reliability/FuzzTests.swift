import Foundation
import XCTest
@testable import RexGenCore

/// libFuzzer on the reader (`Tests/Fuzz/FuzzReader.swift`), with AddressSanitizer and leak detection, for
/// a bounded time; and every input that ever failed, replayed in-process on each run.
final class ReliabilityFuzzTests: XCTestCase {
    /// `REXGEN_FUZZ_SECONDS` overrides; CI's default keeps the whole suite well inside its time limit.
    static let fuzzSeconds = Int(ProcessInfo.processInfo.environment["REXGEN_FUZZ_SECONDS"] ?? "") ?? 60

    func testFuzzReaderFindsNoCrashHangOrLeak() throws {
        let work = try temporaryDirectory()
        let fuzzer = try buildFuzzer(in: work)
        let corpus = work.appendingPathComponent("corpus")
        let seeds = work.appendingPathComponent("seeds")
        let artifacts = work.appendingPathComponent("artifacts")
        for directory in [corpus, seeds, artifacts] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try copySeeds(into: seeds)

        // The first corpus folder receives new inputs; the seeds and the regressions are only read (all of
        // them are run before any mutation, so a regression that comes back fails at once).
        let result = try TestSupport.run(fuzzer, [
            "-max_total_time=\(Self.fuzzSeconds)", "-timeout=1", "-rss_limit_mb=2048", "-detect_leaks=1",
            "-print_final_stats=1", "-dict=" + Reliability.fuzzDirectory.appendingPathComponent("swift.dict").path,
            "-artifact_prefix=" + artifacts.path + "/",
            corpus.path, seeds.path, Reliability.regressionsDirectory.path,
        ], watchdogSeconds: Double(Self.fuzzSeconds) + 300)

        let failures = try FileManager.default.contentsOfDirectory(atPath: artifacts.path).sorted()
        // Kept for good: each becomes a regression input that later runs replay (commit them).
        for name in failures {
            let kept = Reliability.regressionsDirectory.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(at: artifacts.appendingPathComponent(name), to: kept)
        }
        let stats = Self.statistics(result.stderr)
        print("fuzzing: \(stats["time"] ?? "?") s, \(stats["number_of_executed_units"] ?? "?") executions "
            + "(\(stats["average_exec_per_sec"] ?? "?")/s), corpus \(stats["corpus"] ?? "?") inputs, "
            + "peak RSS \(stats["peak_rss_mb"] ?? "?") MB; \(failures.count) failing inputs")
        let tail = result.stderr.split(separator: "\n").suffix(60).joined(separator: "\n")
        XCTAssertEqual(failures, [], "the fuzzer found failing inputs, now kept in Tests/Fuzz/Regressions:\n\(tail)")
        XCTAssertEqual(result.exitCode, 0, "libFuzzer failed\n\(tail)")
        XCTAssertFalse(result.timedOut, "libFuzzer overran its time limit\n\(tail)")
    }

    /// Every kept input: no crash, and the same invariants the fuzz target checks. (A hang that comes back is
    /// the fuzzer's to report: it runs every kept input first, under its `-timeout`; a test asserts no time.)
    func testEveryKeptRegressionInputStillReadsCleanly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Reliability.regressionsDirectory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        XCTAssertFalse(names.isEmpty, "Tests/Fuzz/Regressions holds the inputs that once failed")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Reliability.regressionsDirectory.appendingPathComponent(name)))
            let file = bytes.withUnsafeBufferPointer { SwiftReader.parse($0, path: name) }
            for problem in Self.invariantViolations(file, bytes: bytes) { XCTFail("\(name): \(problem)") }
        }
    }

    // MARK: - Building and seeding

    private func buildFuzzer(in directory: URL) throws -> URL {
        let swiftc = try TestSupport.requireSwiftc()
        let sources = Reliability.repositoryRoot.appendingPathComponent("Sources/RexGenCore")
        var files = [Reliability.fuzzDirectory.appendingPathComponent("FuzzReader.swift").path]
        for folder in ["Lexer", "Parser", "Model", "Diagnostics"] {
            let url = sources.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { url.appendingPathComponent($0).path }
        }
        let output = directory.appendingPathComponent("rexgen-fuzz")
        let result = try TestSupport.run(swiftc, ["-sanitize=fuzzer,address", "-parse-as-library", "-O",
                                                  "-module-name", "RexGenFuzz"] + files + ["-o", output.path])
        XCTAssertEqual(result.exitCode, 0, "building the fuzz target failed (does this toolchain support "
            + "-sanitize=fuzzer?)\n\(result.summary)")
        return output
    }

    /// Every Swift file of the fixtures and the example, flattened into one folder.
    private func copySeeds(into seeds: URL) throws {
        let root = Reliability.repositoryRoot
        var count = 0
        for folder in ["Tests/Fixtures", "Examples"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift"), !relative.contains("/.build/") else { continue }
                count += 1
                try FileManager.default.copyItem(
                    at: root.appendingPathComponent(folder).appendingPathComponent(relative),
                    to: seeds.appendingPathComponent("\(count)-" + (relative as NSString).lastPathComponent))
            }
        }
        XCTAssertGreaterThan(count, 20, "the fixtures should seed the fuzzer")
    }

    /// `stat::name: value` lines, plus `time` from `Done N runs in S second(s)` and the final corpus size.
    static func statistics(_ log: String) -> [String: String] {
        var stats: [String: String] = [:]
        for line in log.split(separator: "\n") {
            if line.hasPrefix("stat::") {
                let parts = line.dropFirst(6).split(separator: ":", maxSplits: 1)
                if parts.count == 2 { stats[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
            } else if line.hasPrefix("Done "), let range = line.range(of: " in ") {
                stats["time"] = String(line[range.upperBound...].prefix { $0.isNumber })
            }
            if let range = line.range(of: "corp: ") {
                stats["corpus"] = String(line[range.upperBound...].prefix { $0.isNumber })
            }
        }
        return stats
    }

    /// The fuzz target's invariants (it cannot share code with the tests: it compiles the reader alone).
    static func invariantViolations(_ file: ParsedFile, bytes: [UInt8]) -> [String] {
        let lines = bytes.withUnsafeBufferPointer { LineTable($0).lineAndColumn(of: $0.count).line }
        var problems: [String] = []
        func check(_ location: SourceLocation?, _ what: String) {
            guard let location else { return }
            if location.line < 1 || location.line > lines || location.column < 1 || location.column > bytes.count + 1 {
                problems.append("\(what) at \(location) is outside the input")
            }
        }
        for diagnostic in file.diagnostics { check(diagnostic.location, "diagnostic '\(diagnostic.message)'") }
        var previous: SourceLocation?
        for declaration in file.enums {
            if declaration.name.isEmpty { problems.append("an enum without a name") }
            check(declaration.location, "enum \(declaration.qualifiedName)")
            if let previous, declaration.location < previous { problems.append("enums out of order") }
            previous = declaration.location
            for enumCase in declaration.cases where enumCase.name.isEmpty || enumCase.location <= declaration.location {
                problems.append("case '\(enumCase.name)' of \(declaration.qualifiedName) is misplaced")
            }
        }
        return problems
    }
}
