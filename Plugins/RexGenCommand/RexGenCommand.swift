import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory rexgen [--target NAME ...]`: writes the generated
/// files into a `Generated/` folder inside each chosen target, for teams that commit generated code.
/// Running it again rewrites nothing unless an enum changed.
///
/// What to generate is decided in `PluginsShared`, which the build plugin uses too, so a target gets the
/// same lifts, configuration and references from both: this file only adapts PackagePlugin's values to it.
@main
struct RexGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = extractor.extractOption(named: "target")
        let forwarded = extractor.remainingArguments
        let targets = try requested.isEmpty
            ? context.package.targets
            : context.package.targets(named: requested)
        let rexgen = try context.tool(named: "RexGen").url
        try FileManager.default.createDirectory(at: context.pluginWorkDirectoryURL, withIntermediateDirectories: true)
        for case let target as SwiftSourceModuleTarget in targets where target.kind != .test {
            let dependencies = target.recursiveTargetDependencies
            let referenceTargets = dependencies.compactMap { $0 as? SwiftSourceModuleTarget }
            let invocation = PluginInvocation(
                targetName: target.name,
                sources: PluginInvocation.commandSources(target.sourceFiles(withSuffix: "swift").map(\.url.path),
                                                         targetDirectory: target.directoryURL.path),
                dependencyModules: dependencies.map(\.name),
                references: referenceTargets.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) },
                referenceModules: referenceTargets.map { "\($0.moduleName)=\($0.directoryURL.path)" },
                configuration: .find(targetDirectory: target.directoryURL.path,
                                     packageDirectory: context.package.directoryURL.path))
            let sourceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).sources")
            let referenceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).references")
            try Data(invocation.sourceListContents.utf8).write(to: sourceList)
            try Data(invocation.referenceListContents.utf8).write(to: referenceList)
            let generated = target.directoryURL.appendingPathComponent(PluginInvocation.generatedFolderName)
            try run(rexgen, invocation.commandArguments(sourceList: sourceList.path, referenceList: referenceList.path,
                                                        outputDirectory: generated.path, forwarding: forwarded),
                    for: target.name)
            print("RexGen: \(target.name) → \(generated.path)")
        }
    }

    private func run(_ rexgen: URL, _ arguments: [String], for targetName: String) throws {
        let process = Process()
        process.executableURL = rexgen
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("rexgen failed for target \(targetName) (exit code \(process.terminationStatus))")
            throw CommandFailure(target: targetName, status: process.terminationStatus)
        }
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var target: String
        var status: Int32
        var description: String { "rexgen exited with \(status) for target \(target)" }
    }
}
