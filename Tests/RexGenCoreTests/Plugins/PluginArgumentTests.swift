import Foundation
import XCTest
@testable import RexGenCore

/// The plugins' shared code (Plugins/PluginsShared, compiled into this target through the symbolic link
/// Tests/RexGenCoreTests/PluginsShared): which lifts a target gets, and that the build plugin and the
/// command plugin hand RexGen the same sources, references, configuration and lifts for the same target.
final class PluginArgumentTests: XCTestCase {
    private static let sources = ["/p/Sources/Feature/FeatureAction.swift", "/p/Sources/Feature/Reducer.swift"]
    private static let references = ["/p/Sources/Core/CoreAction.swift"]
    private static let referenceModules = ["Core=/p/Sources/Core"]

    /// The modules a target depends on directly or not, as PackagePlugin's `recursiveTargetDependencies`
    /// names them: `graph` maps each target to its direct dependencies.
    private func recursiveDependencies(of target: String, in graph: [String: [String]]) -> [String] {
        var found: [String] = []
        var pending = graph[target] ?? []
        while let next = pending.popLast() {
            guard !found.contains(next) else { continue }
            found.append(next)
            pending += graph[next] ?? []
        }
        return found
    }

    private func invocation(dependencyModules: [String], configuration: PluginConfigurationFile? = nil,
                            sources: [String] = sources, references: [String] = references) -> PluginInvocation {
        PluginInvocation(targetName: "Feature", sources: sources, dependencyModules: dependencyModules,
                         references: references, referenceModules: Self.referenceModules, configuration: configuration)
    }

    // MARK: - Output names

    /// The plugins name the outputs before RexGen runs, with their own copy of the names: it must be
    /// RexGen's `OutputLayout`, in both layouts, with and without lifts, for awkward source names too.
    func testThePluginsNameTheOutputsAsOutputLayoutDoes() {
        let sources = Self.sources + ["/p/Sources/Feature/Dotted.Name.swift", "/p/Sources/Feature/Deep/Ünïcode Action.swift"]
        for modules in [[], ["SwiftRex"]] {
            let planned = invocation(dependencyModules: modules, sources: sources)
            for filePerSource in [false, true] {
                let layout = OutputLayout(filePerSource: filePerSource, writesLifts: planned.writesLiftFile)
                XCTAssertEqual(planned.outputFileNames(filePerSource: filePerSource), layout.fileNames(sourcePaths: sources),
                               "\(modules), filePerSource: \(filePerSource)")
            }
        }
    }

    // MARK: - Detection

    func testTheTableHasEveryFrameworkRexGenWritesLiftsFor() {
        XCTAssertEqual(LiftFrameworkDetection.frameworks.map(\.liftValue),
                       LiftStyle.allCases.filter { $0 != .none }.map(\.rawValue))
        XCTAssertEqual(LiftFrameworkDetection.noLifts, LiftStyle.none.rawValue)
    }

    func testEachFrameworkIsDetectedDirectlyAndThroughAnotherTarget() {
        let frameworks = [("SwiftRex", "swiftrex"), ("CombineFeedback", "combinefeedback"),
                          ("ReactiveFeedback", "reactivefeedback"), ("Reactor", "reactor")]
        for (module, liftValue) in frameworks {
            let graph = ["App": ["Feature"], "Feature": ["Core"], "Core": [module], "Direct": [module, "Core"]]
            for target in ["Direct", "Feature", "App"] {
                let planned = invocation(dependencyModules: recursiveDependencies(of: target, in: graph))
                XCTAssertEqual(planned.liftArguments, ["--lift", liftValue], "\(target) depending on \(module)")
                XCTAssertEqual(planned.outputFileNames(filePerSource: false),
                               ["EnumProperties.generated.swift", "ActionLifts.generated.swift"])
                assertBothPluginsAgree(planned)
            }
        }
    }

    /// SwiftRex 0.8 apps depend on CombineRex, RxSwiftRex or ReactiveSwiftRex, each of which brings SwiftRex.
    func testSwiftRexIsFoundBehindEachOfItsFlavours() {
        for flavour in ["CombineRex", "RxSwiftRex", "ReactiveSwiftRex"] {
            let graph = ["App": ["Feature"], "Feature": [flavour], flavour: ["SwiftRex"]]
            let planned = invocation(dependencyModules: recursiveDependencies(of: "App", in: graph))
            XCTAssertEqual(planned.liftArguments, ["--lift", "swiftrex"], flavour)
        }
    }

    func testSeveralFrameworksGetTheirLiftsInTheTablesOrder() {
        let planned = invocation(dependencyModules: ["ReactiveFeedback", "Core", "SwiftRex", "CombineFeedback"])
        XCTAssertEqual(planned.liftArguments, ["--lift", "swiftrex", "--lift", "combinefeedback",
                                               "--lift", "reactivefeedback"])
        assertBothPluginsAgree(planned)
    }

    /// A Reactor app: its feature module and its app target reach Reactor (the product and module
    /// `Reactor`), beside SwiftRex in one of them; a target that reaches neither gets no lift file.
    func testReactorIsDetectedThroughAFeatureModule() {
        let graph = ["App": ["GameFeature", "Analytics"], "GameFeature": ["Reactor", "Core"], "Analytics": ["CombineRex"],
                     "CombineRex": ["SwiftRex"], "Core": []]
        let app = invocation(dependencyModules: recursiveDependencies(of: "App", in: graph))
        XCTAssertEqual(app.liftArguments, ["--lift", "swiftrex", "--lift", "reactor"])
        XCTAssertEqual(app.lifts, ["swiftrex", "reactor"])
        assertBothPluginsAgree(app)
        let feature = invocation(dependencyModules: recursiveDependencies(of: "GameFeature", in: graph))
        XCTAssertEqual(feature.liftArguments, ["--lift", "reactor"])
        XCTAssertTrue(feature.outputFileNames(filePerSource: true).contains("ActionLifts.generated.swift"))
        assertBothPluginsAgree(feature)
        XCTAssertEqual(invocation(dependencyModules: recursiveDependencies(of: "Core", in: graph)).liftArguments,
                       ["--lift", "none"])
        // A module whose name merely contains Reactor's is not Reactor.
        XCTAssertEqual(invocation(dependencyModules: ["ReactorKit", "ReactiveSwift"]).liftArguments, ["--lift", "none"])
    }

    /// RexGen's own default is `swiftrex`: without `--lift none` every target would get a lift file.
    func testATargetWithoutFrameworkOrConfigurationWritesNoLiftFile() {
        let planned = invocation(dependencyModules: ["Core", "Foundation"])
        XCTAssertEqual(planned.liftArguments, ["--lift", "none"])
        XCTAssertFalse(planned.writesLiftFile)
        XCTAssertEqual(planned.outputFileNames(filePerSource: true), ["EnumProperties.generated.swift",
            "FeatureAction+EnumProperties.generated.swift", "Reducer+EnumProperties.generated.swift"])
        assertBothPluginsAgree(planned)
    }

    // MARK: - rexgen.yml

    func testAConfiguredLiftWinsOverDetection() {
        let configured = PluginConfigurationFile(path: "/p/rexgen.yml", liftValues: ["combinefeedback"])
        for modules in [["SwiftRex"], [], ["ReactiveFeedback", "SwiftRex"]] {
            let planned = invocation(dependencyModules: modules, configuration: configured)
            XCTAssertEqual(planned.liftArguments, [], "a --lift would override the file's lift:")
            XCTAssertEqual(planned.lifts, ["combinefeedback"])
            XCTAssertTrue(planned.outputFileNames(filePerSource: true).contains("ActionLifts.generated.swift"))
            assertBothPluginsAgree(planned)
        }
        let noLifts = invocation(dependencyModules: ["SwiftRex"],
                                 configuration: PluginConfigurationFile(path: "/p/rexgen.yml", liftValues: ["none"]))
        XCTAssertEqual(noLifts.liftArguments, [])
        XCTAssertFalse(noLifts.outputFileNames(filePerSource: true).contains("ActionLifts.generated.swift"))
    }

    func testAConfigurationWithoutLiftLeavesTheLiftsToDetection() {
        let configuration = PluginConfigurationFile(path: "/p/rexgen.yml", liftValues: nil)
        for (modules, expected) in [(["CombineFeedback"], ["--lift", "combinefeedback"]), ([], ["--lift", "none"])] {
            let planned = invocation(dependencyModules: modules, configuration: configuration)
            XCTAssertEqual(planned.liftArguments, expected)
            XCTAssertEqual(Self.values(of: "--config", in: planned.buildToolArguments(outputDirectory: "/out")),
                           ["/p/rexgen.yml"])
            assertBothPluginsAgree(planned)
        }
    }

    func testTheTargetsConfigurationWinsOverThePackagesAndIsRead() throws {
        let package = try temporaryDirectory()
        let target = package.appendingPathComponent("Sources/Feature")
        try TestSupport.write(["rexgen.yml": "suffixes: [Event]\n", "Sources/Feature/Feature.swift": ""], under: package)
        XCTAssertEqual(PluginConfigurationFile.find(targetDirectory: target.path, packageDirectory: package.path),
                       PluginConfigurationFile(path: package.appendingPathComponent("rexgen.yml").path, liftValues: nil))
        try TestSupport.write(["Sources/Feature/rexgen.yml": "lift: reactivefeedback # the app's own\n"], under: package)
        XCTAssertEqual(PluginConfigurationFile.find(targetDirectory: target.path, packageDirectory: package.path),
                       PluginConfigurationFile(path: target.appendingPathComponent("rexgen.yml").path,
                                               liftValues: ["reactivefeedback"]))
        let elsewhere = try temporaryDirectory()
        XCTAssertNil(PluginConfigurationFile.find(targetDirectory: elsewhere.path, packageDirectory: elsewhere.path))
    }

    /// RexGen's own reader of rexgen.yml is the oracle for every shape `lift:` can take.
    func testLiftIsReadAsRexGenReadsIt() throws {
        let shapes = [
            "lift: swiftrex", "lift: [swiftrex, combinefeedback]", "lift: 'reactivefeedback'  # comment",
            "lift: \"none\"", "lift: []",
            "suffixes: [Event]\nlift:\n  - combinefeedback\n  - swiftrex\nroots: [A]",
            "lift:\n- reactivefeedback\n# between\n- swiftrex\ncasePaths: true",
            "lift: [swiftrex,\n  combinefeedback]\nallEnums: true",
            "---\nsuffixes: [Event]  # lift: swiftrex\n\"lift\": combinefeedback", "\u{FEFF}lift: swiftrex\r\nroots: [A]\r\n",
            "args: {note: \"it's # not a comment\"}\nlift: none", "  lift: combinefeedback\n  roots: [A]",
            "suffixes: [Event]", "args:\n  lift: swiftrex", "liftoff: swiftrex", "# lift: swiftrex", "",
        ]
        for text in shapes {
            var diagnostics: [Diagnostic] = []
            let oracle = try XCTUnwrap(ConfigurationFile.parse(text, path: "rexgen.yml", diagnostics: &diagnostics),
                                       "\(text): \(diagnostics)")
            XCTAssertEqual(PluginConfigurationFile.liftValues(inYAML: text), oracle.lift?.map(\.rawValue), text)
        }
    }

    // MARK: - The two plugins

    func testBothPluginsPassTheSameArgumentsForTheSameTarget() {
        let configured = PluginConfigurationFile(path: "/p/rexgen.yml", liftValues: ["swiftrex"])
        let unusualPaths = ["/p/Sources/Feature/Line\nBreak.swift", "/p/Sources/Feature/Spaced Name.swift"]
        for planned in [
            invocation(dependencyModules: ["SwiftRex"]),
            invocation(dependencyModules: ["CombineFeedback"], configuration: configured),
            invocation(dependencyModules: [], references: []),
            invocation(dependencyModules: ["ReactiveFeedback"], sources: Self.sources + unusualPaths,
                       references: Self.references + ["/p/Sources/Core/Carriage\r\nReturn.swift"]),
        ] {
            assertBothPluginsAgree(planned)
        }
    }

    func testEachPluginAppendsOnlyItsOwnArguments() {
        let planned = invocation(dependencyModules: ["SwiftRex"],
                                 configuration: PluginConfigurationFile(path: "/p/rexgen.yml", liftValues: nil))
        let common = planned.commonArguments(passingPaths: .arguments)
        XCTAssertEqual(planned.buildToolArguments(outputDirectory: "/work"),
                       common + ["--file-per-source", "--output", "/work"])
        XCTAssertEqual(common, Self.sources + ["--reference"] + Self.references
            + ["--reference-module", "Core=/p/Sources/Core", "--config", "/p/rexgen.yml", "--lift", "swiftrex"])
        XCTAssertEqual(planned.commandArguments(sourceList: "/w/s", referenceList: "/w/r", outputDirectory: "/g",
                                                forwarding: ["--quiet"]),
                       ["generate", "--file-list", "/w/s", "--reference-list", "/w/r", "--reference-module",
                        "Core=/p/Sources/Core", "--config", "/p/rexgen.yml",
                        "--lift", "swiftrex", "--output", "/g", "--no-cache", "--quiet"])
    }

    /// A flag the user forwards to the command plugin wins, as flags win over rexgen.yml.
    func testALiftForwardedToTheCommandPluginReplacesTheDetectedOne() {
        let planned = invocation(dependencyModules: ["SwiftRex"])
        for forwarded in [["--lift", "combinefeedback"], ["--lift=none"]] {
            let arguments = planned.commandArguments(sourceList: "/w/s", referenceList: "/w/r", outputDirectory: "/g",
                                                     forwarding: forwarded)
            XCTAssertEqual(Array(arguments.suffix(forwarded.count)), forwarded)
            XCTAssertEqual(arguments.filter { $0.hasPrefix("--lift") }.count, 1, "\(arguments)")
        }
    }

    func testTheCommandPluginLeavesItsOwnGeneratedFilesOut() {
        let sources = ["/p/Sources/Feature/FeatureAction.swift", "/p/Sources/Feature/Generated/EnumProperties.generated.swift",
                       "/p/Sources/Feature/GeneratedHelpers.swift", "/p/Sources/Feature/Sub/Generated/Other.swift"]
        XCTAssertEqual(PluginInvocation.commandSources(sources, targetDirectory: "/p/Sources/Feature"),
                       ["/p/Sources/Feature/FeatureAction.swift", "/p/Sources/Feature/GeneratedHelpers.swift",
                        "/p/Sources/Feature/Sub/Generated/Other.swift"])
    }

    // MARK: - Helpers

    private static func values(of flag: String, in arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst()).filter { $0.0 == flag }.map(\.1)
    }

    /// The arguments as RexGen reads them: list files expanded, own flags set apart.
    private struct ReadArguments: Equatable {
        var sources: [String] = []
        var references: [String] = []
        var referenceModules: [String] = []
        var configuration: [String] = []
        var lifts: [String] = []
        var own: [String] = []

        init(_ arguments: [String], lists: [String: String] = [:]) {
            var remaining = arguments[...]
            var collectingReferences = false
            let lines = { (list: String?) in (list ?? "").split(separator: "\n").map(String.init) }
            while let argument = remaining.popFirst() {
                switch argument {
                case "generate": continue
                case "--reference": collectingReferences = true; continue
                case "--file-list": sources += lines(lists[remaining.popFirst() ?? ""])
                case "--reference-list": references += lines(lists[remaining.popFirst() ?? ""])
                case "--config": configuration.append(remaining.popFirst() ?? "")
                case "--reference-module": referenceModules.append(remaining.popFirst() ?? "")
                case "--lift": lifts.append(remaining.popFirst() ?? "")
                case "--output": own += [argument, remaining.popFirst() ?? ""]
                case _ where argument.hasPrefix("--"): own.append(argument)
                default:
                    if collectingReferences { references.append(argument) } else { sources.append(argument) }
                    continue
                }
                collectingReferences = false
            }
            // The command plugin passes a path with a line break after the listed ones.
            sources.sort()
            references.sort()
        }
    }

    private func assertBothPluginsAgree(_ planned: PluginInvocation, file: StaticString = #filePath, line: UInt = #line) {
        let build = ReadArguments(planned.buildToolArguments(outputDirectory: "/work/RexGenPlugin"))
        let command = ReadArguments(
            planned.commandArguments(sourceList: "/work/Feature.sources", referenceList: "/work/Feature.references",
                                     outputDirectory: "/p/Sources/Feature/Generated", forwarding: []),
            lists: ["/work/Feature.sources": planned.sourceListContents,
                    "/work/Feature.references": planned.referenceListContents])
        XCTAssertEqual(build.sources, planned.sources.sorted(), file: file, line: line)
        XCTAssertEqual(build.references, planned.references.sorted(), file: file, line: line)
        XCTAssertEqual(command.sources, build.sources, file: file, line: line)
        XCTAssertEqual(command.references, build.references, file: file, line: line)
        XCTAssertEqual(build.referenceModules, planned.referenceModules, file: file, line: line)
        XCTAssertEqual(command.referenceModules, build.referenceModules, file: file, line: line)
        XCTAssertEqual(command.configuration, build.configuration, file: file, line: line)
        XCTAssertEqual(command.configuration, planned.configuration.map { [$0.path] } ?? [], file: file, line: line)
        XCTAssertEqual(command.lifts, build.lifts, file: file, line: line)
        XCTAssertEqual(build.lifts, Self.values(of: "--lift", in: planned.liftArguments), file: file, line: line)
        XCTAssertEqual(build.own, ["--file-per-source", "--output", "/work/RexGenPlugin"], file: file, line: line)
        XCTAssertEqual(command.own, ["--output", "/p/Sources/Feature/Generated", "--no-cache"], file: file, line: line)
    }
}
