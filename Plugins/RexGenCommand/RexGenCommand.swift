import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory rexgen [--target NAME ...]`: writes the generated
/// files into a `Generated/` folder inside each chosen target, for teams that commit generated code.
/// Running it again rewrites nothing unless an enum changed.
@main
struct RexGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = extractor.extractOption(named: "target")
        let targets = try requested.isEmpty
            ? context.package.targets
            : context.package.targets(named: requested)
        let rexgen = try context.tool(named: "RexGen").url
        for case let target as SwiftSourceModuleTarget in targets where target.kind != .test {
            let dependencies = target.recursiveTargetDependencies
            let generated = target.directoryURL.appendingPathComponent("Generated")
            let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
                .filter { !$0.path.hasPrefix(generated.path + "/") }
            let configuration = [target.directoryURL, context.package.directoryURL]
                .map { $0.appendingPathComponent("rexgen.yml") }
                .first { FileManager.default.fileExists(atPath: $0.path) }
            let references = dependencies.compactMap { $0 as? SwiftSourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
            // Paths go in list files, one per line: swift-argument-parser's parsing time grows with the
            // square of the number of arguments, and a target can have thousands of files. (A path with a
            // line break in it, which a list cannot hold, is passed as an argument.)
            let breaksLine: (String) -> Bool = { $0.contains("\n") || $0.contains("\r") }
            let sourcePaths = sources.map(\.path)
            try FileManager.default.createDirectory(at: context.pluginWorkDirectoryURL, withIntermediateDirectories: true)
            let sourceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).sources")
            let referenceList = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).references")
            try Data(sourcePaths.filter { !breaksLine($0) }.map { $0 + "\n" }.joined().utf8).write(to: sourceList)
            try Data(references.filter { !breaksLine($0) }.map { $0 + "\n" }.joined().utf8).write(to: referenceList)
            var arguments = ["generate"] + sourcePaths.filter(breaksLine)
                + ["--file-list", sourceList.path, "--reference-list", referenceList.path]
            let unlistedReferences = references.filter(breaksLine)
            if !unlistedReferences.isEmpty { arguments += ["--reference"] + unlistedReferences }
            if let configuration { arguments += ["--config", configuration.path] }
            let usesSwiftRex = dependencies.contains { $0.name == "SwiftRex" }
            // No cache file beside code that teams commit.
            arguments += ["--lift", usesSwiftRex ? "swiftrex" : "none", "--output", generated.path, "--no-cache"]
            arguments += extractor.remainingArguments
            let process = Process()
            process.executableURL = rexgen
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("rexgen failed for target \(target.name) (exit code \(process.terminationStatus))")
                throw CommandFailure(target: target.name, status: process.terminationStatus)
            }
            print("RexGen: \(target.name) → \(generated.path)")
        }
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var target: String
        var status: Int32
        var description: String { "rexgen exited with \(status) for target \(target)" }
    }
}
