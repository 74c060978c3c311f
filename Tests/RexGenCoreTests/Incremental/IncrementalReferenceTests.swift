import Foundation
import XCTest
@testable import RexGenCore

/// References (other modules' files) are read for their summaries and cached as such: after every kind of
/// change in them, in the layout of the CLI (folders) and of the build plugin (every file by its path, one
/// output per source), the output is byte for byte a from-scratch run's and a run's that reads them whole
/// (`IncrementalProject.runAndCompare` checks both).
final class IncrementalReferenceTests: XCTestCase {
    private var project: IncrementalProject!
    private let movieFeature = "MovieFeature.swift"

    override func tearDown() {
        project = nil
    }

    private func forEachLayout(_ body: () throws -> Void) throws {
        try IncrementalProject.inEachLayout { fresh in
            project = fresh
            try body()
        }
    }

    private var liftFile: String {
        get throws { try project.outputFiles()[LiftRenderer.fileName] ?? "" }
    }

    func testAReferenceEditThatChangesTheTree() throws {
        try forEachLayout {
            let movieAction = project.referencePath(movieFeature)
            try project.replace("case favoriteToggled(id: Int)\n", with: "case favoriteToggled(id: Int)\n    case search(SearchAction)\n",
                                atPath: movieAction)
            // The tree is edited (`TreeEdit`): the two new conformances planned, the others copied.
            XCTAssertTrue(try project.runAndCompare(expectParsed: 1).tookTreeShortcut)
            // SearchAction joined the tree, and with it the enum nested in it that it carries.
            XCTAssertTrue(try liftFile.contains("extension SearchAction: AppActionConvertible"))
            XCTAssertTrue(try liftFile.contains("extension SearchAction.Results: AppActionConvertible"))
            try project.replace("    case search(SearchAction)\n", with: "", atPath: movieAction)
            XCTAssertTrue(try project.runAndCompare(expectParsed: 1).tookTreeShortcut)
            XCTAssertFalse(try liftFile.contains("SearchAction"))
            // The whole way (a module-qualified payload, which the tree edit leaves to it): only the two new
            // conformances are rendered; the others are copied from the last run's file.
            try project.replace("case favoriteToggled(id: Int)\n", with: "case favoriteToggled(id: Int)\n    case search(MovieFeature.SearchAction)\n",
                                atPath: movieAction)
            try assertLiftConformancesRendered(2, of: try project.runAndCompare(expectParsed: 1))
            try project.replace("    case search(MovieFeature.SearchAction)\n", with: "", atPath: movieAction)
            XCTAssertTrue(try project.runAndCompare(expectParsed: 1).tookTreeShortcut)
            // A lift file changed behind RexGen's back is not copied from: everything is rendered again.
            let liftPath = (project.output as NSString).appendingPathComponent(LiftRenderer.fileName)
            try (try liftFile + "// edited\n").write(toFile: liftPath, atomically: false, encoding: .utf8)
            try project.replace("case favoriteToggled(id: Int)\n", with: "case favoriteToggled(id: Int)\n    case search(SearchAction)\n",
                                atPath: movieAction)
            let outcome = try project.runAndCompare(expectParsed: 1)
            guard case .generated(let result, _) = outcome else { return XCTFail("expected a generation") }
            XCTAssertEqual(result.rendered.renderedLiftSectionCount, result.rendered.liftSections.count)
        }
    }

    /// What a conformance is written from, changed on the path to it (a case renamed, a payload label, an
    /// attribute): the conformances below that case are rendered again, the others copied, and the file is a
    /// from-scratch run's.
    func testLiftConformancesBelowAnEditedCaseAreRenderedAgain() throws {
        try forEachLayout {
            let movieAction = project.referencePath(movieFeature)
            for (old, new) in [("case list(ListAction)", "case movies(ListAction)"),
                               ("case movies(ListAction)", "case movies(action: ListAction)"),
                               ("case movies(action: ListAction)", "@available(*, deprecated) case movies(action: ListAction)"),
                               ("@available(*, deprecated) case movies(action: ListAction)", "case list(ListAction)")] {
                try project.replace(old, with: new, atPath: movieAction)
                let outcome = try project.runAndCompare(expectParsed: 1)
                guard case .generated(let result, _) = outcome else { return XCTFail("expected a generation for \(new)") }
                XCTAssertGreaterThan(result.rendered.renderedLiftSectionCount, 0, new)
                XCTAssertLessThan(result.rendered.renderedLiftSectionCount, result.rendered.liftSections.count, new)
            }
            XCTAssertTrue(try liftFile.contains(".list(value)"))
        }
    }

    private func assertLiftConformancesRendered(_ expected: Int, of outcome: IncrementalGeneration.Outcome,
                                                line: UInt = #line) throws {
        guard case .generated(let result, _) = outcome else { return XCTFail("expected a generation", line: line) }
        XCTAssertEqual(result.rendered.renderedLiftSectionCount, expected, "conformances rendered", line: line)
        XCTAssertGreaterThan(result.rendered.liftSections.count, expected, line: line)
    }

    func testAReferenceEditThatAddsAndRemovesAnActionEnum() throws {
        try forEachLayout {
            let movieAction = project.referencePath(movieFeature)
            let original = try String(contentsOfFile: movieAction, encoding: .utf8)
            try project.write(original.replacingOccurrences(of: "case favoriteToggled(id: Int)\n",
                                                            with: "case favoriteToggled(id: Int)\n    case history(HistoryAction)\n")
                + "\npublic enum HistoryAction: Equatable, Sendable {\n    case cleared\n}\n", toPath: movieAction)
            try project.runAndCompare(expectParsed: 1)
            XCTAssertTrue(try liftFile.contains("extension HistoryAction: AppActionConvertible"))
            try project.write(original, toPath: movieAction)
            try project.runAndCompare(expectParsed: 1)
            XCTAssertFalse(try liftFile.contains("HistoryAction"))
        }
    }

    func testAddedRenamedAndRemovedReferences() throws {
        try forEachLayout {
            let movieAction = project.referencePath(movieFeature)
            let rating = project.referencePath("Rating/RatingAction.swift")
            try project.write("public enum RatingAction: Equatable, Sendable {\n    case rated(stars: Int)\n}\n", toPath: rating)
            try project.replace("case favoriteToggled(id: Int)\n", with: "case favoriteToggled(id: Int)\n    case rating(RatingAction)\n",
                                atPath: movieAction)
            if project.options.filePerSource { project.usePluginLayout() }  // the plugin names the new file
            try project.runAndCompare(expectParsed: 2)
            XCTAssertTrue(try liftFile.contains("extension RatingAction: AppActionConvertible"))

            let renamed = project.referencePath("Rating/Rating.swift")
            try FileManager.default.moveItem(atPath: rating, toPath: renamed)
            if project.options.filePerSource { project.usePluginLayout() }
            try project.runAndCompare(expectParsed: 1)

            try FileManager.default.removeItem(atPath: renamed)
            try project.replace("    case rating(RatingAction)\n", with: "", atPath: movieAction)
            if project.options.filePerSource { project.usePluginLayout() }
            try project.runAndCompare(expectParsed: 1)
            XCTAssertFalse(try liftFile.contains("RatingAction"))
        }
    }

    /// A file's cached summary is never taken for its whole parse: given as a source, it is read again (and
    /// its enums get properties); given as a reference again, it is summarised again.
    func testAFileMovingBetweenReferencesAndSourcesIsReadAgain() throws {
        try forEachLayout {
            let extras = project.referencePath("Extras/Extras.swift")
            let sources = project.options.sources
            project.options.sources = sources + [extras]
            try project.runAndCompare(expectParsed: 1)
            XCTAssertTrue(try project.outputFiles().values.contains { $0.contains("var sorted: Sort?") })
            project.options.sources = sources
            guard case .generated(let result, _) = try project.runAndCompare(expectParsed: 1) else {
                return XCTFail("expected a generation")
            }
            XCTAssertFalse(result.renderedFiles.contains { $0.contents.contains("var sorted: Sort?") })
            XCTAssertFalse(try project.outputFiles().values.contains { $0.contains("var sorted: Sort?") })
        }
    }

    /// A summary keeps the enums the selection rules call actions: under other suffixes the references are
    /// summarised again (the sources' parses are kept).
    func testOtherSuffixesSummariseTheReferencesAgain() throws {
        try forEachLayout {
            project.options.selection = SelectionRules(suffixes: ["Action"])
            try project.runAndCompare(expectParsed: project.referenceFileCount)
            project.options.lift = .none
            try project.runAndCompare(expectParsed: 0)
        }
    }

    /// What a summary keeps of a file, and what it drops.
    func testASummaryKeepsWhatTheAnalysisLooksUpAcrossFiles() throws {
        let path = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Incremental/References/Extras.swift").path
        let (whole, _) = SourceReadingStage.readOne(path)
        let summary = whole.referenceSummary(rules: SelectionRules())
        XCTAssertEqual(whole.enums.map(\.qualifiedName),
                       ["SearchAction", "SearchAction.Results", "SearchPages", "Sort", "SearchState.Mode"])
        XCTAssertEqual(summary.enums.map(\.qualifiedName), ["SearchAction", "SearchAction.Results", "SearchState.Mode"])
        XCTAssertEqual(summary.enums.first?.cases.map(\.name), ["query", "results", "sorted"])
        // Only cases that can carry a sub-action: one payload, not variadic.
        XCTAssertEqual(whole.enums[1].cases.map(\.name), ["none", "some"])
        XCTAssertEqual(summary.enums[1].cases.map(\.name), ["some"])
        XCTAssertEqual(summary.types.map(\.qualifiedName), whole.types.map(\.qualifiedName))
        XCTAssertEqual(summary.typeAliases.map(\.qualifiedName), ["SearchScreen", "PagedBy", "SearchPages.Results"])
        XCTAssertTrue(whole.members.contains { $0.ownerName == "SearchState" })
        XCTAssertEqual(summary.members.map { "\($0.ownerName).\($0.name)" }, ["AppAction.movie"])
        // Every import: a payload names only what its file sees.
        XCTAssertFalse(whole.imports.isEmpty)
        XCTAssertEqual(summary.imports, whole.imports)
        // Under other rules, other enums are actions.
        XCTAssertEqual(whole.referenceSummary(rules: SelectionRules(suffixes: ["Sort"])).enums.map(\.qualifiedName),
                       ["SearchAction.Results", "Sort", "SearchState.Mode"])
    }
}
