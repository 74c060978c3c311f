import Foundation
import RexGenCore
import XCTest

/// The `rexgen` command line as DESIGN.md's "The CLI" and "Bad input" define it: exit codes, stdout and
/// stderr, `--version`, `--quiet`, `--verbose` and `dump --format json`. Writing to `--output`, `check`
/// and the config file are in CLIOutputTests.
final class CLITests: XCTestCase {
    private let actionSource = "enum CLIAction {\n    case tapped\n}\n"

    // MARK: - Exit code 0

    func testSuccessPrintsTheGeneratedFileAndExitsZero() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["Sources/CLIAction.swift": actionSource], under: root)
        let result = try TestSupport.rexgen(["Sources"], in: root)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stdout.hasPrefix(GeneratedFile.headerMarker), result.summary)
        XCTAssertTrue(result.stdout.contains("var isTapped: Swift.Bool"), result.summary)
        XCTAssertEqual(result.stderr, "", "nothing to report on clean input")
        // `generate` is the default command: naming it changes nothing.
        let explicit = try TestSupport.rexgen(["generate", "Sources"], in: root)
        XCTAssertEqual(explicit.exitCode, 0, explicit.summary)
        XCTAssertEqual(explicit.stdoutData, result.stdoutData)
    }

    /// `--file-list` and `--reference-list` name paths one per line (blank lines and CRLF endings
    /// allowed), and the run is the one the same paths given as arguments make.
    func testListFilesGiveWhatTheSamePathsAsArgumentsGive() throws {
        let root = try temporaryDirectory()
        try TestSupport.write([
            "Sources/AppAction.swift": "enum AppAction {\n    case feature(FeatureAction)\n}\n",
            "Sources/Extra Action.swift": "enum ExtraAction {\n    case shown\n}\n",
            "Dependency/FeatureAction.swift": "enum FeatureAction {\n    case tapped\n}\n",
            "sources.list": "Sources/AppAction.swift\r\n\nSources/Extra Action.swift\r\n",
            "references.list": "Dependency\n",
        ], under: root)
        let listed = try TestSupport.rexgen(["--file-list", "sources.list", "--reference-list", "references.list"], in: root)
        let given = try TestSupport.rexgen(["Sources/AppAction.swift", "Sources/Extra Action.swift",
                                            "--reference", "Dependency"], in: root)
        XCTAssertEqual(listed.exitCode, 0, listed.summary)
        XCTAssertTrue(listed.stdout.contains("var isShown: Swift.Bool") && listed.stdout.contains("liftToAppAction"),
                      listed.summary)
        XCTAssertEqual(listed.stdoutData, given.stdoutData)
        XCTAssertEqual(listed.stderr, given.stderr)
    }

    func testAListFileThatCannotBeReadIsAUsageError() throws {
        let result = try TestSupport.rexgen(["--file-list", "missing.list"], in: try temporaryDirectory())
        XCTAssertEqual(result.exitCode, 2, result.summary)
        XCTAssertTrue(result.stderr.contains("--file-list 'missing.list' cannot be read"), result.summary)
    }

    func testWarningsAloneExitZero() throws {
        let result = try ReferenceFixture.named("Collisions").generate()
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stderr.contains(": warning: "), result.summary)
    }

    func testVersionPrintsTheLibraryVersion() throws {
        let result = try TestSupport.rexgen(["--version"])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), RexGenVersion.current)
    }

    func testQuietSuppressesWarningsButNotErrors() throws {
        let loud = try ReferenceFixture.named("Collisions").generate()
        XCTAssertTrue(loud.stderr.contains(": warning: "), "the fixture must warn, or --quiet proves nothing")
        let quiet = try ReferenceFixture.named("Collisions").generate(["--quiet"])
        XCTAssertEqual(quiet.exitCode, 0, quiet.summary)
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertEqual(quiet.stdoutData, loud.stdoutData, "--quiet changes what is printed, not what is generated")

        let quietError = try TestSupport.rexgen(["--quiet", "missing-folder"], in: try temporaryDirectory())
        XCTAssertEqual(quietError.exitCode, 1, quietError.summary)
        XCTAssertTrue(quietError.stderr.contains("error:"), "errors are printed even with --quiet")
    }

    func testVerboseReportsEachStage() throws {
        let result = try TestSupport.rexgen(["--verbose", "App"], in: TestSupport.referenceDirectory)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        for stage in ["collect", "read+parse", "analysis", "render"] {
            XCTAssertTrue(result.stderr.contains(stage), "no timing line for \(stage)\n\(result.summary)")
        }
    }

    // MARK: - Exit code 1: errors in the input

    func testMissingPathIsAnInputError() throws {
        let root = try temporaryDirectory()
        let result = try TestSupport.rexgen(["no-such-folder"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("no-such-folder:1:1: error: "), result.summary)
        XCTAssertEqual(result.stdout, "", "no partial output")
    }

    /// The bad file is reported at the offending byte, and the other files are still read: their own
    /// diagnostics (here a collision warning) still appear.
    func testInvalidUTF8IsAnInputErrorAndTheRestIsStillRead() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["Sources/Good.swift": "enum GoodAction {\n    case foo(a: Int)\n    case foo(b: Int)\n}\n"],
                              under: root)
        var bad = Data("enum BadAction {\n    case ok // caf".utf8)
        bad.append(contentsOf: [0xC3, 0x28])   // a lead byte followed by a non-continuation byte
        bad.append(Data("\n}\n".utf8))
        try bad.write(to: root.appendingPathComponent("Sources/Bad.swift"))
        // A binary file named .swift: a NUL byte on line 3.
        let binary = Data("enum BinaryAction {\n    case a\n  ".utf8 + [0, 1, 2])
        try binary.write(to: root.appendingPathComponent("Sources/Binary.swift"))

        let result = try TestSupport.rexgen(["Sources"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("Sources/Bad.swift:2:19: error: "), result.summary)
        XCTAssertTrue(result.stderr.contains("Sources/Binary.swift:3:3: error: "), result.summary)
        XCTAssertTrue(result.stderr.contains("Sources/Good.swift:2:10: warning: "), result.summary)
        XCTAssertEqual(result.stdout, "", "no partial output")
    }

    func testUnterminatedCommentIsAnInputError() throws {
        let root = try temporaryDirectory()
        try TestSupport.write(["Open.swift": "enum OpenAction {\n    case a\n}\n/* never closed\nenum Hidden {}\n"],
                              under: root)
        let result = try TestSupport.rexgen(["Open.swift"], in: root)
        XCTAssertEqual(result.exitCode, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("Open.swift:4:1: error: "), result.summary)
        XCTAssertEqual(result.stdout, "")
    }

    // MARK: - Exit code 2: usage errors

    func testUnknownFlagIsAUsageError() throws {
        let result = try TestSupport.rexgen(["--no-such-flag", "App"], in: TestSupport.referenceDirectory)
        XCTAssertEqual(result.exitCode, 2, result.summary)
        XCTAssertTrue(result.stderr.contains("--no-such-flag"), result.summary)
        XCTAssertEqual(result.stdout, "")
    }

    func testNoPathsIsAUsageError() throws {
        // A fresh temporary folder: no rexgen.yml here or above to supply `sources:`.
        let result = try TestSupport.rexgen([], in: try temporaryDirectory())
        XCTAssertEqual(result.exitCode, 2, result.summary)
        XCTAssertFalse(result.stderr.isEmpty)
        XCTAssertEqual(result.stdout, "")
    }

    func testCheckWithoutOutputAndUnknownFormatAreUsageErrors() throws {
        let check = try TestSupport.rexgen(["check", "App"], in: TestSupport.referenceDirectory)
        XCTAssertEqual(check.exitCode, 2, check.summary)
        let dump = try TestSupport.rexgen(["dump", "--format", "yaml", "App"], in: TestSupport.referenceDirectory)
        XCTAssertEqual(dump.exitCode, 2, dump.summary)
    }

    // MARK: - dump --format json

    func testDumpPrintsOneJSONObjectPerEnumSortedByFileThenLine() throws {
        let root = try temporaryDirectory()
        try TestSupport.write([
            "Sources/B.swift": """
                public struct Screen<Model> {
                    @frozen public indirect enum Action: Equatable, Sendable {
                        case `default`
                        #if DEBUG
                        @available(*, deprecated) case load(id: Int, _ force: Bool = false)
                        #endif
                        indirect case wrap(Action)
                    }
                }
                """,
            "Sources/A.swift": """
                enum Plain { case one }
                enum Loaded<Value: Sendable> where Value: Equatable { case value(Value) }
                """,
        ], under: root)
        let result = try TestSupport.rexgen(["dump", "--format", "json", "Sources"], in: root)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertTrue(result.stdout.hasSuffix("\n"))
        let objects = try lines.map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
        XCTAssertEqual(objects.map { $0["name"] as? String }, ["Plain", "Loaded", "Action"], "all enums, by file then line")
        let requiredKeys: Set = ["file", "line", "name", "qualifiedName", "genericParameters", "access", "indirect",
                                 "attributes", "inheritance", "cases", "selected"]
        for object in objects {
            XCTAssertTrue(requiredKeys.isSubset(of: object.keys), "missing \(requiredKeys.subtracting(object.keys))")
        }

        let plain = objects[0]
        XCTAssertEqual(plain["file"] as? String, "Sources/A.swift")
        XCTAssertEqual(plain["line"] as? Int, 1)
        XCTAssertEqual(plain["selected"] as? Bool, false, "neither suffix nor annotation")
        XCTAssertTrue(plain["access"] is NSNull, "no access modifier written")
        XCTAssertEqual(objects[1]["genericParameters"] as? [String], ["Value: Sendable"])

        let action = objects[2]
        XCTAssertEqual(action["file"] as? String, "Sources/B.swift")
        XCTAssertEqual(action["line"] as? Int, 2)
        XCTAssertEqual(action["qualifiedName"] as? String, "Screen.Action")
        XCTAssertEqual(action["access"] as? String, "public")
        XCTAssertEqual(action["indirect"] as? Bool, true)
        XCTAssertEqual(action["attributes"] as? [String], ["@frozen"])
        XCTAssertEqual(action["inheritance"] as? [String], ["Equatable", "Sendable"])
        XCTAssertEqual(action["selected"] as? Bool, true)

        let cases = try XCTUnwrap(action["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.map { $0["name"] as? String }, ["default", "load", "wrap"], "names without backticks")
        XCTAssertEqual(cases.map { $0["line"] as? Int }, [3, 5, 7])
        XCTAssertEqual(cases.map { $0["indirect"] as? Bool }, [false, false, true])
        XCTAssertEqual(cases.map { $0["ifConfig"] as? String }, ["", "#if DEBUG", ""])
        XCTAssertEqual(cases[1]["attributes"] as? [String], ["@available(*, deprecated)"])
        XCTAssertTrue(cases[0]["associatedValues"] is NSNull, "no payload")
        let values = try XCTUnwrap(cases[1]["associatedValues"] as? [[String: Any]])
        XCTAssertEqual(values.count, 2)
        XCTAssertEqual(values.first?["label"] as? String, "id")
        XCTAssertEqual(values.first?["type"] as? String, "Int")
        XCTAssertEqual(values.first?["hasDefault"] as? Bool, false)
        XCTAssertTrue(values.last?["label"] is NSNull, "`_ force` has no label")
        XCTAssertEqual(values.last?["type"] as? String, "Bool")
        XCTAssertEqual(values.last?["hasDefault"] as? Bool, true)
        XCTAssertEqual((cases[2]["associatedValues"] as? [[String: Any]])?.first?["type"] as? String, "Action")
    }
}
