import Foundation
import XCTest

/// Runs the built `rexgen` on the reference fixtures, compiles what it generates with the fixtures, and
/// runs a driver that exercises the generated properties. DESIGN.md promises that generated files compile
/// with no warnings in both Swift 5 and Swift 6 language modes, so every build uses -warnings-as-errors.
final class EnumPropertiesEndToEndTests: XCTestCase {
    /// The language modes, each with the `#if` flags its build defines. Swift 5 also defines DEBUG, so the
    /// two builds take different branches of Reference/Conditionals and both branches get compiled.
    private struct LanguageMode {
        var version: String
        var defines: [String]

        var flags: [String] {
            ["-swift-version", version, "-warnings-as-errors", "-parse-as-library", "-package-name", "RexGenE2E"]
                + defines.flatMap { ["-D", $0] }
        }

        static let swift6 = LanguageMode(version: "6", defines: ["REXGEN_E2E"])
        static let swift5 = LanguageMode(version: "5", defines: ["REXGEN_E2E", "DEBUG"])
    }

    /// The fixtures the driver (Tests/Fixtures/EnumProperties/Drivers) uses.
    private static let drivenFixtures = ["App", "PayloadKinds", "EnclosingTypes", "AccessLevels", "Generics", "Conditionals", "Names",
                                         "Collisions", "Skipped", "Selection", "AllEnums", "Suffix"]

    func testDriverPassesInSwift6Mode() throws { try buildAndRunDriver(.swift6) }
    func testDriverPassesInSwift5Mode() throws { try buildAndRunDriver(.swift5) }
    /// The build plugin's layout: one file per source, each with its own file's imports.
    func testDriverPassesWithOneFilePerSource() throws { try buildAndRunDriver(.swift6, filePerSource: true) }

    /// Each fixture on its own with its generated file, type-checked in both modes, so a fixture the driver
    /// does not use still has to compile, and a failure names the fixture.
    func testEveryReferenceFixtureCompilesWithoutWarnings() throws {
        let swiftc = try TestSupport.requireSwiftc()
        let work = try temporaryDirectory()
        for fixture in ReferenceFixture.all {
            let generated = try generate(fixture, into: work)
            for mode in [LanguageMode.swift6, .swift5] {
                let result = try TestSupport.run(swiftc, mode.flags + ["-typecheck"]
                    + fixture.inputFiles.map(\.path) + [generated.path])
                XCTAssertEqual(result.exitCode, 0, "\(fixture.name), Swift \(mode.version):\n\(result.summary)")
            }
        }
    }

    /// Warnings are in compiler format and point at the case they are about, so Xcode shows them inline.
    func testCollisionWarningsPointAtTheCaseInCompilerFormat() throws {
        let result = try ReferenceFixture.named("Collisions").generate()
        XCTAssertEqual(result.exitCode, 0, "warnings alone must not fail the run\n\(result.summary)")
        let warnings = result.stderrLines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 9, result.summary)
        for warning in warnings {
            // path:line:col: warning: property 'x' is not generated for case 'name(labels:)': why
            let parts = warning.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, let line = Int(parts[1]), let column = Int(parts[2]),
                  parts[3] == " warning", let caseStart = parts[4].range(of: "for case '") else {
                XCTFail("not in 'path:line:col: warning: message' form: \(warning)")
                continue
            }
            let caseName = parts[4][caseStart.upperBound...].prefix { $0 != "(" && $0 != "'" }
            let source = try String(contentsOf: TestSupport.referenceDirectory.appendingPathComponent(parts[0]),
                                    encoding: .utf8)
            let sourceLines = source.components(separatedBy: "\n")
            guard line >= 1, line <= sourceLines.count, column >= 1 else {
                XCTFail("location out of range: \(warning)")
                continue
            }
            let atColumn = sourceLines[line - 1].dropFirst(column - 1)
            XCTAssertTrue(atColumn.hasPrefix(caseName), "\(warning)\npoints at: \(sourceLines[line - 1])")
        }
        for expected in ["property 'foo' is not generated for case 'foo(a:)'",
                         "property 'isFoo' is not generated for case 'foo(b:)'",
                         "property 'isBar' is not generated for case 'isBar'",
                         "property 'movie' is not generated for case 'movie(_:)'",
                         "property 'isRating' is not generated for case 'rating(_:)'"] {
            XCTAssertTrue(warnings.contains { $0.contains(expected) }, "missing warning: \(expected)\n\(result.summary)")
        }
        // The user's member is in the other file: the warning must say where.
        XCTAssertTrue(warnings.contains { $0.contains("'movie'") && $0.contains("CollisionsMembers.swift:4:") },
                      result.summary)
    }

    /// Moving off Sourcery: a file Sourcery generated draws one note, at its first line, with the number of
    /// its members RexGen would write the same way; only a member that differs draws a warning.
    func testSourceryOutputDrawsOneNotePerFileAndWarningsOnlyForDifferentMembers() throws {
        let result = try ReferenceFixture.named("SourceryMigration").generate()
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let notes = result.stderrLines.filter { $0.contains(": note: ") }
        let warnings = result.stderrLines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(notes, ["SourceryMigration/Prism.generated.swift:1:1: note: 'Prism.generated.swift' was generated "
            + "by Sourcery and holds 7 enum properties that RexGen now generates; delete it and remove its template from "
            + ".sourcery.yml (until then RexGen leaves those properties to it)"], result.summary)
        XCTAssertEqual(warnings.count, 1, result.summary)
        XCTAssertTrue(warnings.first?.contains("property 'rename' is not generated") ?? false, result.summary)
        // The same members in a file Sourcery did not write are collisions, one warning each.
        let work = try temporaryDirectory()
        let copy = work.appendingPathComponent("Copy")
        try FileManager.default.copyItem(at: ReferenceFixture.named("SourceryMigration").inputDirectory, to: copy)
        let prism = copy.appendingPathComponent("Prism.generated.swift")
        let text = try String(contentsOf: prism, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Generated using Sourcery", with: "Written by hand").utf8).write(to: prism)
        let handWritten = try TestSupport.rexgen(["--lift", "none", copy.path], in: work)
        XCTAssertEqual(handWritten.stderrLines.filter { $0.contains(": warning: ") }.count, 8, handWritten.summary)
        XCTAssertFalse(handWritten.stderr.contains("Sourcery"), handWritten.summary)
    }

    // MARK: - Building the driver

    /// Fixtures and generated code become one library module; the driver is a second module that imports
    /// it, so it sees exactly the public and package API a client of the fixtures would see.
    private func buildAndRunDriver(_ mode: LanguageMode, filePerSource: Bool = false,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let swiftc = try TestSupport.requireSwiftc()
        let work = try temporaryDirectory()
        var sources: [String] = []
        for name in Self.drivenFixtures {
            let fixture = ReferenceFixture.named(name)
            sources += fixture.inputFiles.map(\.path)
            sources += filePerSource ? try generatePerSource(fixture, into: work).map(\.path) : [try generate(fixture, into: work).path]
        }
        if !filePerSource {
            // One fixture through `--output`, as the plugin will use it, to cover the written file too.
            sources.removeAll { $0.hasSuffix("/App.generated.swift") }
            sources.append(try generateApp(withOutputDirectory: work.appendingPathComponent("AppOutput")).path)
        }

        let library = try TestSupport.run(swiftc, mode.flags + [
            "-module-name", "RexGenFixtures", "-emit-module",
            "-emit-module-path", work.appendingPathComponent("RexGenFixtures.swiftmodule").path,
            "-emit-library", "-static", "-o", work.appendingPathComponent("libRexGenFixtures.a").path,
        ] + sources)
        guard library.exitCode == 0 else {
            return XCTFail("fixtures with generated code do not compile in Swift \(mode.version):\n\(library.summary)",
                           file: file, line: line)
        }
        let drivers = try FileManager.default.contentsOfDirectory(atPath: TestSupport.driversDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { TestSupport.driversDirectory.appendingPathComponent($0).path }
        let executable = work.appendingPathComponent("driver")
        let driver = try TestSupport.run(swiftc, mode.flags + [
            "-module-name", "EnumPropertiesDriver", "-I", work.path, "-L", work.path, "-lRexGenFixtures",
            "-o", executable.path,
        ] + drivers)
        guard driver.exitCode == 0 else {
            return XCTFail("driver does not compile in Swift \(mode.version):\n\(driver.summary)", file: file, line: line)
        }

        let run = try TestSupport.run(executable, [])
        let failures = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        XCTAssertEqual(run.exitCode, 0, "driver failed in Swift \(mode.version):\n\(run.summary)", file: file, line: line)
        XCTAssertEqual(failures, [], file: file, line: line)
        // The summary line proves the driver ran to its end rather than exiting early with status 0.
        XCTAssertTrue(run.stdout.contains("REXGEN-DRIVER-DONE checks="), run.summary, file: file, line: line)
        XCTAssertTrue(run.stdout.contains("failures=0"), run.summary, file: file, line: line)
    }

    /// The fixture's generated code as `rexgen` prints it, saved as `<name>.generated.swift`.
    private func generate(_ fixture: ReferenceFixture, into directory: URL) throws -> URL {
        let result = try fixture.generate()
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let url = directory.appendingPathComponent("\(fixture.name).generated.swift")
        try result.stdoutData.write(to: url)
        return url
    }

    /// `--file-per-source`: the files written into `<directory>/<name>`, which must be exactly the shared
    /// one and one per input file, in compilable Swift with each source's own imports.
    private func generatePerSource(_ fixture: ReferenceFixture, into directory: URL) throws -> [URL] {
        let output = directory.appendingPathComponent(fixture.name)
        let result = try fixture.generate(["--file-per-source", "--output", output.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let expected = ["EnumProperties.generated.swift"] + fixture.inputFiles.map {
            $0.deletingPathExtension().lastPathComponent + "+EnumProperties.generated.swift"
        }
        XCTAssertEqual(try TestSupport.outputEntries(atPath: output.path).sorted(), expected.sorted(), fixture.name)
        // Without C headers the shared file is only the header; every fixture writes one, and one module
        // cannot hold two files of the same name, so only the per-source files are compiled.
        let shared = try String(contentsOf: output.appendingPathComponent(expected[0]), encoding: .utf8)
        XCTAssertFalse(shared.contains("extension"), shared)
        return expected.dropFirst().map(output.appendingPathComponent)
    }

    private func generateApp(withOutputDirectory output: URL) throws -> URL {
        let result = try ReferenceFixture.named("App").generate(["--output", output.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let written = try TestSupport.outputEntries(atPath: output.path)
        XCTAssertEqual(written, ["EnumProperties.generated.swift"], "one fixed file name, and no temporary file")
        return output.appendingPathComponent("EnumProperties.generated.swift")
    }
}
