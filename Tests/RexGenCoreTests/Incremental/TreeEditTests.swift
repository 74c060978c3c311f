import Foundation
import XCTest
@testable import RexGenCore

/// An edit in one file that changes the action tree (a leaf added, removed or renamed, a case carrying an
/// action enum the tree has) edits the last run's tree and lift file (`TreeEdit`); an edit it cannot tell the
/// outcome of goes the whole way. Either way, in the CLI's layout and the build plugin's, the outputs and
/// diagnostics are a from-scratch run's (`IncrementalProject.runAndCompare`), the cache records the tree as a
/// from-scratch run would, and the next run with nothing changed finds everything up to date.
final class TreeEditTests: XCTestCase {
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
        XCTAssertEqual(cache.treeShape, expected.treeShape, "tree shape", file: file, line: line)
        XCTAssertEqual(cache.diagnostics, expected.diagnostics, file: file, line: line)
        for index in cache.inputs.indices {
            XCTAssertEqual(cache.parsedFile(at: index).map(ParsedFileCoding.positionFreeHash),
                           expected.parsedFile(at: index).map(ParsedFileCoding.positionFreeHash),
                           cache.inputs[index].path, file: file, line: line)
        }
    }

    /// The references' folder as module `MovieFeature`, its `Extras` folder as module `Extras`.
    private func nameTheModules() throws {
        project.options.referenceModules = try ReferenceModules(arguments: [
            "MovieFeature=" + project.references.path, "Extras=" + project.referencePath("Extras"),
        ])
    }

    /// `Extras/Gallery.swift`, declaring `GalleryAction`, which nothing carries yet; its path.
    private func writeGallery() throws -> String {
        let gallery = project.referencePath("Extras/Gallery.swift")
        try project.write("public enum GalleryAction: Equatable, Sendable {\n    case open\n}\n", toPath: gallery)
        return gallery
    }

    private var liftFile: String {
        get throws { try XCTUnwrap(project.outputFiles()[LiftRenderer.fileName]) }
    }

    /// A case carrying an action enum the tree has already: DetailAction is then reachable along two paths,
    /// so its conformance goes and a warning comes (in the edited file); taking the case away undoes both.
    func testACaseCarryingAnEnumOfTheTreeIsEdited() throws {
        try forEachLayout {
            let before = try liftFile
            try project.replace("    case favoriteToggled(id: Int)\n", with: "    case favoriteToggled(id: Int)\n    case again(DetailAction)\n",
                                atPath: movieFeature)
            let outcome = try project.runAndCompare()
            XCTAssertTrue(outcome.tookTreeShortcut, "\(outcome)")
            XCTAssertTrue(outcome.lastRunDiagnostics.contains { $0.contains("'DetailAction' is reachable along two paths") })
            XCTAssertFalse(try liftFile.contains("extension DetailAction: AppActionConvertible"))
            try assertCacheIsAFromScratchRunsCache()
            try project.replace("    case again(DetailAction)\n", with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertEqual(try liftFile, before)
        }
    }

    /// A leaf renamed, in its declaration and its case: one conformance replaced by another.
    func testALeafRenamedIsEdited() throws {
        try forEachLayout {
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                atPath: movieFeature)
            try assertRun(takesShortcut: true)
            let renamed = try String(contentsOfFile: movieFeature, encoding: .utf8)
                .replacingOccurrences(of: "SheetAction", with: "PopupAction")
            try project.write(renamed, toPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertTrue(try liftFile.contains("extension PopupAction: AppActionConvertible {"))
            XCTAssertFalse(try liftFile.contains("SheetAction"))
        }
    }

    func testALeafAddedAndRemovedUnderAReachableEnumIsEdited() throws {
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
            // Joining the tree afterwards is an edit of the tree too: DraftAction and its leaf are planned anew.
            try project.replace("    case close\n}\n", with: "    case close\n    case draft(DraftAction)\n}\n", atPath: movieFeature)
            try assertRun(takesShortcut: true)
            XCTAssertTrue(try liftFile.contains(".movie(action: .detail(.draft(.sheet(self))))"))
        }
    }

    /// With `--reference-module`, the lift file imports the module of each enum of the tree that a reference
    /// declares. An edit that brings the tree to a module it did not reach (or takes it away) changes those
    /// imports, so it goes the whole way; an edit within the modules reached is still edited.
    func testAnEditThatReachesAnotherModuleChangesTheLiftFilesImports() throws {
        try forEachLayout {
            try nameTheModules()
            try project.write("import Extras\n" + String(contentsOfFile: movieFeature, encoding: .utf8), toPath: movieFeature)
            try assertRun(takesShortcut: false, "options changed")
            XCTAssertFalse(try liftFile.contains("import Extras"))
            try project.replace("    case close\n}\n", with: "    case close\n    case search(SearchAction)\n}\n", atPath: movieFeature)
            try assertRun(takesShortcut: false, "Extras reached")
            XCTAssertTrue(try liftFile.contains("\nimport Extras\n"))
            try project.replace("    case close\n    case search(SearchAction)\n}\n", with: "    case close\n}\n" + Self.sheet.dropFirst(),
                                atPath: movieFeature)
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n", atPath: movieFeature)
            try assertRun(takesShortcut: false, "Extras left")
            XCTAssertFalse(try liftFile.contains("import Extras"))
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: movieFeature)
            try assertRun(takesShortcut: true, "a leaf of MovieFeature removed")
        }
    }

    /// With `--reference-module`, the lift file imports a reference's module with every SPI group its
    /// references state on action enums and carrying cases (`LiftPlanner.spiImports`), on the tree or not: an
    /// edit that states one or takes it away goes the whole way, also when it edits the tree as `TreeEdit`
    /// could (a leaf added beside it); a leaf removed while the SPI stays is still edited, and the import stays.
    func testAnEditThatChangesAReferencesSPIGoesTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let panel = "\npublic enum PanelAction {\n    case shown\n}\n"
            let spiPanel = "\n@_spi(Internals) public enum PanelAction {\n    case shown\n}\n"
            try project.write(try String(contentsOfFile: movieFeature, encoding: .utf8) + Self.sheet + panel,
                              toPath: movieFeature)
            try assertRun(takesShortcut: false, "options changed")
            let favorite = "    case favoriteToggled(id: Int)\n"
            let sheet = favorite + "    case sheet(SheetAction)\n"
            try project.replace(panel, with: spiPanel, atPath: movieFeature)
            try project.replace(favorite, with: sheet, atPath: movieFeature)
            try assertRun(takesShortcut: false, "an SPI enum, and a leaf")
            XCTAssertTrue(try liftFile.contains("\n@_spi(Internals) import MovieFeature\n"))
            try project.replace(sheet, with: favorite, atPath: movieFeature)
            try assertRun(takesShortcut: true, "a leaf removed beside the SPI enum")
            XCTAssertTrue(try liftFile.contains("\n@_spi(Internals) import MovieFeature\n"))
            try project.replace(spiPanel, with: panel, atPath: movieFeature)
            try project.replace(favorite, with: sheet, atPath: movieFeature)
            try assertRun(takesShortcut: false, "the SPI taken away, and a leaf")
            XCTAssertFalse(try liftFile.contains("@_spi"))
            // On a case of the tree: the paths through it are planned anew.
            let spiSheet = favorite + "    @_spi(Internals) case sheet(SheetAction)\n"
            try project.replace(sheet, with: spiSheet, atPath: movieFeature)
            try assertRun(takesShortcut: false, "an SPI case")
            XCTAssertTrue(try liftFile.contains("\n@_spi(Internals) import MovieFeature\n"))
            try project.replace(spiSheet, with: sheet, atPath: movieFeature)
            try assertRun(takesShortcut: false, "an SPI case no more")
            XCTAssertFalse(try liftFile.contains("@_spi"))
        }
    }

    /// A case carrying another module's enum is an edge only in a file that imports that module (`FileSight`):
    /// `Player.swift`, which imports `Extras`, gains a case carrying `Extras`' `GalleryAction`, and the tree is
    /// edited; `MovieFeature.swift`, which does not, gains the same case, which names no enum of the tree (a
    /// second path would take the conformance away), and the edit goes the whole way to find so.
    func testACaseCarryingAnEnumOfAModuleItsFileDoesNotImportGoesTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let gallery = try writeGallery()
            let player = project.referencePath("Player.swift")
            try project.write("import Extras\n\npublic enum PlayerAction: Equatable, Sendable {\n    case play\n    case search(SearchAction)\n}\n",
                              toPath: player)
            if project.options.filePerSource { project.options.references += [gallery, player] }
            try project.replace("    case close\n}\n", with: "    case close\n    case player(PlayerAction)\n}\n", atPath: movieFeature)
            try assertRun(takesShortcut: false, "set up")
            XCTAssertTrue(try liftFile.contains("\nimport Extras\n"))
            try project.replace("    case play\n", with: "    case play\n    case gallery(GalleryAction)\n", atPath: player)
            try assertRun(takesShortcut: true, "GalleryAction named where Extras is imported")
            XCTAssertTrue(try liftFile.contains("extension Extras.GalleryAction: AppActionConvertible {"))
            try project.replace("    case close\n", with: "    case close\n    case gallery(GalleryAction)\n", atPath: movieFeature)
            try assertRun(takesShortcut: false, "GalleryAction named where Extras is not imported")
            XCTAssertTrue(try liftFile.contains("extension Extras.GalleryAction: AppActionConvertible {"), "one path still")
        }
    }

    /// The same for an edited source (with one file per source): `Toolbar.swift`, which does not import `Extras`,
    /// gains a case carrying `Extras`' `GalleryAction`, under a root whose conformances `Extras` holds already
    /// (through `Panel.swift`, which imports it). The case names no enum of the tree: the whole way.
    func testASourcesCaseCarryingAnEnumOfAModuleItsFileDoesNotImportGoesTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let gallery = try writeGallery()
            let panel = project.path("Panel/Panel.swift")
            let toolbar = project.path("Panel/Toolbar.swift")
            try project.write("""
                import Extras

                public enum PanelAction: Equatable, Sendable {
                    case search(SearchAction)
                    case toolbar(ToolbarAction)
                }

                """, toPath: panel)
            try project.write("public enum ToolbarAction: Equatable, Sendable {\n    case shown\n}\n", toPath: toolbar)
            if project.options.filePerSource {
                project.options.references.append(gallery)
                project.options.sources += [panel, toolbar]
            }
            try assertRun(takesShortcut: false, "set up")
            XCTAssertTrue(try liftFile.contains("extension Extras.SearchAction: PanelActionConvertible {"))
            try project.replace("    case shown\n", with: "    case shown\n    case gallery(GalleryAction)\n", atPath: toolbar)
            try assertRun(takesShortcut: false, "GalleryAction named where Extras is not imported")
            XCTAssertFalse(try liftFile.contains("GalleryAction"))
        }
    }

    /// `MovieFeature` carries `Extras.GalleryAction`, and declares a `struct GalleryAction` of its own: in
    /// `Player.swift`, `case gallery(GalleryAction)` carries that struct, no second path to `Extras`' enum, which
    /// the shape's names alone cannot tell: the whole way.
    func testACaseCarryingANameItsOwnModuleDeclaresAsAnotherTypeGoesTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let gallery = try writeGallery()
            let player = project.referencePath("Player.swift")
            let shadow = project.referencePath("GalleryShadow.swift")
            try project.write("import Extras\n\npublic enum PlayerAction: Equatable, Sendable {\n    case play\n    case search(SearchAction)\n}\n",
                              toPath: player)
            try project.write("public struct GalleryAction {}\n", toPath: shadow)
            if project.options.filePerSource { project.options.references += [gallery, player, shadow] }
            try project.write("import Extras\n" + String(contentsOfFile: movieFeature, encoding: .utf8), toPath: movieFeature)
            try project.replace("    case close\n}\n", with: "    case close\n    case player(PlayerAction)\n    case gallery(Extras.GalleryAction)\n}\n",
                                atPath: movieFeature)
            try assertRun(takesShortcut: false, "set up")
            XCTAssertTrue(try liftFile.contains("extension Extras.GalleryAction: AppActionConvertible {"))
            try project.replace("    case play\n", with: "    case play\n    case gallery(GalleryAction)\n", atPath: player)
            try assertRun(takesShortcut: false, "MovieFeature's own GalleryAction carried")
            XCTAssertTrue(try liftFile.contains("extension Extras.GalleryAction: AppActionConvertible {"), "one path still")
        }
    }

    /// `MovieFeature` carries its `SheetAction`, which the app's sources declare a type of too: the lift file
    /// extends `MovieFeature.SheetAction`, whichever the app's is (a struct, then an action enum, which a case of
    /// another module never names). The shape cannot tell either, so the edit that carries it goes the whole way.
    func testACaseOfAnotherModuleCarryingANameTheSourcesDeclareGoesTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let shadow = project.path("Shadow/Shadow.swift")
            try project.write("struct SheetAction {}\n", toPath: shadow)
            if project.options.filePerSource { project.options.sources.append(shadow) }
            try project.write(try String(contentsOfFile: movieFeature, encoding: .utf8) + Self.sheet, toPath: movieFeature)
            try assertRun(takesShortcut: false, "set up")
            let carried = "    case favoriteToggled(id: Int)\n    case sheet(SheetAction)\n"
            // The app's action enum is carried by a root of its own, so that no root changes either way.
            for appsOwn in ["struct SheetAction {}\n",
                            "enum ShadowAction {\n    case sheet(SheetAction)\n}\n\nenum SheetAction {\n    case local\n}\n"] {
                try project.write(appsOwn, toPath: shadow)
                try assertRun(takesShortcut: false, "the app's own SheetAction")
                try project.replace("    case favoriteToggled(id: Int)\n", with: carried, atPath: movieFeature)
                try assertRun(takesShortcut: false, "MovieFeature's SheetAction carried")
                XCTAssertTrue(try liftFile.contains("extension MovieFeature.SheetAction: AppActionConvertible {"))
                try project.replace(carried, with: "    case favoriteToggled(id: Int)\n", atPath: movieFeature)
                try assertRun(takesShortcut: true, "no longer carried: a conformance copied less")
            }
        }
    }

    /// Two modules declare a `DetailAction`, and a case of each carries its own, which the shape's names cannot
    /// tell apart (the first of them in the inputs' order is `Extras`' in the CLI's layout, `MovieFeature`'s in
    /// the plugin's): those edits go the whole way. And `MovieFeature`'s `SheetAction`, named like a struct of
    /// `Extras`, is extended with its module, which the shape cannot tell either.
    func testNamesThatTwoModulesDeclareGoTheWholeWay() throws {
        try forEachLayout {
            try nameTheModules()
            let twins = project.referencePath("Extras/Twins.swift")
            let gallery = try writeGallery()
            let player = project.referencePath("Player.swift")
            try project.write("public enum DetailAction: Equatable, Sendable {\n    case shown\n}\n\npublic struct SheetAction {}\n",
                              toPath: twins)
            try project.write("public enum PlayerAction: Equatable, Sendable {\n    case play\n}\n", toPath: player)
            if project.options.filePerSource { project.options.references += [twins, gallery, player] }
            try project.write("import Extras\n" + String(contentsOfFile: movieFeature, encoding: .utf8) + Self.sheet,
                              toPath: movieFeature)
            try project.replace("    case favoriteToggled(id: Int)\n",
                                with: "    case favoriteToggled(id: Int)\n    case gallery(GalleryAction)\n    case player(PlayerAction)\n",
                                atPath: movieFeature)
            try assertRun(takesShortcut: false, "set up")
            XCTAssertTrue(try liftFile.contains("extension MovieFeature.DetailAction: AppActionConvertible {"))

            try project.replace("    case open\n", with: "    case open\n    case detail(DetailAction)\n", atPath: gallery)
            try assertRun(takesShortcut: false, "Extras' DetailAction carried in Extras")
            XCTAssertTrue(try liftFile.contains("extension Extras.DetailAction: AppActionConvertible {"))
            XCTAssertTrue(try liftFile.contains("extension MovieFeature.DetailAction: AppActionConvertible {"))
            try project.replace("    case play\n", with: "    case play\n    case detail(DetailAction)\n", atPath: player)
            try assertRun(takesShortcut: false, "MovieFeature's DetailAction carried in MovieFeature")
            XCTAssertFalse(try liftFile.contains("extension MovieFeature.DetailAction: AppActionConvertible {"),
                           "reachable along two paths")
            XCTAssertTrue(try liftFile.contains("extension Extras.DetailAction: AppActionConvertible {"))

            try project.replace("    case favoriteToggled(id: Int)\n", with: "    case favoriteToggled(id: Int)\n    case sheet(SheetAction)\n",
                                atPath: movieFeature)
            try assertRun(takesShortcut: false, "MovieFeature's SheetAction carried")
            XCTAssertTrue(try liftFile.contains("extension MovieFeature.SheetAction: AppActionConvertible {"))
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
            // become a root; here PanelAction carries it, so the roots stay and the tree is edited.
            try project.write(panelAction + toolbar + "    case sheet(SheetAction)\n}\n" + Self.sheet, toPath: panel)
            try assertRun(takesShortcut: onePerSource)
            XCTAssertTrue(try liftFile.contains(".toolbar(.sheet(self))"))
            // An import added with it: the lift file copies the sources' imports, so the whole way.
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: panel)
            try project.replace(Self.sheet, with: "", atPath: panel)
            try project.write("import Foundation\n" + String(contentsOfFile: panel, encoding: .utf8), toPath: panel)
            try assertRun(takesShortcut: false)
        }
    }

    /// A case or member named like a root's conformance property (`panelAction`) leaves that conformance out
    /// (`RootMemberClash`), which only the whole analysis works out. Adding such a case is an edit that stays
    /// in its file by every summary (a case without payload), a member may sit in another file than the leaf
    /// it clashes with, and the warning stands until the clash goes: each goes the whole way.
    func testACaseOrMemberNamedLikeTheRootsPropertyGoesTheWholeWay() throws {
        try forEachLayout {
            let panel = project.path("Panel/Panel.swift")
            let members = project.path("Panel/Members.swift")
            try project.write("public enum PanelAction: Equatable, Sendable {\n    case toolbar(ToolbarAction)\n}\n\n"
                              + "public enum ToolbarAction: Equatable, Sendable {\n    case shown\n}\n", toPath: panel)
            try project.write("extension ToolbarAction {\n    public var title: String { \"\" }\n}\n", toPath: members)
            if project.options.filePerSource { project.options.sources += [panel, members] }
            try assertRun(takesShortcut: false)
            XCTAssertTrue(try liftFile.contains("extension ToolbarAction: PanelActionConvertible {"))
            try project.replace("    case shown\n", with: "    case shown\n    case panelAction\n", atPath: panel)
            let clashed = try project.runAndCompare()
            XCTAssertFalse(clashed.tookSourceShortcut || clashed.tookTreeShortcut, "\(clashed)")
            XCTAssertFalse(try liftFile.contains("extension ToolbarAction: PanelActionConvertible {"))
            // While the warning stands, a leaf added goes the whole way.
            try project.replace("    case toolbar(ToolbarAction)\n", with: "    case toolbar(ToolbarAction)\n    case sheet(SheetAction)\n",
                                atPath: panel)
            try project.write(String(contentsOfFile: panel, encoding: .utf8) + Self.sheet, toPath: panel)
            try assertRun(takesShortcut: false)
            try project.replace("    case shown\n    case panelAction\n", with: "    case shown\n", atPath: panel)
            let cleared = try project.runAndCompare()
            XCTAssertFalse(cleared.tookSourceShortcut || cleared.tookTreeShortcut, "\(cleared)")
            XCTAssertTrue(try liftFile.contains("extension ToolbarAction: PanelActionConvertible {"))
            // The clash comes with an edit of the tree in the same file (the leaf taken away), and goes with one.
            try project.replace("    case sheet(SheetAction)\n", with: "", atPath: panel)
            try project.replace("    case shown\n", with: "    case shown\n    case panelAction\n", atPath: panel)
            try assertRun(takesShortcut: false)
            XCTAssertFalse(try liftFile.contains("extension ToolbarAction: PanelActionConvertible {"))
            try project.replace("    case toolbar(ToolbarAction)\n", with: "    case toolbar(ToolbarAction)\n    case sheet(SheetAction)\n",
                                atPath: panel)
            try project.replace("    case shown\n    case panelAction\n", with: "    case shown\n", atPath: panel)
            try assertRun(takesShortcut: false)
            XCTAssertTrue(try liftFile.contains("extension ToolbarAction: PanelActionConvertible {"))
            // An enum of another file, with a member of that name, that an edit makes a node of the tree.
            try project.write("extension ToolbarAction {\n    public var title: String { \"\" }\n}\n\n"
                              + "public enum ListAction: Equatable, Sendable {\n    case shown\n}\n\n"
                              + "extension ListAction {\n    public var panelAction: Int { 0 }\n}\n", toPath: members)
            try assertRun(takesShortcut: false)
            try project.replace("    case sheet(SheetAction)\n", with: "    case sheet(SheetAction)\n    case list(ListAction)\n",
                                atPath: panel)
            try assertRun(takesShortcut: false)
            XCTAssertFalse(try liftFile.contains("extension ListAction: PanelActionConvertible {"))
            // Without the member, the same edit is the tree's.
            try project.replace("    case list(ListAction)\n", with: "", atPath: panel)
            try project.replace("extension ListAction {\n    public var panelAction: Int { 0 }\n}\n", with: "", atPath: members)
            try assertRun(takesShortcut: false)
            try project.replace("    case sheet(SheetAction)\n", with: "    case sheet(SheetAction)\n    case list(ListAction)\n",
                                atPath: panel)
            try assertRun(takesShortcut: project.options.filePerSource)
            XCTAssertTrue(try liftFile.contains("extension ListAction: PanelActionConvertible {"))
        }
    }

    /// Edits of the tree beyond one leaf: edited where the shape can tell what a whole analysis would
    /// find, the whole way where it cannot. Either way the outputs are a from-scratch run's.
    func testEditsBeyondALeafAreEditedOrGoTheWholeWay() throws {
        try forEachLayout {
            let edits: [(String, String, String, Bool)] = [
                // The leaf carries ListAction, which is then reachable two ways, and so is a generic enum below
                // it: what the lift planner makes of a generic enum depends on arguments the shape does not hold.
                ("not a leaf", "    case shown\n", "    case shown\n    case list(ListAction)\n", false),
                // Carried twice: SheetAction is ambiguous, with a warning in this file.
                ("carried twice", "    case load\n", "    case load\n    case again(SheetAction)\n", true),
                // A generic leaf: what the lift planner makes of it depends on its arguments.
                ("generic", "enum SheetAction:", "enum SheetAction<Value>:", false),
                // Named by a typealias of the file.
                ("aliased", "public typealias DetailScreen", "public typealias Sheet = SheetAction\npublic typealias DetailScreen", false),
                // Carried through a qualified name.
                ("qualified", "    case sheet(SheetAction)\n", "    case sheet(MovieFeature.SheetAction)\n", false),
            ]
            for (what, old, new, isEdited) in edits {
                let file = movieFeature
                try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                    atPath: movieFeature)
                try project.replace(old, with: new, atPath: file)
                try assertRun(takesShortcut: isEdited, what)
                try project.replace(new, with: old, atPath: file)
                try project.replace("    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet, with: "    case close\n}\n",
                                    atPath: movieFeature)
                // Undone in one edit: the tree loses the leaf (and the second case or the qualified payload).
                try assertRun(takesShortcut: what != "not a leaf" && what != "generic" && what != "aliased", "undoing " + what)
            }
            // Two leaves at once.
            let toast = "\npublic enum ToastAction: Equatable, Sendable {\n    case shown\n}\n"
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n    case toast(ToastAction)\n}\n"
                                    + Self.sheet + toast, atPath: movieFeature)
            try assertRun(takesShortcut: true)
        }
    }

    /// A case carrying a generic parameter named like an enum of the tree carries the parameter's argument,
    /// not the enum (Swift looks the parameter up first): no edge, in the tree edited as in the whole way
    /// (where an edge would make DetailAction reachable along two paths, with a warning).
    func testACaseCarryingAGenericParameterNamedLikeAnEnumOfTheTreeIsNoEdge() throws {
        try forEachLayout {
            try project.replace("enum PageAction<Value: Equatable & Sendable>",
                                with: "enum PageAction<DetailAction: Equatable & Sendable>", atPath: movieFeature)
            try project.replace("    case loaded([Value])\n", with: "    case loaded([DetailAction])\n", atPath: movieFeature)
            _ = try project.runAndCompare()
            let before = try liftFile
            try project.replace("    case next\n}", with: "    case next\n    case carried(DetailAction)\n}", atPath: movieFeature)
            let outcome = try project.runAndCompare()
            XCTAssertTrue(outcome.tookTreeShortcut, "\(outcome)")
            try assertCacheIsAFromScratchRunsCache()
            XCTAssertEqual(try liftFile, before)
            XCTAssertFalse(outcome.lastRunDiagnostics.contains { $0.contains("'DetailAction' is reachable along two paths") })
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

    /// An enum nested in a generic type, in the edited file: the tree edit declines the file, since its edges
    /// would need the types around the enum (`Screen`'s parameter `ListAction` hides the tree's `ListAction`
    /// in `Screen.SheetAction`, so the case carries no node), and the shape keeps none of them.
    func testAFileWithAnEnumInsideAGenericTypeGoesTheWholeWay() throws {
        try forEachLayout {
            let screen = "\npublic struct Screen<ListAction: Equatable & Sendable> {\n"
                + "    public enum SheetAction: Equatable, Sendable {\n        case presented\n    }\n}\n"
            try project.write(try String(contentsOfFile: movieFeature, encoding: .utf8) + screen, toPath: movieFeature)
            try assertRun(takesShortcut: false, "nested enum added")
            let before = try liftFile
            try project.replace("        case presented\n", with: "        case presented\n        case list(ListAction)\n",
                                atPath: movieFeature)
            try assertRun(takesShortcut: false, "generic parameter carried")
            XCTAssertEqual(try liftFile, before)
            // A leaf under a top-level enum of the same file: the file still has the nested enum.
            try project.replace("    case close\n}\n", with: "    case close\n    case sheet(SheetAction)\n}\n" + Self.sheet,
                                atPath: movieFeature)
            try assertRun(takesShortcut: false, "leaf added")
        }
    }

    func testNameLinesStaySortedAndWhole() {
        XCTAssertEqual(NameLines.inserting("B", into: "\nA\nC\n"), "\nA\nB\nC\n")
        XCTAssertEqual(NameLines.inserting("A", into: "\nAB\nC\n"), "\nA\nAB\nC\n")
        XCTAssertEqual(NameLines.inserting("D", into: "\nA\nC\n"), "\nA\nC\nD\n")
        XCTAssertEqual(NameLines.inserting("A", into: "\n\n"), "\nA\n")
        XCTAssertNil(NameLines.inserting("C", into: "\nA\nC\n"))
        XCTAssertEqual(NameLines.removing("C", from: "\nA\nC\nCD\n"), "\nA\nCD\n")
        XCTAssertEqual(NameLines.removing("A", from: "\nA\n"), "\n\n")
        XCTAssertNil(NameLines.removing("AB", from: "\nA\nC\n"))
        let names = ["Zeta", "alpha", "Beta_2", "Beta"]
        var lines = "\n\n"
        for name in names { lines = NameLines.inserting(name, into: lines)! }
        XCTAssertEqual(lines, "\n" + names.sorted().joined(separator: "\n") + "\n")
    }

    /// The shape names each node's enum in its file and each edge's case in its parent, and holds the links
    /// the builder and `LiftPlanner` decided over: walking it gives their roots, conformances (in order, along
    /// the same paths) and ambiguous nodes, an ambiguous node among them.
    func testTheShapeHoldsTheLinksTheLiftPlannerWalks() throws {
        project = try IncrementalProject()
        try project.write("public enum TwiceAction: Equatable, Sendable {\n    case movie(MovieAction)\n}\n",
                          toPath: project.path("Twice/Twice.swift"))
        let result = Pipeline.run(project.options)
        let plan = try XCTUnwrap(result.lifts)
        let tree = result.actionTree
        let shape = TreeShape(tree, lifts: plan, model: result.model, referenceModules: ReferenceModules())
        XCTAssertEqual(shape.nodes.count, tree.nodes.count)
        for (node, treeNode) in zip(shape.nodes, tree.nodes) {
            XCTAssertEqual(result.model.allFiles[node.fileIndex].enums[node.enumIndex], treeNode.declaration)
        }
        for (edge, treeEdge) in zip(shape.edges, tree.edges) {
            XCTAssertEqual(TreeShape.enumCase(edge.caseHash, of: tree.nodes[edge.parent].declaration), treeEdge.enumCase)
        }
        let links = shape.links()
        XCTAssertEqual([links.parents, links.children, links.starts], [tree.links.parents, tree.links.children, tree.links.starts])
        XCTAssertEqual(links.unconfiguredRoots(isSource: { !shape.nodes[$0].isReference }), tree.roots)
        XCTAssertGreaterThan(plan.roots.count, 1)
        var ambiguous = 0
        // A generic root, or one inside a generic type (EnclosingTypes' `Rack<Tag>.Action`), has no plan.
        let plannedRoots = tree.roots.filter { root in plan.roots.contains { $0.declaration == tree.nodes[root].declaration } }
        XCTAssertEqual(plannedRoots.count, plan.roots.count)
        for (root, rootPlan) in zip(plannedRoots, plan.roots) {
            XCTAssertEqual(tree.nodes[root].declaration, rootPlan.declaration)
            let walk = links.walk(from: root)
            let conformances = walk.order.filter { walk.verdict(of: $0) == .conformance }
            XCTAssertEqual(conformances, rootPlan.conformances.map { $0.node })
            for (node, conformance) in zip(conformances, rootPlan.conformances) {
                XCTAssertEqual(walk.path(to: node).map { shape.edges[$0].caseHash },
                               conformance.path.map { TreeShape.caseHash(of: $0.enumCase) })
            }
            ambiguous += walk.order.filter { walk.verdict(of: $0) != .conformance }.count
        }
        XCTAssertGreaterThan(ambiguous, 0)
        XCTAssertEqual(ambiguous, result.diagnostics.filter { $0.message.hasSuffix("conformance is generated for it") }.count)
    }

    /// Lines of a shape's names are found by number and replaced in place.
    func testShapeNameLines() {
        let lines = NameLines.lines(["A", "B.C", "D"])
        XCTAssertEqual(NameLines.lineNumber(of: "A", in: lines), 0)
        XCTAssertEqual(NameLines.lineNumber(of: "D", in: lines), 2)
        XCTAssertNil(NameLines.lineNumber(of: "B", in: lines))
        XCTAssertEqual(NameLines.replacing(1..<2, with: ["X", "Y"], in: lines), "\nA\nX\nY\nD\n")
        XCTAssertEqual(NameLines.replacing(3..<3, with: ["E"], in: lines), "\nA\nB.C\nD\nE\n")
        XCTAssertEqual(NameLines.replacing(0..<1, with: [], in: lines), "\nB.C\nD\n")
        XCTAssertEqual(NameLines.replacing(0..<0, with: ["Z"], in: NameLines.lines([])), "\nZ\n")
    }

    /// A printed diagnostic's place is read back as `Diagnostic.description` wrote it, a path with colons too.
    func testPrintedDiagnosticsPlaces() {
        let located = Diagnostic.warning("x: warning: y", at: SourceLocation(file: "/a:b/c.swift", line: 12, column: 3))
        XCTAssertEqual(LiftDiagnosticSwap.location(of: located.description), .some(located.location))
        XCTAssertEqual(LiftDiagnosticSwap.location(of: Diagnostic.note("n").description), .some(nil))
        XCTAssertTrue(LiftDiagnosticSwap.location(of: "not a diagnostic") == nil)
        let first = Diagnostic.warning("w", at: SourceLocation(file: "/a.swift", line: 1, column: 1))
        let last = Diagnostic.warning("w", at: SourceLocation(file: "/c.swift", line: 1, column: 1))
        let added = Diagnostic.warning("added", at: SourceLocation(file: "/b.swift", line: 4, column: 1))
        let lines = [Diagnostic.note("global"), first, last].map(\.description)
        XCTAssertEqual(LiftDiagnosticSwap.swapped(in: lines, removing: [], adding: [added]),
                       [Diagnostic.note("global"), first, added, last].map(\.description))
        XCTAssertEqual(LiftDiagnosticSwap.swapped(in: lines, removing: [first], adding: []),
                       [Diagnostic.note("global"), last].map(\.description))
        XCTAssertNil(LiftDiagnosticSwap.swapped(in: lines, removing: [added], adding: []), "not among the lines")
        XCTAssertNil(LiftDiagnosticSwap.swapped(in: lines, removing: [], adding: [Diagnostic.warning("same place", at: first.location)]))
    }
}
