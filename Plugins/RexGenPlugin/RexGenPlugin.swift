import Foundation
import PackagePlugin

/// Regenerates a target's enum properties and lift extensions whenever one of its Swift files, a
/// dependency target's Swift file or `rexgen.yml` changes. A build command (not a prebuild command), so
/// SwiftPM runs it only when an input changed; it only calls `RexGenBuildTool`, the generation part of
/// `rexgen` without its command-line and template dependencies, which every clean build pays for.
///
/// What to generate is decided in `PluginsShared`, which the command plugin uses too: this file only adapts
/// PackagePlugin's values to it.
@main
struct RexGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let dependencies = target.recursiveTargetDependencies
        let referenceTargets = dependencies.compactMap { $0 as? SwiftSourceModuleTarget }
        let invocation = PluginInvocation(
            targetName: target.name,
            sources: target.sourceFiles(withSuffix: "swift").map(\.url.path),
            dependencyModules: dependencies.map(\.name),
            references: referenceTargets.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) },
            referenceModules: referenceTargets.map { "\($0.moduleName)=\($0.directoryURL.path)" },
            configuration: .find(targetDirectory: target.directoryURL.path,
                                 packageDirectory: context.package.directoryURL.path))
        return [try buildCommand(for: invocation, tool: context.tool(named: "RexGenBuildTool").url,
                                 workDirectory: context.pluginWorkDirectoryURL)]
    }

    func buildCommand(for invocation: PluginInvocation, tool: URL, workDirectory: URL) -> Command {
        let what = invocation.writesLiftFile ? "enum properties and lifts" : "enum properties"
        return .buildCommand(
            displayName: "RexGen: generating \(what) for \(invocation.targetName)",
            executable: tool,
            arguments: invocation.buildToolArguments(outputDirectory: workDirectory.path),
            inputFiles: invocation.inputPaths.map { URL(fileURLWithPath: $0) },
            outputFiles: invocation.outputFileNames(filePerSource: true).map(workDirectory.appendingPathComponent))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RexGenPlugin: XcodeBuildToolPlugin {
    /// Xcode gives no dependency list: the target's own Swift files are the sources, `reference:` in
    /// `rexgen.yml` names the rest, and the lifts are those of every framework (each guarded by
    /// `#if canImport(<Module>)`) unless the configuration's `lift:` chooses.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let invocation = PluginInvocation(
            targetName: target.displayName,
            sources: target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url.path),
            dependencyModules: LiftFrameworkDetection.frameworks.map(\.module),
            references: [],
            configuration: .find(inFirstOf: [context.xcodeProject.directoryURL.path]))
        return [try buildCommand(for: invocation, tool: context.tool(named: "RexGenBuildTool").url,
                                 workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
