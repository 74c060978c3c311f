import ArgumentParser
import Foundation
import RexGenCore
import RexGenTemplates

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code for the action enums in the given sources (the default command).")

    @OptionGroup var input: InputOptions

    @Option(help: "Write the generated files into this directory instead of printing them.")
    var output: String?

    @Flag(help: "Do not keep .rexgen-cache in the output directory (a run then always reads everything).")
    var noCache = false

    func run() throws {
        let resolved = try input.resolve(output: output)
        if noCache, let directory = resolved.outputDirectory {
            GenerationCache.remove(from: OutputDirectory(path: directory))
            let result = Pipeline.run(resolved.options, templateRenderer: StencilTemplateRenderer())
            input.report(result)
            guard !result.hasErrors else { throw ExitCode(1) }
            return try write(result, to: directory, options: resolved.options)
        }
        guard let directory = resolved.outputDirectory else {
            let result = Pipeline.run(resolved.options, templateRenderer: StencilTemplateRenderer())
            input.report(result)
            guard !result.hasErrors else { throw ExitCode(1) }
            Console.output(result.files.map(\.contents).joined(separator: "\n"))
            return
        }
        let clock = ContinuousClock.now
        let outcome = IncrementalGeneration.run(resolved.options, outputDirectory: directory,
                                                configurationFile: resolved.configurationFile,
                                                templateRenderer: StencilTemplateRenderer(), exitsAfterwards: true)
        ProcessLifetime.keepUntilExit(outcome)
        if !input.quiet { outcome.lastRunDiagnostics.forEach(Console.error) }
        if let result = outcome.result {
            input.report(result)
            guard !result.hasErrors else { throw ExitCode(1) }
        }
        if input.verbose { Console.error("rexgen: \(outcome.pathTaken) (\(ContinuousClock.now - clock)) in \(directory)") }
        if let written = outcome.written { try report(written, in: directory) }
    }

    private func write(_ result: Pipeline.Result, to directory: String, options: GenerationOptions) throws {
        try report(OutputDirectory(path: directory).write(result.files, removingStale: options.staleOutputSuffix),
                   in: directory)
    }

    private func report(_ written: OutputDirectory.WriteResult, in directory: String) throws {
        Console.report(written.diagnostics, quiet: input.quiet)
        if input.verbose {
            Console.error("rexgen: \(written.written.count) written, \(written.unchanged.count) unchanged, "
                + "\(written.removed.count) removed in \(directory)")
        }
        if written.diagnostics.containsErrors { throw ExitCode(1) }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 1 and list the stale files when the generated files in --output are not up to date.")

    @OptionGroup var input: InputOptions

    @Option(help: "The directory holding the generated files to check.")
    var output: String?

    func run() throws {
        let resolved = try input.resolve(requiringOutput: true, output: output)
        let result = Pipeline.run(resolved.options, templateRenderer: StencilTemplateRenderer())
        input.report(result)
        guard !result.hasErrors else { throw ExitCode(1) }
        let stale = OutputDirectory(path: resolved.outputDirectory!).staleFiles(comparedWith: result.files)
        for path in stale {
            Console.error(Diagnostic.error("generated file is stale; run 'rexgen generate' to update it",
                                           at: SourceLocation(file: path, line: 1, column: 1)).description)
        }
        if !stale.isEmpty { throw ExitCode(1) }
        if input.verbose { Console.error("rexgen: \(result.files.count) generated files up to date") }
    }
}

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the model RexGen reads from the sources.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, tree, dot, mermaid
    }

    @OptionGroup var input: InputOptions

    @Option(help: "json: JSON Lines, one enum declaration per line, selected or not; tree: the action tree per root; dot: the action tree for Graphviz; mermaid: the action tree as a Mermaid flowchart (GitHub renders it).")
    var format: Format = .json

    func run() throws {
        let resolved = try input.resolve()
        var diagnostics: [Diagnostic] = []
        var timings: [StageTiming] = []
        let model = Pipeline.readModel(resolved.options, diagnostics: &diagnostics, timings: &timings)
        switch format {
        case .json:
            Console.output(ModelDump.jsonLinesUTF8(model, rules: resolved.options.selection))
        case .tree, .dot, .mermaid:
            let tree = Pipeline.buildActionTree(model, resolved.options, diagnostics: &diagnostics)
            switch format {
            case .tree: Console.output(ActionTreeDump.tree(tree))
            case .dot: Console.output(ActionTreeDump.dot(tree))
            default: Console.output(ActionTreeDump.mermaid(tree))
            }
        }
        Console.report(diagnostics.sortedForDisplay(), quiet: input.quiet)
        if input.verbose { Console.report(timings) }
        if diagnostics.containsErrors { throw ExitCode(1) }
    }
}

