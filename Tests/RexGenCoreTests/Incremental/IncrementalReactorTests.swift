import Foundation
import XCTest
@testable import RexGenCore

/// Reactor's part of the lift file after edits to states, in sources and in references, in the CLI's layout
/// and the build plugin's: the incremental shortcuts compare what the analysis reads of a file (its summary),
/// which holds its states with their stored properties and cases, so an edit to them goes the whole way, and
/// every run's outputs are a from-scratch run's (`IncrementalProject.runAndCompare`). The project is the
/// incremental fixtures plus the Reactor game as sources and its feature module as references, with the
/// SwiftRex and Reactor lifts on.
final class IncrementalReactorTests: XCTestCase {
    private var project: IncrementalProject!
    private let gameState = "Reactor/GameState.swift"
    private let world = "Reactor/World.swift"
    private let screen = "Reactor/Screen.swift"

    override func tearDown() {
        project = nil
    }

    private var liftFile: String {
        get throws { try project.outputFiles()[LiftRenderer.fileName] ?? "" }
    }

    /// `body` on a fresh project in each layout, after a first full run and before a last run that must find
    /// everything up to date.
    private func forEachLayout(_ body: () throws -> Void) throws {
        for usesPluginLayout in [false, true] {
            project = try IncrementalProject()
            let fixtures = LiftTestSupport.fixtures
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ReactorGame"),
                                             to: project.sources.appendingPathComponent("Reactor"))
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ReactorFeature"),
                                             to: project.references.appendingPathComponent("ReactorFeature"))
            for path in project.swiftFiles() { try project.setModificationTime(of: path, to: 1_000_000_000, nanoseconds: 0) }
            project.options.lift = LiftSelection(frameworks: [.swiftRex, .reactor])
            if usesPluginLayout { project.usePluginLayout() }
            try project.runAndCompare(expectParsed: project.swiftFiles().count)
            XCTAssertTrue(try liftFile.contains("extension GameState {"))
            try body()
            XCTAssertTrue(try project.runAndCompare().isUpToDate)
        }
    }

    /// An edit: in the file at `path`, `old` becomes `new`; then the lift file holds `expected` (or, when
    /// `expectedAbsent`, does not).
    private struct Edit {
        var path: String
        var old: String
        var new: String
        var expected: String
        var isExpectedAbsent = false
    }

    /// Each edit in turn, each run compared with a from-scratch run, in both layouts.
    private func assertEdits(_ edits: (IncrementalProject) -> [Edit], file: StaticString = #filePath, line: UInt = #line) throws {
        try forEachLayout {
            for edit in edits(project) {
                try project.replace(edit.old, with: edit.new, atPath: edit.path)
                try project.runAndCompare(expectParsed: 1, file: file, line: line)
                XCTAssertEqual(try liftFile.contains(edit.expected), !edit.isExpectedAbsent,
                               "after '\(edit.new)': '\(edit.expected)'", file: file, line: line)
            }
        }
    }

    func testEditsToASourcesStatesGoTheWholeWay() throws {
        try assertEdits { project in
            let gameState = project.path(self.gameState), world = project.path(self.world)
            return [
                // A stored property added to the composite root, and one to a sub-state (a composite itself).
                Edit(path: gameState, old: "    var turns = 0", new: "    var turns = 0\n    var pet: Monster?",
                     expected: "self.pet?.react(to: event)"),
                Edit(path: world, old: "    var town: Town\n", new: "    var town: Town\n    var tower: Town\n",
                     expected: "self.tower.react(to: event)"),
                // Left out by an annotation; the type of another changed to one that is no state.
                Edit(path: world, old: "    var tower: Town\n", new: "    // rexgen: skip\n    var tower: Town\n",
                     expected: "self.tower", isExpectedAbsent: true),
                Edit(path: gameState, old: "var pet: Monster?", new: "var pet: Int?", expected: "self.pet", isExpectedAbsent: true),
                // A struct becomes a state, so the property holding it is forwarded.
                Edit(path: gameState, old: "var pet: Int?", new: "var weather: Weather\n}\n\nstruct Weather {\n    var rain = 0",
                     expected: "self.weather", isExpectedAbsent: true),
                Edit(path: gameState, old: "struct Weather {",
                     new: "struct Weather: State {\n    mutating func react(to event: Event) {}",
                     expected: "self.weather.react(to: event)"),
            ]
        }
    }

    func testReactDeclaredInAnExtensionAndEnumCasesGoTheWholeWay() throws {
        try assertEdits { project in
            let world = project.path(self.world), screen = project.path(self.screen)
            return [
                // In the file that declares the struct: a member no other output reads, but this one does.
                Edit(path: world, old: "struct Town: State {",
                     new: "extension World {\n    mutating func react(to event: Event) {\n        reactSubstates(to: event)\n"
                        + "    }\n}\n\nstruct Town: State {",
                     expected: "        self.region.react(to: event)\n    }\n\n", isExpectedAbsent: true),
                Edit(path: screen, old: "    case title\n", new: "    case title\n    case paused(Player)\n",
                     expected: "self = .paused(value0)"),
                // A type named `Reactor` takes the Reactor code away, and gives it back when it goes.
                Edit(path: screen, old: "    case title\n", new: "    case title\n    enum Reactor {}\n",
                     expected: "extension GameState", isExpectedAbsent: true),
                Edit(path: screen, old: "    enum Reactor {}\n", new: "", expected: "extension GameState"),
            ]
        }
    }

    func testEditsToAReferencesStatesGoTheWholeWay() throws {
        try assertEdits { project in
            let player = project.referencePath("ReactorFeature/Player.swift")
            let loot = project.referencePath("ReactorFeature/Loot+State.swift")
            return [
                // A sub-state's stored properties, in another module, which forwards them itself.
                Edit(path: player, old: "    public var stats = Stats()\n",
                     new: "    public var stats = Stats()\n    public var best = Stats()\n", expected: "self.player.react(to: event)"),
                // A state by an extension no more, then again.
                Edit(path: loot, old: "extension Loot: State {", new: "extension Loot {", expected: "self.loot",
                     isExpectedAbsent: true),
                Edit(path: loot, old: "extension Loot {", new: "extension Loot: State {", expected: "self.loot.react(to: event)"),
                // A `State` of the feature module's own: its plain `State`s are no longer Reactor's.
                Edit(path: player, old: "/// Damage to everything", new: "protocol State {}\n\n/// Damage to everything",
                     expected: "self.player.react", isExpectedAbsent: true),
                Edit(path: player, old: "protocol State {}\n\n", new: "", expected: "self.player.react(to: event)"),
            ]
        }
    }
}
