import Foundation
import XCTest

/// What the C-header tests share: the fixtures, running `rexgen` with a controlled `LIBCLANG_PATH`,
/// the toolchain's own tools, and reading `rexgen dump --format json`.
enum CHeaderSupport {
    static let fixtures = TestSupport.testsDirectory.appendingPathComponent("Fixtures/CHeaders")
    static let endToEnd = fixtures.appendingPathComponent("EndToEnd")
    static let naming = fixtures.appendingPathComponent("Naming")
    static let selection = fixtures.appendingPathComponent("Selection")
    static let broken = fixtures.appendingPathComponent("Broken")

    /// How libclang is chosen for one run. `TestSupport.run` passes the test's own environment on, so the
    /// variable is set or removed through `env`: a `LIBCLANG_PATH` in the developer's shell must not decide
    /// which library the "default" runs load.
    enum LibClangChoice {
        case automatic
        case path(String)

        var envArguments: [String] {
            switch self {
            case .automatic: ["-u", "LIBCLANG_PATH"]
            case .path(let path): ["LIBCLANG_PATH=\(path)"]
            }
        }
    }

    static func rexgen(_ arguments: [String], libclang: LibClangChoice = .automatic, in directory: URL? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let binary = try TestSupport.requireRexGen(file: file, line: line)
        return try TestSupport.run(URL(fileURLWithPath: "/usr/bin/env"),
                                   libclang.envArguments + [binary.path] + arguments, in: directory)
    }

    /// The folder holding the `swiftc` the tests use, symlinks resolved (`swiftc` is a link to
    /// `swift-driver`): the toolchain's `bin`, beside which `lib/libclang.so` and
    /// `swift-synthesize-interface` live.
    static func toolchainBin(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try TestSupport.requireSwiftc(file: file, line: line).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The Swift toolchain's libclang. Missing is a failure: the toolchain always ships it.
    static func toolchainLibClang(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = try toolchainBin(file: file, line: line).deletingLastPathComponent()
            .appendingPathComponent("lib/libclang.so")
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "no libclang.so in the Swift toolchain at \(url.path)",
                      file: file, line: line)
        return url
    }

    /// The triple `swiftc` builds for, so the interface oracle also works on other architectures.
    static func hostTriple(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try TestSupport.run(TestSupport.requireSwiftc(file: file, line: line), ["-print-target-info"])
        XCTAssertEqual(result.exitCode, 0, result.summary, file: file, line: line)
        struct Info: Decodable { struct Target: Decodable { var triple: String }; var target: Target }
        return try JSONDecoder().decode(Info.self, from: result.stdoutData).target.triple
    }

    /// An empty Swift file: `rexgen` needs Swift input even when only a header's enums matter.
    static func emptySwiftFile(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("Empty.swift")
        try Data("// nothing here\n".utf8).write(to: url)
        return url
    }

    /// The 1-based line of the first line of `file` containing `marker`, so expectations about
    /// diagnostic locations follow the fixture when it is edited.
    static func line(of marker: String, in file: URL, sourceFile: StaticString = #filePath,
                     sourceLine: UInt = #line) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains(marker) }, "no '\(marker)' in \(file.path)",
                                  file: sourceFile, line: sourceLine)
        return index + 1
    }

    /// The names of the types the generated file extends, in order (`extension Name {` at the start of a
    /// line; the generated properties file has no other top-level declarations).
    static func extendedTypes(in generated: String) -> [String] {
        generated.components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("extension "), line.hasSuffix(" {") else { return nil }
            return String(line.dropFirst("extension ".count).dropLast(" {".count))
        }
    }
}

/// One line of `rexgen dump --format json`, the keys these tests read.
struct CHeaderDumpedEnum: Decodable {
    struct Case: Decodable { var name: String }
    var file: String
    var line: Int
    var name: String
    var qualifiedName: String
    var selected: Bool
    var cImport: String?
    var cases: [Case]

    static func parse(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws -> [CHeaderDumpedEnum] {
        try output.split(separator: "\n").map { text in
            do {
                return try JSONDecoder().decode(CHeaderDumpedEnum.self, from: Data(text.utf8))
            } catch {
                XCTFail("not a dump line: \(text)", file: file, line: line)
                throw error
            }
        }
    }
}
