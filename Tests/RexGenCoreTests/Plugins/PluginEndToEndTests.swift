import Foundation
import XCTest

/// Builds the example app the way a user would: `swift build` runs the RexGen build plugin, an enum edit
/// is picked up by the next build with no other step, and the command plugin writes `Generated/`.
///
/// One test, because the first build of the example compiles RexGen and its dependencies (a minute or
/// two): every later step reuses that build folder.
final class PluginEndToEndTests: XCTestCase {
    private static let repositoryRoot = TestSupport.testsDirectory.deletingLastPathComponent()

    func testBuildPluginRegeneratesOnEnumChangeAndCommandPluginWritesGenerated() throws {
        let swift = try XCTUnwrap(Self.swiftExecutable, "cannot find 'swift' on PATH")
        let package = try copyOfExample()
        let scratch = package.appendingPathComponent(".build")
        // A source with public imports, one of a dependency target whose type a payload names: the plugin
        // passes that target's module (`--reference-module`), so the other is written `internal import`.
        try Data("""
            public import Foundation
            public import SwiftRex

            public enum ImportProbeAction { case source(ActionSource), none }
            public func importProbeDate() -> Date { Date() }

            """.utf8).write(to: package.appendingPathComponent("Sources/MovieFeature/ImportProbe.swift"))

        // 1. A clean build runs the plugin for both targets, and the app uses what it generated.
        let firstBuild = try build(package, scratch: scratch, swift: swift)
        XCTAssertFalse(firstBuild.stdout.contains("public import of"), firstBuild.summary)
        let probe = try String(contentsOf: try XCTUnwrap(try pluginOutputs(scratch).first {
            $0.lastPathComponent == "ImportProbe+EnumProperties.generated.swift"
        }), encoding: .utf8)
        XCTAssertEqual(probe.split(separator: "\n").filter { $0.contains("import ") },
                       ["internal import Foundation", "public import SwiftRex"])
        XCTAssertTrue(firstBuild.stdout.contains("RexGen: generating enum properties and lifts for MovieFeature"),
                      firstBuild.summary)
        XCTAssertTrue(firstBuild.stdout.contains("RexGen: generating enum properties and lifts for MovieApp"),
                      firstBuild.summary)
        let firstRun = try runApp(scratch)
        XCTAssertTrue(firstRun.stdout.contains("middleware dispatched: movie(MovieFeature.MovieAction.detail("
            + "MovieFeature.DetailAction.open(id: 7)))"), firstRun.summary)
        XCTAssertTrue(firstRun.stdout.contains("state: 2 movies, open 7, dark mode true"), firstRun.summary)
        XCTAssertFalse(firstRun.stdout.contains("refresh"), firstRun.summary)

        // 2. Nothing changed. SwiftPM relinks the plugin's tool once on the first rebuild after a clean
        // build, which reruns the command; RexGen then rewrites nothing, so nothing recompiles. After that
        // a no-op build does not run the command at all.
        let outputs = try pluginOutputs(scratch)
        // Per target: the lifts, enum properties from C headers (none here), and one file per source.
        XCTAssertEqual(outputs.map { "\($0.pathComponents.dropLast(3).last!)/\($0.lastPathComponent)" }.sorted(), [
            "MovieApp/ActionLifts.generated.swift", "MovieApp/AppAction+EnumProperties.generated.swift",
            "MovieApp/EnumProperties.generated.swift", "MovieApp/main+EnumProperties.generated.swift",
            "MovieFeature/ActionLifts.generated.swift", "MovieFeature/EnumProperties.generated.swift",
            "MovieFeature/ImportProbe+EnumProperties.generated.swift",
            "MovieFeature/MovieAction+EnumProperties.generated.swift",
            "MovieFeature/MovieFeature+EnumProperties.generated.swift",
        ], "\(outputs)")
        let outputDates = try outputs.map(modificationDate)
        _ = try build(package, scratch: scratch, swift: swift)
        XCTAssertEqual(try outputs.map(modificationDate), outputDates, "a rebuild with no change rewrote an output")
        let noOpBuild = try build(package, scratch: scratch, swift: swift)
        XCTAssertFalse(noOpBuild.stdout.contains("RexGen: generating"), noOpBuild.summary)

        // 3. Add a case in the feature module and use its generated property and lift from the app.
        let actions = package.appendingPathComponent("Sources/MovieFeature/MovieAction.swift")
        let source = try String(contentsOf: actions, encoding: .utf8)
        let edited = source.replacingOccurrences(of: "    case load\n", with: "    case load\n    case refresh\n")
        XCTAssertNotEqual(edited, source, "the fixture no longer has 'case load' in ListAction")
        try Data(edited.utf8).write(to: actions)
        let feature = package.appendingPathComponent("Sources/MovieFeature/MovieFeature.swift")
        let featureSource = try String(contentsOf: feature, encoding: .utf8)
            .replacingOccurrences(of: "case .load: state.isLoading = true",
                                  with: "case .load, .refresh: state.isLoading = true")
        try Data(featureSource.utf8).write(to: feature)
        let main = package.appendingPathComponent("Sources/MovieApp/main.swift")
        let mainSource = try String(contentsOf: main, encoding: .utf8) + """
            let refresh = ListAction.refresh.appAction
            print("refresh: \\(refresh.movie?.list?.isRefresh ?? false) \\(refresh)")

            """
        try Data(mainSource.utf8).write(to: main)

        let datesBeforeEdit = try outputs.map(modificationDate)
        let editBuild = try build(package, scratch: scratch, swift: swift)
        XCTAssertTrue(editBuild.stdout.contains("RexGen: generating enum properties and lifts for MovieFeature"),
                      editBuild.summary)
        // Only the edited source's own file is rewritten (the new case carries nothing, so the lifts stay),
        // so the compiler rebuilds that one rather than every enum's properties.
        let rewritten = try zip(outputs, datesBeforeEdit).filter { try modificationDate($0.0) != $0.1 }
            .map(\.0.lastPathComponent)
        XCTAssertEqual(rewritten, ["MovieAction+EnumProperties.generated.swift"])
        let secondRun = try runApp(scratch)
        XCTAssertTrue(secondRun.stdout.contains(
            "refresh: true movie(MovieFeature.MovieAction.list(MovieFeature.ListAction.refresh))"), secondRun.summary)

        // 4. The command plugin writes Generated/ into the target; a second run rewrites nothing.
        let generated = package.appendingPathComponent("Sources/MovieFeature/Generated")
        let firstCommand = try runCommandPlugin(package, scratch: scratch, swift: swift)
        XCTAssertEqual(firstCommand.exitCode, 0, firstCommand.summary)
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted()
        XCTAssertEqual(names, ["ActionLifts.generated.swift", "EnumProperties.generated.swift"])
        let properties = try String(contentsOf: generated.appendingPathComponent("EnumProperties.generated.swift"),
                                    encoding: .utf8)
        XCTAssertTrue(properties.hasPrefix("// Generated by RexGen"))
        XCTAssertTrue(properties.contains("public var isRefresh: Swift.Bool"))
        let before = try modificationDates(in: generated)
        let secondCommand = try runCommandPlugin(package, scratch: scratch, swift: swift)
        XCTAssertEqual(secondCommand.exitCode, 0, secondCommand.summary)
        XCTAssertEqual(try modificationDates(in: generated), before, "the second run rewrote a generated file")
    }

    // MARK: - Helpers

    private static let swiftExecutable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The example in a temporary folder, its `../..` dependency pointed at this checkout.
    private func copyOfExample() throws -> URL {
        let destination = try temporaryDirectory().appendingPathComponent("MovieApp")
        try FileManager.default.copyItem(at: Self.repositoryRoot.appendingPathComponent("Examples/MovieApp"),
                                         to: destination)
        try? FileManager.default.removeItem(at: destination.appendingPathComponent(".build"))
        let manifest = destination.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let pointed = text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(Self.repositoryRoot.path)\"")
        XCTAssertNotEqual(pointed, text, "the example's manifest no longer depends on RexGen at ../..")
        try Data(pointed.utf8).write(to: manifest)
        return destination
    }

    private func build(_ package: URL, scratch: URL, swift: URL) throws -> ProcessResult {
        let result = try TestSupport.run(swift, ["build", "--package-path", package.path, "--scratch-path", scratch.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        return result
    }

    private func runApp(_ scratch: URL) throws -> ProcessResult {
        let result = try TestSupport.run(scratch.appendingPathComponent("debug/MovieApp"), [])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        return result
    }

    private func runCommandPlugin(_ package: URL, scratch: URL, swift: URL) throws -> ProcessResult {
        try TestSupport.run(swift, ["package", "--package-path", package.path, "--scratch-path", scratch.path,
                                    "--allow-writing-to-package-directory", "rexgen", "--target", "MovieFeature"])
    }

    /// The build plugin's output files, wherever SwiftPM put its work directory.
    private func pluginOutputs(_ scratch: URL) throws -> [URL] {
        let root = scratch.appendingPathComponent("plugins/outputs")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(".generated.swift") }
            .sorted { $0.path < $1.path }
    }

    private func modificationDate(_ file: URL) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
    }

    private func modificationDates(in directory: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            dates[name] = attributes[.modificationDate] as? Date
        }
        return dates
    }
}
