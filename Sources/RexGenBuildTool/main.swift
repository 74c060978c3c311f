import Foundation
import RexGenCore

// The build plugin's tool: `rexgen generate --output` and nothing else, without swift-argument-parser or
// Stencil, because every clean build of a package that uses the plugin builds this tool first.
//
//   RexGenBuildTool <sources...> [--reference <paths...>] [--config FILE] [--lift swiftrex|none]
//                   [--file-per-source] --output DIR [--quiet] [--verbose]
//
// Exit codes as `rexgen`'s: 0 success (warnings allowed), 1 errors in input, 2 usage.

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
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
switch diagnostics.containsErrors ? nil : IncrementalGeneration.run(options, outputDirectory: outputDirectory!,
                                                                     configurationFile: arguments.configurationPath,
                                                                     exitsAfterwards: true) {
case nil:
    break
case .upToDate(let previous)?:
    if !arguments.quiet { previous.forEach(printError) }
case .referencesChangedInNothingUsed(let previous, let readFiles)?:
    if !arguments.quiet { previous.forEach(printError) }
    if arguments.verbose {
        printError("RexGenBuildTool: \(readFiles) reference file(s) changed in nothing generation reads of them; outputs current")
    }
case .sourcesChangedInTheirOwnFiles(let previous, let readFiles, let written)?:
    if !arguments.quiet { previous.forEach(printError) }
    diagnostics += written.diagnostics
    if arguments.verbose {
        printError("RexGenBuildTool: \(readFiles) file(s) changed in nothing other outputs read of them; "
            + "\(written.written.count) of their own files written again")
    }
case .leafOfTheTreeChanged(let previous, let written)?:
    if !arguments.quiet { previous.forEach(printError) }
    diagnostics += written.diagnostics
    if arguments.verbose {
        printError("RexGenBuildTool: 1 file gained or lost a leaf of the action tree; its lift conformance "
            + "written or removed, \(written.written.count) file(s) written again")
    }
case .generated(let result, let written)?:
    diagnostics += result.diagnostics + written.diagnostics
    if arguments.verbose {
        for timing in result.timings {
            printError("RexGenBuildTool: \(timing.stage) \(String(format: "%.2f", timing.seconds * 1000)) ms  \(timing.detail)")
        }
    }
}
diagnostics.filter { !arguments.quiet || $0.severity == .error }.forEach { printError($0.description) }
exit(diagnostics.containsErrors ? 1 : 0)
