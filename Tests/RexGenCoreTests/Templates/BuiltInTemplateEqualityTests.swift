import Foundation
import XCTest

/// The shipped templates (Templates/*.stencil) are the definition users customise, while the default output
/// stays native Swift for speed; this keeps the two the same: on every fixture the repository has, rendering
/// the built-in templates must write byte for byte the files (and print the diagnostics) the default run does.
final class BuiltInTemplateEqualityTests: XCTestCase {
    private static let both = ["--template", "EnumProperties", "--template", "ActionLifts"]

    /// Each enum-properties reference fixture with its ReferenceTests flags: with `--lift none` (as
    /// ReferenceTests runs it) against EnumProperties alone, and with lifts on against both templates.
    func testEveryEnumPropertiesReferenceFixture() throws {
        XCTAssertFalse(ReferenceFixture.all.isEmpty)
        for fixture in ReferenceFixture.all {
            let arguments = fixture.arguments + [fixture.name]
            try assertTemplatesMatchDefault(["--lift", "none"] + arguments, templates: ["--template", "EnumProperties"],
                                            in: TestSupport.referenceDirectory, label: "\(fixture.name) --lift none")
            try assertTemplatesMatchDefault(arguments, templates: Self.both,
                                            in: TestSupport.referenceDirectory, label: "\(fixture.name) with lifts")
        }
    }

    /// The lift end-to-end fixture: App with MovieFeature as reference.
    func testLiftsAppFixture() throws {
        try assertTemplatesMatchDefault(LiftTestSupport.endToEndArguments, templates: Self.both,
                                        in: LiftTestSupport.fixtures, label: "Lifts/App", expectLifts: true)
    }

    func testLiftsFeedbackFixture() throws {
        for api in ["release", "master"] {
            try assertTemplatesMatchDefault(["Feedback", "--lift", "swiftrex", "--lift", "combinefeedback", "--lift",
                                             "reactivefeedback", "--combine-feedback-api", api],
                                            templates: Self.both, in: LiftTestSupport.fixtures, label: "Lifts/Feedback \(api)",
                                            expectLifts: true)
        }
    }

    /// `--case-paths`: the CasePathable conformances come from the EnumProperties template too.
    func testCasePathsFixture() throws {
        try assertTemplatesMatchDefault(["Sources", "--case-paths"], templates: Self.both,
                                        in: CasePathableTests.fixture.deletingLastPathComponent(), label: "CasePaths")
    }

    func testLiftsGameFixture() throws {
        try assertTemplatesMatchDefault(["Game"], templates: Self.both, in: LiftTestSupport.fixtures,
                                        label: "Lifts/Game", expectLifts: true)
    }

    func testLiftsFeedbackExampleFixture() throws {
        try assertTemplatesMatchDefault(["FeedbackExample", "--lift", "swiftrex", "--lift", "combinefeedback", "--lift",
                                         "reactivefeedback"], templates: Self.both, in: LiftTestSupport.fixtures,
                                        label: "Lifts/FeedbackExample", expectLifts: true)
    }

    /// Reactor's part: composites of every kind, enum states, `#if`, names, what is left out.
    func testLiftsReactorFixtures() throws {
        for arguments in [["ReactorGame", "--reference", "ReactorFeature"], ["ReactorFeature"], ["ReactorShapes"],
                          ["ReactorNames"], ["ReactorOwnState", "--lift", "swiftrex"]] {
            try assertTemplatesMatchDefault(arguments + ["--lift", "reactor"], templates: Self.both, in: LiftTestSupport.fixtures,
                                            label: "Lifts/\(arguments[0])", expectLifts: true)
        }
    }

    func testLiftsShapesFixture() throws {
        try assertTemplatesMatchDefault(["Shapes"], templates: Self.both, in: LiftTestSupport.fixtures,
                                        label: "Lifts/Shapes", expectLifts: true)
    }

    /// The template tests' own inputs: `#if`, generics, availability, defaults, nested and annotated enums.
    func testTemplateFixtures() throws {
        for folder in ["Context/Sources", "Sourcery/Sources"] {
            try assertTemplatesMatchDefault([folder], templates: Self.both, in: TemplateTestSupport.fixtures,
                                            label: folder, expectLifts: true)
        }
    }

    /// The example app, whole and module by module as the build plugin runs it.
    func testExampleMovieApp() throws {
        let sources = TemplateTestSupport.repositoryRoot.appendingPathComponent("Examples/MovieApp/Sources")
        // A folder of its own with an empty rexgen.yml: no configuration above the example can interfere.
        let runDirectory = try temporaryDirectory()
        try TestSupport.write(["rexgen.yml": "# empty\n"], under: runDirectory)
        let feature = sources.appendingPathComponent("MovieFeature").path
        for (label, arguments) in [
            ("MovieApp/Sources", [sources.path]),
            ("MovieFeature", [feature]),
            ("MovieApp with reference", [sources.appendingPathComponent("MovieApp").path, "--reference", feature]),
        ] {
            try assertTemplatesMatchDefault(arguments, templates: Self.both, in: runDirectory, label: label,
                                            expectLifts: true)
        }
    }

    /// Without `--output` both outputs are printed one after the other; the templates must print the same.
    func testPrintedOutputMatchesToo() throws {
        let plain = try TestSupport.rexgen(LiftTestSupport.endToEndArguments, in: LiftTestSupport.fixtures)
        let templated = try TestSupport.rexgen(LiftTestSupport.endToEndArguments + Self.both, in: LiftTestSupport.fixtures)
        try TemplateTestSupport.requireSuccess(plain, "default run")
        try TemplateTestSupport.requireSuccess(templated, "template run")
        XCTAssertEqual(templated.stdout, plain.stdout,
                       TestSupport.firstDifference(expected: plain.stdout, actual: templated.stdout))
    }

    /// Guards the list of lift fixtures above: a new fixture folder must be added here too.
    func testEveryLiftFixtureFolderIsCovered() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: LiftTestSupport.fixtures.path)
        let folders = entries.filter { entry in
            var isDirectory: ObjCBool = false
            let path = LiftTestSupport.fixtures.appendingPathComponent(entry).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        // Drivers and Expected hold no input; MovieFeature is the App fixture's reference module, and the Reactor
        // fixtures are covered by `testLiftsReactorFixtures`.
        XCTAssertEqual(Set(folders).subtracting(["Drivers", "Expected"]), ["App", "Feedback", "FeedbackExample", "Game", "MovieFeature",
                                                                          "Shapes", "ReactorGame", "ReactorFeature", "ReactorShapes",
                                                                          "ReactorNames", "ReactorOwnState"])
    }

    // MARK: - The embedded copies

    /// The executable carries Templates/*.stencil as text (BuiltInTemplates.swift); it must be the files' text.
    func testEmbeddedTemplatesEqualTheFilesInTemplates() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TemplateTestSupport.shippedTemplates.path)
            .filter { $0.hasSuffix(".stencil") }.map { String($0.dropLast(".stencil".count)) }.sorted()
        XCTAssertEqual(names, ["ActionLifts", "EnumProperties"])
        for name in names {
            let result = try TestSupport.rexgen(["templates", "cat", name])
            try TemplateTestSupport.requireSuccess(result, "rexgen templates cat \(name)")
            let file = try Data(contentsOf: TemplateTestSupport.shippedTemplates.appendingPathComponent("\(name).stencil"))
            XCTAssertTrue(result.stdoutData == file, """
                the built-in \(name) differs from Templates/\(name).stencil \
                (\(TestSupport.firstDifference(expected: String(decoding: file, as: UTF8.self), actual: result.stdout)));
                run Scripts/embed-templates.py to copy Templates/*.stencil into BuiltInTemplates.swift
                """)
        }
    }

    func testTemplatesListNamesEveryBuiltIn() throws {
        let result = try TestSupport.rexgen(["templates", "list"])
        try TemplateTestSupport.requireSuccess(result, "rexgen templates list")
        let names = result.stdout.split(separator: "\n").map { $0.prefix { !$0.isWhitespace } }
        XCTAssertEqual(names.sorted(), ["ActionLifts", "EnumProperties"], result.summary)
        // `list` with no subcommand name is the default.
        XCTAssertEqual(try TestSupport.rexgen(["templates"]).stdout, result.stdout)
    }

    func testCatOfAnUnknownNameIsAUsageError() throws {
        let result = try TestSupport.rexgen(["templates", "cat", "NoSuchTemplate"])
        XCTAssertNotEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stdout.isEmpty, result.summary)
        XCTAssertTrue(result.stderr.contains("EnumProperties"), "should name the built-ins\n\(result.summary)")
    }

    // MARK: - Comparing two runs

    /// Runs `arguments` with `--output` once as is and once with `templates`, and compares what each wrote
    /// and printed. The two runs write into fresh folders, so neither sees the other's files.
    private func assertTemplatesMatchDefault(_ arguments: [String], templates: [String], in directory: URL,
                                             label: String, expectLifts: Bool = false,
                                             file: StaticString = #filePath, line: UInt = #line) throws {
        let work = try temporaryDirectory()
        let plainDirectory = work.appendingPathComponent("default")
        let templatedDirectory = work.appendingPathComponent("templates")
        let plain = try TestSupport.rexgen(arguments + ["--output", plainDirectory.path], in: directory)
        let templated = try TestSupport.rexgen(arguments + templates + ["--output", templatedDirectory.path], in: directory)
        try TemplateTestSupport.requireSuccess(plain, "\(label): default run", file: file, line: line)
        try TemplateTestSupport.requireSuccess(templated, "\(label): template run", file: file, line: line)

        let expected = try TemplateTestSupport.files(in: plainDirectory)
        let actual = try TemplateTestSupport.files(in: templatedDirectory)
        // The comparison means nothing if the default run wrote nothing.
        XCTAssertTrue(expected.keys.contains("EnumProperties.generated.swift"), "\(label): \(plain.summary)",
                      file: file, line: line)
        if expectLifts {
            XCTAssertTrue(expected.keys.contains("ActionLifts.generated.swift"), "\(label): \(plain.summary)",
                          file: file, line: line)
        }
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), "\(label): files written", file: file, line: line)
        for (name, wanted) in expected.sorted(by: { $0.key < $1.key }) where actual[name] != wanted {
            let got = actual[name].map { String(decoding: $0, as: UTF8.self) } ?? "<missing>"
            XCTFail("""
                \(label): \(name) rendered from the template differs from the default output; \
                \(TestSupport.firstDifference(expected: String(decoding: wanted, as: UTF8.self), actual: got))
                """, file: file, line: line)
        }
        XCTAssertEqual(templated.stderr, plain.stderr, "\(label): diagnostics", file: file, line: line)
    }
}
