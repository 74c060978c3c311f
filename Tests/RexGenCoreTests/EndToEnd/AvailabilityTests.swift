import Foundation
import XCTest
@testable import RexGenCore

/// Enums with `@available`: deprecated and unavailable ones (swift-nio's `IOError.FailureDescription`, vapor's
/// `RedirectType`, an enum inside postgres-kit's deprecated `PostgresColumnType`), whose naming draws a
/// deprecation warning, or for an unavailable one an error, except in a declaration marked the same; and ones
/// introduced in a platform version (`@available(iOS 16, *)`, on the enum or a type around it), which an
/// extension may only name when it is marked so too. Every extension generated for such an enum, and every
/// declaration of a root's lifts, carries the `@available`s of the enum and its enclosing declarations,
/// merged (`ExtensionAvailability`). The generated code is type-checked with `-warnings-as-errors` against the
/// stand-ins, with every lift framework and case paths, in Swift 6 and Swift 5 modes (on Linux, where a
/// platform's introduction is inert: the merge's rules are tested on their own).
final class AvailabilityTests: XCTestCase {
    static let sources = """
        @available(*, deprecated, renamed: "CounterAction")
        public enum OldCounterAction: Equatable { case add(Int), reset }

        @available(*, deprecated, message: "Use `ColumnType` instead.")
        public struct LegacyColumn {
            public enum Kind: Equatable { case text(String), number }
        }

        @available(*, unavailable, message: "gone in 2.0")
        public enum RemovedAction { case run(Int) }

        public struct Host {}
        @available(*, deprecated)
        extension Host {
            public enum Mode: Equatable { case on, off }
        }

        public struct AppState {
            public var count = 0
            public init() {}
        }

        @available(*, deprecated, message: "The app moved to AppAction")
        public enum LegacyAppAction: Equatable {
            case counter(CounterAction)
            case old(OldCounterAction)
        }

        public enum CounterAction: Equatable { case increment, decrement }

        @available(macOS 10.15, iOS 13, *)
        public enum ModernAction: Equatable { case go(String) }

        @available(macOS 13, iOS 16, *)
        public struct Screen {
            @available(iOS 16.4, *)
            public enum Action: Equatable { case tap }
        }
        """

    /// A deprecated Reactor state whose forwarding RexGen writes.
    static let reactorSources = """
        import Reactor

        public struct Player: Reactor.State {
            public var health = 10
            public init() {}
            public mutating func react(to event: Reactor.Event) {}
        }

        @available(*, deprecated, message: "Use GameState")
        public struct LegacyGameState: Reactor.State {
            public var player = Player()
        }
        """

    /// What the generated files must say, beside compiling.
    func testEveryExtensionOfAnEnumCarriesItsAvailability() throws {
        let (_, generated) = try generate(["--lift", "swiftrex"])
        let properties = try String(contentsOf: generated.appendingPathComponent("EnumProperties.generated.swift"), encoding: .utf8)
        let lifts = try String(contentsOf: generated.appendingPathComponent("ActionLifts.generated.swift"), encoding: .utf8)
        for (attribute, type) in [("@available(*, deprecated, renamed: \"CounterAction\")", "OldCounterAction"),
                                  ("@available(*, deprecated, message: \"Use `ColumnType` instead.\")", "LegacyColumn.Kind"),
                                  ("@available(*, unavailable, message: \"gone in 2.0\")", "RemovedAction"),
                                  ("@available(*, deprecated)", "Host.Mode")] {
            XCTAssertTrue(properties.contains("\(attribute)\nextension \(type) {"), "\(type)\n\(properties)")
            XCTAssertTrue(properties.contains("\(attribute)\nextension \(type): CasePathsCore.CasePathable"), type)
        }
        // An introduced version is copied too (an extension is not as available as its type), each platform's
        // the latest of the enum's and its enclosing types'.
        for (attribute, type) in [("@available(macOS 10.15, iOS 13, *)", "ModernAction"),
                                  ("@available(iOS 16.4, macOS 13, *)", "Screen.Action")] {
            XCTAssertTrue(properties.contains("\(attribute)\nextension \(type) {"), "\(type)\n\(properties)")
            XCTAssertTrue(properties.contains("\(attribute)\nextension \(type): CasePathsCore.CasePathable"), type)
        }
        // A deprecated root's protocol, alias, conformances and lifts are deprecated with it.
        let legacy = "@available(*, deprecated, message: \"The app moved to AppAction\")\n"
        for declaration in ["public protocol LegacyAppActionConvertible", "public typealias _LegacyAppActionConvertibleRoot",
                            "extension CounterAction: LegacyAppActionConvertible",
                            "extension SwiftRex.Reducer where ActionType: LegacyAppActionConvertible"] {
            XCTAssertTrue(lifts.contains(legacy + declaration), "\(declaration)\n\(lifts)")
        }
        XCTAssertTrue(lifts.contains(legacy + "@available(*, deprecated, renamed: \"CounterAction\")\n"
            + "extension OldCounterAction: LegacyAppActionConvertible"), lifts)
        let (_, reactor) = try generate(["--lift", "reactor"], reactor: true)
        let reactorLifts = try String(contentsOf: reactor.appendingPathComponent("ActionLifts.generated.swift"), encoding: .utf8)
        XCTAssertTrue(reactorLifts.contains("@available(*, deprecated, message: \"Use GameState\")\nextension LegacyGameState {"),
                      reactorLifts)
    }

    func testTheGeneratedCodeCompilesWithoutWarnings() throws {
        let modules = try AdversarialStandIns.modules()
        for (arguments, group) in [(["--lift", "swiftrex", "--lift", "combinefeedback", "--lift", "reactivefeedback"],
                                    AdversarialUsage.Group.swiftRexAndCasePaths),
                                   (["--lift", "combinefeedback"], .combineFeedbackRelease),
                                   (["--lift", "combinefeedback", "--combine-feedback-api", "master"], .combineFeedbackMaster),
                                   (["--lift", "reactivefeedback"], .reactiveFeedback)] {
            let (work, generated) = try generate(arguments)
            for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
                let result = try typecheck(work, generated, against: modules.directories(for: group), mode: mode)
                XCTAssertEqual(result.exitCode, 0, "\(arguments), Swift \(mode.rawValue)\n\(LiftTestSupport.excerpt(result, lines: 30))")
            }
        }
        let (work, generated) = try generate(["--lift", "reactor"], reactor: true)
        let reactor = try reactorModule(in: work)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            let result = try typecheck(work, generated, against: [reactor], mode: mode)
            XCTAssertEqual(result.exitCode, 0, "Reactor, Swift \(mode.rawValue)\n\(LiftTestSupport.excerpt(result, lines: 30))")
        }
    }

    /// The mutation check: without the copied attributes, the same module fails (the unavailable enum's
    /// extension is an error, the others warnings made errors), so the test above can fail. The enum
    /// properties and the lifts are checked apart, as the compiler stops at the first file with errors.
    func testTheModuleFailsWithoutTheCopiedAttributes() throws {
        let modules = try AdversarialStandIns.modules()
        for (arguments, file, expected) in [
            (["--lift", "none"], "EnumProperties.generated.swift",
             ["'RemovedAction' is unavailable", "'OldCounterAction' is deprecated", "'LegacyColumn' is deprecated", "'Mode' is deprecated"]),
            (["--lift", "swiftrex"], "ActionLifts.generated.swift",
             ["'LegacyAppAction' is deprecated", "'OldCounterAction' is deprecated"]),
            (["--lift", "reactor"], "ActionLifts.generated.swift", ["'LegacyGameState' is deprecated"]),
        ] {
            let isReactor = arguments.contains("reactor")
            let (work, generated) = try generate(arguments, reactor: isReactor)
            let url = generated.appendingPathComponent(file)
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let kept = lines.filter { !($0.hasPrefix("@available(*, deprecated") || $0.hasPrefix("@available(*, unavailable")) }
            XCTAssertLessThan(kept.count, lines.count, file)
            try Data(kept.joined(separator: "\n").utf8).write(to: url)
            let result = try typecheck(work, generated, against: isReactor ? [try reactorModule(in: work)]
                                       : modules.directories(for: .swiftRexAndCasePaths), mode: .swift6)
            XCTAssertNotEqual(result.exitCode, 0, result.summary)
            for message in expected {
                XCTAssertTrue(result.stderr.contains(message), "\(message)\n\(LiftTestSupport.excerpt(result, lines: 40))")
            }
        }
    }

    /// A case that may be unavailable (everywhere, on a platform, obsoleted, or tied to a Swift version) cannot
    /// be constructed, even inside a declaration marked the same: its value property's setter, its case path
    /// and a child's lift through it would not compile. They are left out; everything else compiles.
    static let unavailableCases = """
        public enum MigratedAction: Equatable {
            case now(Int)
            @available(*, unavailable, renamed: "now")
            case then(Int)
            @available(swift, obsoleted: 5.0)
            case before(Int)
            @available(swift, introduced: 99)
            case later
            @available(*, unavailable)
            case archive(ArchivedAction)
            case counter(TallyAction)
        }

        public enum ArchivedAction: Equatable { case restore }
        public enum TallyAction: Equatable { case add }
        """

    func testCasesThatMayBeUnavailableAreNeverConstructed() throws {
        let modules = try AdversarialStandIns.modules()
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Migrated.swift": Self.unavailableCases], under: work)
        let result = try TestSupport.rexgen(["generate", "Sources", "--all-enums", "--case-paths", "--output", "Generated",
                                             "--lift", "swiftrex", "--lift", "combinefeedback", "--lift", "reactivefeedback"],
                                            in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let warnings = result.stderrLines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 3, result.summary)
        for name in ["then(_:)", "before(_:)", "archive(_:)"] {
            XCTAssertTrue(warnings.contains { $0.contains("for case '\(name)': the case may be unavailable") }, result.summary)
        }
        let generated = work.appendingPathComponent("Generated")
        let lifts = try String(contentsOf: generated.appendingPathComponent("ActionLifts.generated.swift"), encoding: .utf8)
        XCTAssertTrue(lifts.contains("extension TallyAction: MigratedActionConvertible"), lifts)
        XCTAssertFalse(lifts.contains("extension ArchivedAction: MigratedActionConvertible"), lifts)
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            let compiled = try typecheck(work, generated, against: modules.directories(for: .swiftRexAndCasePaths), mode: mode)
            XCTAssertEqual(compiled.exitCode, 0, "Swift \(mode.rawValue)\n\(LiftTestSupport.excerpt(compiled, lines: 30))")
        }
        // The stand-in compiler agrees that constructing them is an error, so the check above can fail.
        try TestSupport.write(["Sources/Construct.swift": """
            func construct() -> [MigratedAction] { [.then(1), .before(2), .later, .archive(.restore)] }
            """], under: work)
        let constructing = try typecheck(work, generated, against: modules.directories(for: .swiftRexAndCasePaths), mode: .swift6)
        for name in ["then", "before", "later", "archive"] {
            // `then` "has been renamed to 'now'", `later` "is unavailable in Swift".
            XCTAssertTrue(constructing.stderr.contains("error: '\(name)' "), "\(name)\n\(constructing.summary)")
        }
    }

    /// The reader gives a nested enum the `@available`s and `@_spi`s of the declarations around it, and
    /// its extensions carry them merged.
    func testTheReaderInheritsAvailability() {
        let file = Reader.parse("""
            @available(macOS 10.15, *) @available(*, deprecated) public struct A {
                @_spi(X) @frozen public struct B {
                    @available(iOS 16, *) public enum Action { case a }
                }
            }
            """)
        XCTAssertEqual(file.enums.map(\.attributes),
                       [["@available(iOS 16, *)", "@available(macOS 10.15, *)", "@available(*, deprecated)", "@_spi(X)"]])
        XCTAssertEqual(ExtensionAvailability.attributes(merging: file.enums[0].attributes),
                       ["@available(iOS 16, macOS 10.15, *)", "@available(*, deprecated)"])
    }

    func testAvailabilityIsMergedWithOnePlatformIntroductionEach() {
        let cases: [([String], [String])] = [
            (["@available(iOS 16, *)"], ["@available(iOS 16, *)"]),
            (["@available(iOS 15, macOS 12, *)", "@available(iOS 16, *)"], ["@available(iOS 16, macOS 12, *)"]),
            (["@available(iOS 16.4, *)", "@available(iOS 16, *)"], ["@available(iOS 16.4, *)"]),
            (["@available(iOS, introduced: 16.4)", "@available(macOS 13,*)"], ["@available(iOS 16.4, macOS 13, *)"]),
            (["@available(iOS, introduced: 13, deprecated: 17, message: \"x, \\\"y\\\"\")"],
             ["@available(iOS 13, *)", "@available(iOS, deprecated: 17, message: \"x, \\\"y\\\"\")"]),
            (["@available(*, deprecated)", "@available(macOS 13, *)", "@available(*, deprecated)"],
             ["@available(macOS 13, *)", "@available(*, deprecated)"]),
            (["@available(*, unavailable, renamed: \"B\")"], ["@available(*, unavailable, renamed: \"B\")"]),
            (["@available(iOS, unavailable)", "@available(macOS 13, *)"], ["@available(macOS 13, *)", "@available(iOS, unavailable)"]),
            (["@available(swift, introduced: 5.9)"], ["@available(swift, introduced: 5.9)"]),
            (["@frozen", "@_spi(X)", "@usableFromInline"], []),
        ]
        for (attributes, expected) in cases {
            XCTAssertEqual(ExtensionAvailability.attributes(merging: attributes), expected, "\(attributes)")
        }
        XCTAssertTrue(ExtensionAvailability.isLater("16.4", than: "16"))
        XCTAssertTrue(ExtensionAvailability.isLater("10.15.4", than: "10.15"))
        XCTAssertFalse(ExtensionAvailability.isLater("16", than: "16.0"))
        XCTAssertFalse(ExtensionAvailability.isLater("9", than: "10"))
    }

    func testWhatMayBeUnavailable() {
        for attributes in [["@available(*, unavailable)"], ["@available(iOS, unavailable)"],
                           ["@available(macOS, introduced: 10.10, obsoleted: 10.15)"], ["@available(swift, introduced: 99)"],
                           ["@available(swift 6)"], ["@available(swift, obsoleted: 5.0)"], ["@available(swift, introduced: 5.1)"],
                           ["@_spi(X)", "@available(*, unavailable, message: \"a, b\")"]] {
            XCTAssertTrue(ExtensionAvailability.mayBeUnavailable(attributes), "\(attributes)")
        }
        for attributes in [[], ["@frozen"], ["@available(*, deprecated)"], ["@available(iOS 16, macOS 13, *)"],
                           ["@available(*, deprecated, message: \"unavailable\")"],
                           ["@available(swift, deprecated: 5, message: \"obsoleted: soon\")"],
                           ["@available(swift, introduced: 5.0)", "@available(*, deprecated)"], ["@available(swift 4.2)"]] {
            XCTAssertFalse(ExtensionAvailability.mayBeUnavailable(attributes), "\(attributes)")
        }
    }

    // MARK: - Helpers

    /// The sources (with `reactor`, the Reactor state too) under `work/Sources`, generated with
    /// `--all-enums --case-paths` and `arguments` into `work/Generated`.
    private func generate(_ arguments: [String], reactor: Bool = false) throws -> (work: URL, generated: URL) {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Legacy.swift": Self.sources], under: work)
        if reactor { try TestSupport.write(["Sources/Game.swift": Self.reactorSources], under: work) }
        let result = try TestSupport.rexgen(["generate", "Sources", "--all-enums", "--case-paths", "--output", "Generated"]
            + arguments, in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertEqual(result.stderr, "", result.summary)
        return (work, work.appendingPathComponent("Generated"))
    }

    /// The Reactor stand-in's module, built into `work/reactor` (in Swift 5 mode, as Reactor is).
    private func reactorModule(in work: URL) throws -> URL {
        let modules = work.appendingPathComponent("reactor")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try LiftTestSupport.buildInterfaceOnly("Reactor", sources: [LiftReactorTests.standIn], mode: .swift5, into: modules)
        return modules
    }

    private func typecheck(_ work: URL, _ generated: URL, against modules: [URL],
                           mode: LiftTestSupport.LanguageMode) throws -> ProcessResult {
        let files = try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Sources"))
            + LiftTestSupport.swiftFiles(in: generated)
        return try LiftTestSupport.swiftc(mode, ["-typecheck", "-parse-as-library", "-module-name", "Legacy"]
            + modules.flatMap { ["-I", $0.path] } + files.map(\.path))
    }

    override class func tearDown() {
        AdversarialStandIns.remove()
        super.tearDown()
    }
}
