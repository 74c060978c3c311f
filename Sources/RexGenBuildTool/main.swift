#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import RexGenCore

// The build plugin's tool: `rexgen generate --output` and nothing else, without swift-argument-parser or
// Stencil, because every clean build of a package that uses the plugin builds this tool first.
//
//   RexGenBuildTool <sources...> [--reference <paths...>] [--config FILE] [--lift swiftrex|none]
//                   [--file-per-source] --output DIR [--quiet] [--verbose]
//
// Exit codes as `rexgen`'s: 0 success (warnings allowed), 1 errors in input, 2 usage.

func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

let arguments: BuildToolArguments
do {
    arguments = try BuildToolArguments(parsing: CommandLine.arguments.dropFirst())
} catch {
    printError("RexGenBuildTool: \(error.message)")
    exit(2)
}

var diagnostics: [Diagnostic] = []
let configuration = arguments.configurationPath.flatMap { ConfigurationFile.load(path: $0, diagnostics: &diagnostics) }
let (options, outputDirectory) = arguments.flags.merged(over: configuration)
if !diagnostics.containsErrors {
    let outcome = IncrementalGeneration.run(options, outputDirectory: outputDirectory!,
                                            configurationFile: arguments.configurationPath, exitsAfterwards: true)
    if !arguments.quiet { outcome.lastRunDiagnostics.forEach(printError) }
    diagnostics += outcome.diagnostics
    if arguments.verbose {
        printError("RexGenBuildTool: \(outcome.pathTaken)")
        for timing in outcome.result?.timings ?? [] {
            printError("RexGenBuildTool: \(timing.stage) \((timing.seconds * 1000).formatted(decimals: 2)) ms  \(timing.detail)")
        }
    }
}
diagnostics.filter { !arguments.quiet || $0.severity == .error }.forEach { printError($0.description) }
exit(diagnostics.containsErrors ? 1 : 0)
