import Foundation
import XCTest
@testable import RexGenCore

/// An edit in a reference that changes nothing generation reads of it leaves the outputs as they are and
/// only updates the cache (`EarlyCutOff`); any other edit goes the whole way. Either way, in the
/// CLI's layout and the build plugin's, the outputs and diagnostics are a from-scratch run's
/// (`IncrementalProject.runAndCompare`), and the next run with nothing changed finds everything up to date.
final class EarlyCutOffReferenceTests: XCTestCase {
    private var project: IncrementalProject!

    override func tearDown() {
        project = nil
    }

    private var movieFeature: String { project.referencePath("MovieFeature.swift") }

    private func forEachLayout(_ body: () throws -> Void) throws {
        try IncrementalProject.inEachLayout { fresh in
            project = fresh
            try body()
        }
    }

    private func assertShortcut(_ outcome: IncrementalGeneration.Outcome, _ taken: Bool, file: StaticString = #filePath,
                                line: UInt = #line) {
        XCTAssertEqual(outcome.tookReferenceShortcut, taken, "\(outcome)", file: file, line: line)
    }

    func testCasesThatCarryNoSubActionTakeTheShortcut() throws {
        try forEachLayout {
            let outputs = try project.outputFiles()
            try project.replace("    case load\n", with: "    case load\n    case refreshed\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            try project.replace("    case refreshed\n", with: "    case rated(id: Int, stars: Int)\n    case tagged(String...)\n",
                                atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            try project.replace("    case rated(id: Int, stars: Int)\n    case tagged(String...)\n", with: "", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            XCTAssertEqual(try project.outputFiles(), outputs)
        }
    }

    /// Declarations that only moved keep the outputs; the cache stores where they are now, so a later run
    /// that does analyse reads today's lines.
    func testMovedDeclarationsTakeTheShortcutAndAreCachedWhereTheyAreNow() throws {
        try forEachLayout {
            let text = try String(contentsOfFile: movieFeature, encoding: .utf8)
            try project.write("// A comment\n\n\n" + text.replacingOccurrences(of: "self.title = title", with: "self.title = title + \"\""),
                              toPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            let cache = try XCTUnwrap(GenerationCache.load(from: OutputDirectory(path: project.output)))
            let index = try XCTUnwrap(cache.inputs.firstIndex { $0.path == movieFeature })
            let cached = try XCTUnwrap(cache.parsedFile(at: index))
            let now = SourceReadingStage.readOne(movieFeature).0.referenceSummary(rules: project.options.selection)
            XCTAssertEqual(cached.enums, now.enums)
            XCTAssertEqual(cached.types, now.types)
            XCTAssertEqual(cached.enums.first.map { "\($0.name):\($0.location.line)" }, "MovieAction:21")
        }
    }

    /// A payload whose type's last name is no enum's or typealias's in the model names no action enum.
    func testCasesWithPayloadsThatNameNoEnumTakeTheShortcut() throws {
        try forEachLayout {
            try project.replace("    case close\n", with: "    case close\n    case rated(Int)\n    case shown(movie: Movie)\n"
                                    + "    case loaded(Swift.Result<[Movie], Never>)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            // A reference's top-level enum that is no action is not in its summary: it can never be a node.
            try project.replace("    case close\n", with: "    case close\n    case sorted(Sort)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
            try project.replace("    case rated(Int)\n", with: "    case rated(stars: Int)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), true)
        }
    }

    func testEdgeNamesAreWholeLines() {
        var file = ParsedFile(path: "/a.swift")
        file.enums = [EnumDeclaration(name: "AppAction", qualifiedNameComponents: ["AppAction"],
                                      location: SourceLocation(file: "/a.swift", line: 1, column: 1))]
        file.typeAliases = [TypeAliasDeclaration(qualifiedName: "Outer.Screen", targetText: "ScreenAction",
                                                 location: SourceLocation(file: "/a.swift", line: 2, column: 1))]
        let names = EdgeNames(in: SourceModel(files: [file]))
        XCTAssertEqual(names.lines, "\nAppAction\nScreen\n")
        for name in ["AppAction", "Screen"] { XCTAssertTrue(names.contains(name), name) }
        for name in ["App", "Action", "Screens", "Outer", "Outer.Screen", "AppAction\nScreen", ""] {
            XCTAssertFalse(names.contains(name), name)
        }
    }

    func testAnEditThatChangesWhatGenerationReadsGoesTheWholeWay() throws {
        try forEachLayout {
            // A sub-action through a typealias: DetailAction becomes reachable along two paths.
            try project.replace("    case load\n", with: "    case load\n    case preview(DetailScreen)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
            // Names are compared, not resolved: an enum nested in a struct is no node, but it is an enum.
            try project.replace("    case preview(DetailScreen)\n", with: "    case mode(SearchState.Mode)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
            try project.replace("    case mode(SearchState.Mode)\n", with: "    case search(MovieFeature.SearchAction)\n", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
            XCTAssertTrue(try project.outputFiles()[LiftRenderer.fileName]?.contains("extension SearchAction: AppActionConvertible") == true)
            try project.replace("public enum DetailAction", with: "enum DetailAction", atPath: movieFeature)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
            // A source is never taken through the shortcut, whatever the edit.
            try project.replace("    case started\n", with: "    case started\n    case waiting\n", in: "Lifts-App/AppAction.swift")
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
        }
    }

    /// Extras.swift declares a member that collides with a generated property: the warning names its line,
    /// so lines inserted above it must give a run that writes the warning anew.
    func testAFileALastDiagnosticNamesGoesTheWholeWay() throws {
        try forEachLayout {
            let extras = project.referencePath("Extras/Extras.swift")
            XCTAssertTrue(try XCTUnwrap(GenerationCache.load(from: OutputDirectory(path: project.output)))
                .diagnostics.contains { $0.contains(extras) })
            let text = try String(contentsOfFile: extras, encoding: .utf8)
            try project.write("// A comment\n" + text, toPath: extras)
            assertShortcut(try project.runAndCompare(expectParsed: 1), false)
        }
    }
}
