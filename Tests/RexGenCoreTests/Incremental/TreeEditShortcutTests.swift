import Foundation
import XCTest
@testable import RexGenCore

/// A leaf action enum added to a reference with the one case that carries it, or removed with it, writes or
/// cuts that one lift conformance in the last run's file (`TreeEditShortcut`); any other edit goes the whole
/// way. Either way, in the CLI's layout and the build plugin's, the outputs and diagnostics are a
/// from-scratch run's (`IncrementalProject.runAndCompare`), the cache records the tree as a from-scratch
/// run would, and the next run with nothing changed finds everything up to date.
final class TreeEditShortcutTests: XCTestCase {
    private var project: IncrementalProject!

    override func tearDown() {
        project = nil
    }

    private var movieFeature: String { project.referencePath("MovieFeature.swift") }
    private var extras: String { project.referencePath("Extras/Extras.swift") }

    private static let sheet = "\npublic enum SheetAction: Equatable, Sendable {\n    case shown\n    case dismissed(reason: String)\n}\n"

    private func forEachLayout(_ body: () throws -> Void) throws {
        try IncrementalProject.inEachLayout { fresh in
            project = fresh
            try body()
        }
    }

    /// Runs, compares with a from-scratch run, checks whether the shortcut was taken, and checks that the
    /// cache records the tree as a from-scratch run's cache does.
    private func assertRun(takesShortcut taken: Bool, _ what: String = "", file: StaticString = #filePath,
                           line: UInt = #line) throws {
        let outcome = try project.runAndCompare(file: file, line: line)
        XCTAssertEqual(outcome.tookTreeShortcut, taken, "\(what) \(outcome)", file: file, line: line)
        try assertCacheIsAFromScratchRunsCache(file: file, line: line)
    }

    private func assertCacheIsAFromScratchRunsCache(file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = project.root.appendingPathComponent("FromScratch-\(UUID().uuidString)").path
        _ = IncrementalGeneration.run(project.options, outputDirectory: fresh, configurationFile: nil)
        let expected = try XCTUnwrap(GenerationCache.load(from: OutputDirectory(path: fresh)), file: file, line: line)
        let cache = try XCTUnwrap(GenerationCache.load(from: OutputDirectory(path: project.output)), file: file, line: line)
        XCTAssertEqual(cache.edgeNames, expected.edgeNames, "edge names", file: file, line: line)
        XCTAssertEqual(cache.liftSections, expected.liftSections, "lift sections", file: file, line: line)
        XCTAssertEqual(cache.liftTree, expected.liftTree, "lift tree", file: file, line: line)
        XCTAssertEqual(cache.diagnostics, expected.diagnostics, file: file, line: line)
        for index in cache.inputs.indices {
            XCTAssertEqual(cache.parsedFile(at: index).map(ParsedFileCoding.positionFreeHash),
                           expected.parsedFile(at: index).map(ParsedFileCoding.positionFreeHash),
                           cache.inputs[index].path, file: file, line: line)
        }
    }

    private var liftFile: String {
        get throws { try XCTUnwrap(project.outputFiles()[LiftRenderer.fileName]) }
    }

    func testALeafAddedAndRemovedUnderAReachableEnumTakesTheShortcut() throws {
        try forEachLayout {
            let before = try liftFile
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(action: SheetAction)\n}\n" + Self.sheet,
                                atPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertTrue(try liftFile.contains("extension SheetAction: AppActionConvertible {"))
            XCTAssertTrue(try liftFile.contains(".movie(action: .detail(.sheet(action: self)))"))
            try project.replace("    case sheet(action: SheetAction)\n", with: "", atPath: movieFeature)
            try project.replace(Self.sheet, with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertEqual(try liftFile, before)
        }
    }

    /// Under an enum both roots reach, carried by a case before the parent's other children: written into
    /// each root's conformances, before the later children's.
    func testALeafUnderAnEnumOfTwoRootsGoesInBothInBreadthFirstOrder() throws {
        try forEachLayout {
            try project.replace("    case load\n", with: "    case load\n    case sorted(SheetAction)\n", atPath: movieFeature)
            try project.write(try String(contentsOfFile: movieFeature, encoding: .utf8) + Self.sheet, toPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertEqual(try liftFile.components(separatedBy: "extension SheetAction: ").count, 3)
            try project.replace("    case sorted(SheetAction)\n", with: "", atPath: movieFeature)
            try project.replace(Self.sheet, with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true)
        }
    }

    /// A leaf declared before the file's other enums moves their indexes; the records follow, so a later
    /// leaf under one of them is placed by today's indexes, and a later whole run agrees.
    func testALeafDeclaredFirstRenumbersTheFilesOtherEnums() throws {
        try forEachLayout {
            try project.replace("public struct Movie:", with: Self.sheet + "\npublic struct Movie:", atPath: movieFeature)
            try project.replace("    case next\n", with: "    case next\n    case sheet(SheetAction)\n", atPath: movieFeature)
            try assertRun(takesShortcut: false)  // a generic parent: the whole way
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: movieFeature)
            try project.replace(Self.sheet, with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true)  // cutting a conformance out needs no path
            try project.replace("public struct Movie:", with: Self.sheet + "\npublic struct Movie:", atPath: movieFeature)
            try project.replace("    case close\n", with: "    case close\n    case sheet(SheetAction)\n", atPath: movieFeature)
            try assertRun(takesShortcut: true)
            let toast = "\npublic enum ToastAction: Equatable, Sendable {\n    case shown\n}\n"
            try project.replace("public struct Movie:", with: toast + "\npublic struct Movie:", atPath: movieFeature)
            try project.replace("    case load\n", with: "    case load\n    case toast(ToastAction)\n", atPath: movieFeature)
            try assertRun(takesShortcut: true)
            try project.replace("    case close\n    case sheet(SheetAction)\n", with: "    case close\n", atPath: movieFeature)
            try project.replace(Self.sheet, with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true)
        }
    }

    /// Cases added before the carrying one by edits the tree does not see (`EarlyCutOff`) move no
    /// record: a case is recorded by its name and labels, not its place.
    func testCasesAddedEarlierByOtherEditsDoNotMoveTheLeafsPlace() throws {
        try forEachLayout {
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                atPath: movieFeature)
            try assertRun(takesShortcut: true)
            try project.replace("    case open(id: Int)\n", with: "    case open(id: Int)\n    case refreshed\n    case rated(Int)\n",
                                atPath: movieFeature)
            XCTAssertTrue(try project.runAndCompare().tookReferenceShortcut)
            let toast = "\npublic enum ToastAction: Equatable, Sendable {\n    case shown\n}\n"
            try project.replace("    case refreshed\n", with: "    case refreshed\n    case toast(ToastAction)\n", atPath: movieFeature)
            try project.write(try String(contentsOfFile: movieFeature, encoding: .utf8) + toast, toPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertLessThan(try XCTUnwrap(liftFile.range(of: "extension ToastAction:")?.lowerBound),
                              try XCTUnwrap(liftFile.range(of: "extension SheetAction:")?.lowerBound))
        }
    }

    /// A parent that no root reaches: the lift file stays as it is; only the cache learns the edit.
    func testALeafUnderAnUnreachableEnumLeavesTheLiftFile() throws {
        try forEachLayout {
            let drafts = project.referencePath("Extras/Drafts.swift")
            try project.write("public enum DraftAction: Equatable, Sendable {\n    case saved\n}\n", toPath: drafts)
            if project.options.filePerSource { project.options.references.append(drafts) }
            try assertRun(takesShortcut: false)
            let before = try liftFile
            try project.replace("    case saved\n", with: "    case saved\n    case sheet(SheetAction)\n", atPath: drafts)
            try project.write(try String(contentsOfFile: drafts, encoding: .utf8) + Self.sheet, toPath: drafts)
            try assertRun(takesShortcut: true)
            XCTAssertEqual(try liftFile, before)
            // Joining the tree afterwards goes the whole way, and finds the leaf under DraftAction.
            try project.replace("    case close\n}\n", with: "    case close\n    case draft(DraftAction)\n}\n", atPath: movieFeature)
            try assertRun(takesShortcut: false)
            XCTAssertTrue(try liftFile.contains(".movie(action: .detail(.draft(.sheet(self))))"))
        }
    }

    /// With one file per source, a leaf added to a source (then removed) also renders that source's own file
    /// again; without, the whole way (the one enum-properties file holds every enum in one order).
    func testALeafInASourceRendersItsOwnFileWithOneFilePerSource() throws {
        try forEachLayout {
            let panel = project.path("Panel/Panel.swift")
            try project.write("""
                public enum PanelAction: Equatable, Sendable {
                    case toolbar(ToolbarAction)
                }

                public enum ToolbarAction: Equatable, Sendable {
                    case shown
                }

                """, toPath: panel)
            if project.options.filePerSource { project.options.sources.append(panel) }
            try assertRun(takesShortcut: false)
            let onePerSource = project.options.filePerSource
            let panelAction = "public enum PanelAction: Equatable, Sendable {\n    case toolbar(ToolbarAction)\n"
            let toolbar = "}\n\npublic enum ToolbarAction: Equatable, Sendable {\n    case shown\n"
            // A leaf under PanelAction, which carries an action already.
            try project.write(panelAction + "    case sheet(SheetAction)\n" + toolbar + "}\n" + Self.sheet, toPath: panel)
            try assertRun(takesShortcut: onePerSource)
            XCTAssertTrue(try liftFile.contains("extension SheetAction: PanelActionConvertible"))
            if onePerSource {
                XCTAssertTrue(try XCTUnwrap(project.outputFiles()["Panel+EnumProperties.generated.swift"]).contains("var sheet: SheetAction?"))
            }
            try project.write(panelAction + toolbar + "}\n", toPath: panel)
            try assertRun(takesShortcut: onePerSource)
            // The same leaf under ToolbarAction, which carried nothing: a source's enum with its first child may
            // become a root (see `LiftRecords.keepsRoots`), so the whole way.
            try project.write(panelAction + toolbar + "    case sheet(SheetAction)\n}\n" + Self.sheet, toPath: panel)
            try assertRun(takesShortcut: false)
            XCTAssertTrue(try liftFile.contains(".toolbar(.sheet(self))"))
            // An import added with it: the lift file copies the sources' imports, so the whole way.
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: panel)
            try project.replace(Self.sheet, with: "", atPath: panel)
            try project.write("import Foundation\n" + String(contentsOfFile: panel, encoding: .utf8), toPath: panel)
            try assertRun(takesShortcut: false)
        }
    }

    func testEditsThatAreNoLoneLeafGoTheWholeWay() throws {
        try forEachLayout {
            let edits: [(String, String, String)] = [
                // The leaf carries an action enum: not a leaf.
                ("not a leaf", "    case shown\n", "    case shown\n    case list(ListAction)\n"),
                // Carried twice.
                ("carried twice", "    case load\n", "    case load\n    case again(SheetAction)\n"),
                // A generic leaf.
                ("generic", "enum SheetAction:", "enum SheetAction<Value>:"),
                // Named by a typealias of the file.
                ("aliased", "public typealias DetailScreen", "public typealias Sheet = SheetAction\npublic typealias DetailScreen"),
                // Carried through a qualified name.
                ("qualified", "    case sheet(SheetAction)\n", "    case sheet(MovieFeature.SheetAction)\n"),
            ]
            for (what, old, new) in edits {
                let file = movieFeature
                try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                    atPath: movieFeature)
                try project.replace(old, with: new, atPath: file)
                try assertRun(takesShortcut: false, what)
                try project.replace(new, with: old, atPath: file)
                try project.replace("    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet, with: "    case close\n}\n",
                                    atPath: movieFeature)
                try assertRun(takesShortcut: false, "undoing " + what)
            }
            // Two leaves at once.
            let toast = "\npublic enum ToastAction: Equatable, Sendable {\n    case shown\n}\n"
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n    case toast(ToastAction)\n}\n"
                                    + Self.sheet + toast, atPath: movieFeature)
            try assertRun(takesShortcut: false)
        }
    }

    /// Another file names the new enum already: its case carries the leaf too once it exists (here making
    /// the leaf reachable along two paths).
    func testALeafAnotherFileNamesGoesTheWholeWay() throws {
        try forEachLayout {
            try project.replace("    case logout\n", with: "    case logout\n    case sheet(SheetAction)\n", in: "Lifts-App/AppAction.swift")
            try assertRun(takesShortcut: false)
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                atPath: movieFeature)
            try assertRun(takesShortcut: false)
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: movieFeature)
            try project.replace(Self.sheet, with: "", atPath: movieFeature)
            try assertRun(takesShortcut: false)
        }
    }

    func testEdgeNameLinesStaySortedAndWhole() {
        XCTAssertEqual(EdgeNameLines.inserting("B", into: "\nA\nC\n"), "\nA\nB\nC\n")
        XCTAssertEqual(EdgeNameLines.inserting("A", into: "\nAB\nC\n"), "\nA\nAB\nC\n")
        XCTAssertEqual(EdgeNameLines.inserting("D", into: "\nA\nC\n"), "\nA\nC\nD\n")
        XCTAssertEqual(EdgeNameLines.inserting("A", into: "\n\n"), "\nA\n")
        XCTAssertNil(EdgeNameLines.inserting("C", into: "\nA\nC\n"))
        XCTAssertEqual(EdgeNameLines.removing("C", from: "\nA\nC\nCD\n"), "\nA\nCD\n")
        XCTAssertEqual(EdgeNameLines.removing("A", from: "\nA\n"), "\n\n")
        XCTAssertNil(EdgeNameLines.removing("AB", from: "\nA\nC\n"))
        let names = ["Zeta", "alpha", "Beta_2", "Beta"]
        var lines = "\n\n"
        for name in names { lines = EdgeNameLines.inserting(name, into: lines)! }
        XCTAssertEqual(lines, "\n" + names.sorted().joined(separator: "\n") + "\n")
    }

    /// Each record names the conformance's enum in its file, and the conformance above it in the path.
    func testLiftTreeRecordsDescribeThePlan() throws {
        project = try IncrementalProject()
        let result = Pipeline.run(project.options)
        let plan = try XCTUnwrap(result.lifts)
        let records = LiftTreeRecord.records(for: plan, in: result.actionTree)
        let conformances = plan.roots.flatMap(\.conformances)
        XCTAssertEqual(records.count, conformances.count)
        XCTAssertGreaterThan(plan.roots.count, 1)
        for (record, conformance) in zip(records, conformances) {
            XCTAssertEqual(result.model.allFiles[record.fileIndex].enums[record.enumIndex], conformance.declaration)
            guard let edge = conformance.path.last else {
                XCTAssertNil(record.parent)
                continue
            }
            let parent = try XCTUnwrap(record.parent)
            XCTAssertEqual(conformances[parent].declaration, result.actionTree.nodes[edge.parent].declaration)
            XCTAssertEqual(record.caseHash, LiftTreeRecord.caseHash(of: edge.enumCase))
        }
    }
}
