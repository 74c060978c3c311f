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
            var arguments = ["generate"] + sources.map(\.path)
            let references = dependencies.compactMap { $0 as? SwiftSourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
            if !references.isEmpty { arguments += ["--reference"] + references }
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
