import Foundation
import XCTest

/// Loading libclang (the default search, `LIBCLANG_PATH` as a file or a folder, the Swift toolchain's own
/// copy), the error when it cannot be loaded, and libclang's own errors for a header that does not parse.
final class CHeaderLibClangTests: XCTestCase {
    private var header: URL { CHeaderSupport.endToEnd.appendingPathComponent("Player.h") }

    /// Both `generate` and `dump`, so case names, locations and flags are all compared.
    private func outputs(_ libclang: CHeaderSupport.LibClangChoice) throws -> (generated: ProcessResult, dump: ProcessResult) {
        let arguments = [CHeaderSupport.endToEnd.appendingPathComponent("Sources").path, "--c-header", header.path,
                         "-I", CHeaderSupport.endToEnd.appendingPathComponent("include").path, "-D", "PLAYER_QUALITY=2"]
        return (try CHeaderSupport.rexgen(arguments, libclang: libclang),
                try CHeaderSupport.rexgen(["dump", "--format", "json"] + arguments, libclang: libclang))
    }

    /// Debian's libclang-dev (what the default search finds first in CI) and the Swift toolchain's libclang
    /// are different clang versions; RexGen's output must not depend on which one it loaded.
    func testToolchainLibClangGivesIdenticalOutput() throws {
        let toolchainLibrary = try CHeaderSupport.toolchainLibClang()
        let automatic = try outputs(.automatic)
        XCTAssertEqual(automatic.generated.exitCode, 0, automatic.generated.summary)
        XCTAssertEqual(automatic.dump.exitCode, 0, automatic.dump.summary)
        XCTAssertTrue(automatic.generated.stdout.contains("extension PlayerState"), automatic.generated.summary)
        // The toolchain's copy named as a file, and as the folder holding it.
        for choice in [toolchainLibrary.path, toolchainLibrary.deletingLastPathComponent().path] {
            let toolchain = try outputs(.path(choice))
            XCTAssertEqual(toolchain.generated.exitCode, 0, toolchain.generated.summary)
            XCTAssertEqual(toolchain.generated.stdout, automatic.generated.stdout,
                           "LIBCLANG_PATH=\(choice): " + TestSupport.firstDifference(
                               expected: automatic.generated.stdout, actual: toolchain.generated.stdout))
            XCTAssertEqual(toolchain.generated.stderr, automatic.generated.stderr, "LIBCLANG_PATH=\(choice)")
            XCTAssertEqual(toolchain.dump.stdout, automatic.dump.stdout,
                           "LIBCLANG_PATH=\(choice): " + TestSupport.firstDifference(
                               expected: automatic.dump.stdout, actual: toolchain.dump.stdout))
        }
        // The naming edge cases too: the case names must not depend on the clang version either.
        let work = try temporaryDirectory()
        let naming = ["dump", "--format", "json", "--all-enums", try CHeaderSupport.emptySwiftFile(in: work).path,
                      "--c-header", CHeaderSupport.naming.appendingPathComponent("Naming.h").path]
        let automaticNaming = try CHeaderSupport.rexgen(naming)
        let toolchainNaming = try CHeaderSupport.rexgen(naming, libclang: .path(toolchainLibrary.path))
        XCTAssertEqual(automaticNaming.exitCode, 0, automaticNaming.summary)
        XCTAssertEqual(toolchainNaming.stdout, automaticNaming.stdout, TestSupport.firstDifference(
            expected: automaticNaming.stdout, actual: toolchainNaming.stdout))
    }

    /// With `LIBCLANG_PATH` set nothing else is tried, so a wrong value is an error that says how to get
    /// libclang; the Swift sources are still read and their diagnostics reported.
    func testLibClangPathPointingAtNothingIsAnErrorSayingHowToInstall() throws {
        let work = try temporaryDirectory()
        let missing = work.appendingPathComponent("no-such-libclang.so").path
        let notALibrary = header.path   // exists, but dlopen cannot load it
        for path in [missing, work.path, notALibrary] {
            let result = try CHeaderSupport.rexgen(
                [CHeaderSupport.broken.appendingPathComponent("Collision.swift").path, "--c-header", header.path],
                libclang: .path(path))
            XCTAssertEqual(result.exitCode, 1, result.summary)
            XCTAssertFalse(result.crashed, result.summary)
            let errors = result.stderrLines.filter { $0.contains(": error: ") }
            XCTAssertEqual(errors.count, 1, "one clear error\n\(result.summary)")
            let error = errors.first ?? ""
            XCTAssertTrue(error.hasPrefix("\(header.path):1:1: error: "), "reported at the header\n\(result.summary)")
            XCTAssertTrue(error.contains("apt-get install libclang-dev"), result.summary)
            XCTAssertTrue(error.contains("LIBCLANG_PATH"), result.summary)
            XCTAssertTrue(error.contains(path), "names what it tried\n\(result.summary)")
            XCTAssertTrue(result.stderr.contains("Collision.swift:4:10: warning: property 'isPing'"),
                          "the Swift sources' diagnostics are still reported\n\(result.summary)")
            XCTAssertEqual(result.stdout, "", "nothing is generated when there are errors")
        }
    }

    /// libclang is loaded only when a header is given: a broken `LIBCLANG_PATH` does not matter otherwise.
    func testLibClangIsNotLoadedWithoutAHeader() throws {
        let result = try CHeaderSupport.rexgen([CHeaderSupport.endToEnd.appendingPathComponent("Sources").path],
                                               libclang: .path("/nonexistent/libclang.so"))
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertFalse(result.stderr.contains("libclang"), result.summary)
        XCTAssertTrue(result.stdout.contains("extension AppAction"), result.summary)
    }

    /// libclang's error is reported at the header's line and column, exit 1, and the Swift sources' own
    /// warning and error come out in the same run.
    func testHeaderThatDoesNotParseIsAnErrorAtItsLine() throws {
        let brokenHeader = CHeaderSupport.broken.appendingPathComponent("Broken.h")
        let line = try CHeaderSupport.line(of: "ERROR-HERE", in: brokenHeader)
        for libclang in [CHeaderSupport.LibClangChoice.automatic, .path(try CHeaderSupport.toolchainLibClang().path)] {
            let result = try CHeaderSupport.rexgen([CHeaderSupport.broken.path, "--c-header", brokenHeader.path],
                                                   libclang: libclang)
            XCTAssertEqual(result.exitCode, 1, result.summary)
            XCTAssertTrue(result.stderrLines.contains { $0.hasPrefix("\(brokenHeader.path):\(line):15: error: ") },
                          "expected an error at \(brokenHeader.lastPathComponent):\(line):15\n\(result.summary)")
            XCTAssertTrue(result.stderr.contains("Collision.swift:4:10: warning: "), result.summary)
            XCTAssertTrue(result.stderr.contains("Unclosed.swift:3:"), result.summary)
            XCTAssertEqual(result.stdout, "", "nothing is generated when there are errors")
        }
    }

    /// A header that does not exist is named, not silently skipped.
    func testMissingHeaderIsAnError() throws {
        let missing = try temporaryDirectory().appendingPathComponent("Missing.h")
        let result = try CHeaderSupport.rexgen([CHeaderSupport.endToEnd.appendingPathComponent("Sources").path,
                                                "--c-header", missing.path])
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("\(missing.path):1:1: error: "), result.summary)
    }
}
