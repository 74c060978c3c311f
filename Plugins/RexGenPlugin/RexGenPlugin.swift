import Foundation
import PackagePlugin

/// Regenerates a target's enum properties and lift extensions whenever one of its Swift files, a
/// dependency target's Swift file or `rexgen.yml` changes. A build command (not a prebuild command), so
/// SwiftPM runs it only when an input changed; it only calls `RexGenBuildTool`, the generation part of
/// `rexgen` without its command-line and template dependencies, which every clean build pays for.
@main
struct RexGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let dependencies = target.recursiveTargetDependencies
        let references = dependencies.compactMap { $0 as? SwiftSourceModuleTarget }
        // SwiftRex 0.8 users import CombineRex, RxSwiftRex or ReactiveSwiftRex, which all bring SwiftRex. Each
        // framework's lifts are on when the target depends on its module, directly or through other targets.
        let moduleNames = Set(dependencies.map(\.name))
        let lifts = RexGenInvocation.liftFrameworks.filter { moduleNames.contains($0.module) }.map(\.flag)
        let configuration = [target.directoryURL, context.package.directoryURL]
            .map { $0.appendingPathComponent("rexgen.yml") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let invocation = RexGenInvocation(
            sources: target.sourceFiles(withSuffix: "swift").map(\.url),
            references: references.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) },
            configuration: configuration,
            lifts: lifts,
            outputDirectory: context.pluginWorkDirectoryURL)
        return [.buildCommand(
            displayName: "RexGen: generating enum properties\(lifts.isEmpty ? "" : " and lifts") for \(target.name)",
            executable: try context.tool(named: "RexGenBuildTool").url,
            arguments: invocation.arguments,
            inputFiles: invocation.inputFiles,
            outputFiles: invocation.outputFiles)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RexGenPlugin: XcodeBuildToolPlugin {
    /// Xcode gives no dependency list: the target's own Swift files are the sources, `reference:` in
    /// `rexgen.yml` names the rest, and the lift file is always written with every framework's lifts (each
    /// guarded by `#if canImport(<Module>)`).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        let configurationURL = context.xcodeProject.directoryURL.appendingPathComponent("rexgen.yml")
        let invocation = RexGenInvocation(
            sources: sources, references: [],
            configuration: FileManager.default.fileExists(atPath: configurationURL.path) ? configurationURL : nil,
            lifts: RexGenInvocation.liftFrameworks.map(\.flag), outputDirectory: context.pluginWorkDirectoryURL)
        return [.buildCommand(
            displayName: "RexGen: generating enum properties and lifts for \(target.displayName)",
            executable: try context.tool(named: "RexGenBuildTool").url,
            arguments: invocation.arguments,
            inputFiles: invocation.inputFiles,
            outputFiles: invocation.outputFiles)]
    }
}
#endif

/// One `rexgen generate` run: its arguments and the fixed set of files it reads and writes.
struct RexGenInvocation {
    var sources: [URL]
    var references: [URL]
    var configuration: URL?
    /// `--lift` values: the frameworks whose lifts to write; none, no lift file.
    var lifts: [String]
    var outputDirectory: URL

    /// The module a target depends on to use a framework, and the `--lift` value that turns its lifts on.
    static let liftFrameworks = [(module: "SwiftRex", flag: "swiftrex"), (module: "CombineFeedback", flag: "combinefeedback"),
                                 (module: "ReactiveFeedback", flag: "reactivefeedback")]

    /// Names known before anything runs, always all written (empty but valid when nothing applies), so
    /// SwiftPM can plan the build: enum properties in one file per source (`Foo.swift` →
    /// `Foo+EnumProperties.generated.swift`, so an edit recompiles one small file), enums from C headers
    /// in `EnumProperties.generated.swift`, and the lifts.
    var outputFiles: [URL] {
        let perSource = sources.map { $0.deletingPathExtension().lastPathComponent + "+EnumProperties.generated.swift" }
        let names = ["EnumProperties.generated.swift"] + perSource + (lifts.isEmpty ? [] : ["ActionLifts.generated.swift"])
        return names.map { outputDirectory.appendingPathComponent($0) }
    }

    var inputFiles: [URL] {
        sources + references + (configuration.map { [$0] } ?? [])
    }

    var arguments: [String] {
        var arguments = sources.map(\.path)
        if !references.isEmpty { arguments += ["--reference"] + references.map(\.path) }
        if let configuration { arguments += ["--config", configuration.path] }
        arguments += (lifts.isEmpty ? ["none"] : lifts).flatMap { ["--lift", $0] }
        arguments += ["--file-per-source", "--output", outputDirectory.path]
        return arguments
    }
}
