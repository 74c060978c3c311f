import Foundation
import XCTest

/// A Sourcery enum-properties template of the shape SwiftRex's docs give (Tests/Fixtures/Templates/Sourcery/
/// Prisms.stencil: imports from `argument.imports`, macros, `types.enums where type.based.Prism or
/// type|annotated:"Prism"`) must run with no changes, and what it renders must compile, in Swift 6 mode with
/// warnings as errors, with the fixture and a driver that checks every generated property.
final class SourceryTemplateEndToEndTests: XCTestCase {
    private static let outputName = "Prisms.generated.swift"

    /// `--args imports=Foundation --args imports=PrismModels`: a repeated key is a list.
    func testSourceryTemplateWithArgsFlagsCompilesAndRuns() throws {
        let work = try temporaryDirectory()
        let generated = work.appendingPathComponent("Generated")
        let result = try TemplateTestSupport.rexgen(["Sourcery/Sources", "--template", "Sourcery/Prisms.stencil"]
            + TemplateTestSupport.sourceryImports + ["--output", generated.path])
        try TemplateTestSupport.requireSuccess(result, "rexgen with the Sourcery template")
        XCTAssertEqual(try TestSupport.outputEntries(atPath: generated.path), [Self.outputName],
                       "only the named template is rendered, into a file named after it")
        try buildAndRunDriver(generated: generated.appendingPathComponent(Self.outputName), work: work)
    }

    /// The same through rexgen.yml (`templates:` relative to it, `args:` with a list), run from a folder
    /// below it so the config is found by the upward search and its paths are not the working directory's.
    func testSourceryTemplateFromConfigurationCompilesAndRuns() throws {
        let work = try temporaryDirectory()
        let project = work.appendingPathComponent("Project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Nested"),
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TemplateTestSupport.sourceryTemplate,
                                         to: project.appendingPathComponent("Prisms.stencil"))
        try FileManager.default.copyItem(at: TemplateTestSupport.sourcerySources,
                                         to: project.appendingPathComponent("Sources"))
        try TestSupport.write(["rexgen.yml": """
            sources: [Sources]
            templates: [Prisms.stencil]
            args:
              imports: [Foundation, PrismModels]
            """], under: project)
        let generated = work.appendingPathComponent("Generated")
        let result = try TestSupport.rexgen(["--output", generated.path], in: project.appendingPathComponent("Nested"))
        try TemplateTestSupport.requireSuccess(result, "rexgen configured by rexgen.yml")
        XCTAssertEqual(try TestSupport.outputEntries(atPath: generated.path), [Self.outputName])
        try buildAndRunDriver(generated: generated.appendingPathComponent(Self.outputName), work: work)
    }

    /// What the selection in the template (`type.based.Prism or type|annotated:"Prism"`) must pick, seen in
    /// the text: the driver cannot check that an enum got nothing.
    func testOnlyPrismEnumsAreExtended() throws {
        let result = try TemplateTestSupport.rexgen(["Sourcery/Sources", "--template", "Sourcery/Prisms.stencil"]
            + TemplateTestSupport.sourceryImports)
        try TemplateTestSupport.requireSuccess(result, "rexgen with the Sourcery template")
        let extended = result.stdout.split(separator: "\n").filter { $0.hasPrefix("extension ") }
        XCTAssertEqual(extended, ["extension CounterAction {", "extension SearchEvent {", "extension Screen.Route {"],
                       result.stdout)
        XCTAssertTrue(result.stdout.contains("\nimport Foundation\nimport PrismModels\n"), result.stdout)
    }

    /// Without `--args` the loop over `argument.imports` renders nothing (an unknown key is empty in Stencil).
    func testNoArgsMeansNoImports() throws {
        let result = try TemplateTestSupport.rexgen(["Sourcery/Sources", "--template", "Sourcery/Prisms.stencil"])
        try TemplateTestSupport.requireSuccess(result, "rexgen with the Sourcery template")
        XCTAssertFalse(result.stdout.contains("import "), result.stdout)
        XCTAssertTrue(result.stdout.contains("extension CounterAction {"), result.stdout)
    }

    // MARK: - Building

    /// Builds PrismModels as a library, then the fixture + generated file + driver as an executable linking
    /// it (Swift 6, warnings as errors), runs it and requires every check to pass.
    private func buildAndRunDriver(generated: URL, work: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildLibrary("PrismModels", sources: [TemplateTestSupport.sourceryModels], mode: .swift6,
                                         into: modules, file: file, line: line)
        let executable = work.appendingPathComponent("prism-driver")
        let sources = try LiftTestSupport.swiftFiles(in: TemplateTestSupport.sourcerySources)
            + [generated, TemplateTestSupport.sourceryDriver]
        let build = try LiftTestSupport.buildExecutable(executable, sources: sources, linking: ["PrismModels"],
                                                        from: modules, mode: .swift6)
        try LiftTestSupport.require(build, "compiling the template's output with the fixture and driver",
                                    file: file, line: line)
        let run = try TestSupport.run(executable, [])
        XCTAssertEqual(run.exitCode, 0, run.summary, file: file, line: line)
        XCTAssertTrue(run.stdout.contains("all checks passed"), run.summary, file: file, line: line)
    }
}
