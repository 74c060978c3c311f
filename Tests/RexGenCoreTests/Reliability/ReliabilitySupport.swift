import Foundation
import XCTest

/// What the reliability suites share: where the repository and the toolchain are, running shell
/// pipelines, and building the SwiftParser oracle once per test run.
enum Reliability {
    static let repositoryRoot = TestSupport.testsDirectory.deletingLastPathComponent()
    static let oraclePackage = TestSupport.testsDirectory.appendingPathComponent("Oracle")
    static let fuzzDirectory = TestSupport.testsDirectory.appendingPathComponent("Fuzz")
    static let regressionsDirectory = fuzzDirectory.appendingPathComponent("Regressions")
    /// `.build-*` is gitignored, and a fixed place lets a later run reuse the build.
    static let oracleScratch = repositoryRoot.appendingPathComponent(".build-oracle")
    /// Where the local package mirror keeps the registry packages the differential test reads.
    static let packageMirror = URL(fileURLWithPath: "/opt/swift-packages")

    /// `swift` next to the `swiftc` the tests use, so the oracle is built by the same toolchain.
    static func requireSwift() throws -> URL {
        let swift = try TestSupport.requireSwiftc().deletingLastPathComponent().appendingPathComponent("swift")
        return try XCTUnwrap(FileManager.default.isExecutableFile(atPath: swift.path) ? swift : nil,
                             "no 'swift' next to \(swift.deletingLastPathComponent().path)")
    }

    /// Runs a shell command line (pipes are needed for `git archive | tar`).
    static func shell(_ command: String, in directory: URL? = nil, watchdogSeconds: Double = 600) throws
        -> ProcessResult {
        try TestSupport.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory,
                            watchdogSeconds: watchdogSeconds)
    }

    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: - The oracle

    private static let oracleLock = NSLock()
    nonisolated(unsafe) private static var oracleResult: Result<URL, Error>?

    /// Builds `rexgen-oracle` once per test process (the first build compiles swift-syntax: a minute or two
    /// on 2 cores; later ones reuse `.build-oracle`). Debug is fast enough: it reads the 12 MB corpus in
    /// about 25 s, so the release build's extra minutes would not pay off.
    static func oracle() throws -> URL {
        oracleLock.lock()
        defer { oracleLock.unlock() }
        if let oracleResult { return try oracleResult.get() }
        let result = Result { try buildOracle() }
        oracleResult = result
        return try result.get()
    }

    private static func buildOracle() throws -> URL {
        let swift = try requireSwift()
        let started = Date()
        let build = try TestSupport.run(swift, ["build", "--package-path", oraclePackage.path,
                                                "--scratch-path", oracleScratch.path], watchdogSeconds: 1500)
        guard build.exitCode == 0 else {
            throw ReliabilityError("building the oracle failed\n\(build.summary)")
        }
        print("oracle: built in \(Int(Date().timeIntervalSince(started))) s")
        let binary = oracleScratch.appendingPathComponent("debug/rexgen-oracle")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ReliabilityError("the oracle built, but \(binary.path) is missing")
        }
        return binary
    }

    // MARK: - The registry corpus

    /// A registry package's `Sources/` at a tag, from the local mirror.
    struct MirroredPackage {
        var repository: String   // owner/name
        var tag: String
        var name: String { String(repository.split(separator: "/").last ?? "") }
    }

    /// The packages the differential test reads besides the fixtures (about 12 MB of Swift).
    static let registryCorpus = [
        MirroredPackage(repository: "swiftlang/swift-syntax", tag: "603.0.1"),
        MirroredPackage(repository: "apple/swift-nio", tag: "2.101.3"),
        MirroredPackage(repository: "vapor/vapor", tag: "4.122.3"),
    ]

    /// Extracts each package's `Sources/` into `directory/<name>/Sources`; returns the package folders.
    static func extract(_ packages: [MirroredPackage], into directory: URL) throws -> [URL] {
        try packages.map { package in
            let repository = packageMirror.appendingPathComponent(package.repository + ".git")
            guard FileManager.default.fileExists(atPath: repository.path) else {
                throw ReliabilityError("the package mirror has no \(repository.path); the registry corpus "
                    + "comes from it (set REXGEN_SKIP_REGISTRY_CORPUS=1 to leave it out)")
            }
            let target = directory.appendingPathComponent(package.name)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let result = try shell("git -C \(quoted(repository.path)) archive \(package.tag) Sources"
                + " | tar -x -C \(quoted(target.path))")
            guard result.exitCode == 0 else {
                throw ReliabilityError("extracting \(package.repository) \(package.tag) failed\n\(result.summary)")
            }
            return target
        }
    }
}

struct ReliabilityError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A small deterministic generator (SplitMix64): a failing seed reproduces exactly, on every platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
