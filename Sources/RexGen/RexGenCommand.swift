import ArgumentParser
import Foundation
import RexGenCore

struct RexGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rexgen",
        abstract: "Generates enum properties and SwiftRex lift extensions for Redux-style action enums.",
        version: RexGenVersion.current,
        subcommands: [GenerateCommand.self, CheckCommand.self, DumpCommand.self, WatchCommand.self, TemplatesCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}

/// Flags shared by every command that reads sources.
struct InputOptions: ParsableArguments {
    @Argument(help: "Swift files or directories (recursing into *.swift, skipping .build and hidden folders).")
    var paths: [String] = []

    @Option(parsing: .upToNextOption,
            help: "Sources read only to resolve names (e.g. dependency targets); nothing is generated for them.")
    var reference: [String] = []

    @Option(name: .customLong("file-list"),
            help: "A file naming more input paths, one per line: for thousands of files (the command plugin's way).")
    var fileLists: [String] = []

    @Option(name: .customLong("reference-list"), help: "A file naming more --reference paths, one per line.")
    var referenceLists: [String] = []

    @Option(name: .customLong("reference-module"),
            help: "NAME=DIR: the references under DIR are module NAME's (repeatable), so a generated file's unused public imports are written internal, and the lift file imports the modules its tree reaches.")
    var referenceModules: [String] = []

    @Flag(inversion: .prefixedNo, help: "Select every enum, whatever its name.")
    var allEnums: Bool?

    @Option(name: .customLong("suffix"), help: "Select enums whose name ends in this (repeatable; default Action, Event).")
    var suffixes: [String] = []

    @Option(name: .customLong("root"), help: "A root action enum for the lift extensions (repeatable; default: every action enum in the sources that has no parent).")
    var roots: [String] = []

    @Option(help: "Lift extensions to generate: swiftrex (default), combinefeedback, reactivefeedback, reactor, or none (repeatable).")
    var lift: [LiftStyle] = []

    @Option(name: .customLong("combine-feedback-api"),
            help: "The CombineFeedback API the pullbacks are written for: release (0.7.0, the default) or master.")
    var combineFeedbackAPI: CombineFeedbackAPI?

    @Option(name: .customLong("template"),
            help: "Render this built-in template (by name) or template file (by path) instead of the default outputs (repeatable).")
    var templates: [String] = []

    @Option(name: .customLong("args"), help: "A value templates read as argument.<key>: key=value (repeatable).")
    var templateArguments: [String] = []

    @Option(name: .customLong("c-header"),
            help: "A C or Objective-C header whose enums join the model, read through libclang (repeatable).")
    var cHeaders: [String] = []

    @Option(name: [.customShort("I"), .customLong("include-path")], help: "A header search path for --c-header (repeatable).")
    var includePaths: [String] = []

    @Option(name: [.customShort("D"), .customLong("define")], help: "A macro for --c-header: NAME or NAME=VALUE (repeatable).")
    var defines: [String] = []

    @Flag(inversion: .prefixedNo,
          help: "Write enum properties into one file per source (Foo+EnumProperties.generated.swift) instead of one file.")
    var filePerSource: Bool?

    @Flag(inversion: .prefixedNo,
          help: "Also give each selected enum swift-case-paths 1.x's CasePathable conformance, without the macro.")
    var casePaths: Bool?

    @Option(help: "Path of the configuration file (default: the nearest rexgen.yml upward from here).")
    var config: String?

    @Flag(help: "Only print errors.")
    var quiet = false

    @Flag(help: "Print per-stage timings.")
    var verbose = false

    /// Flags merged over the configuration file: flags win.
    func resolve(requiringOutput: Bool = false, output: String? = nil) throws -> ResolvedInput {
        var diagnostics: [Diagnostic] = []
        var file: ConfigurationFile?
        let configurationPath = config ?? ConfigurationFile.find(startingAt: FileManager.default.currentDirectoryPath)
        if let configurationPath {
            file = ConfigurationFile.load(path: configurationPath, diagnostics: &diagnostics)
        }
        Console.report(diagnostics, quiet: quiet)
        if diagnostics.containsErrors { throw ExitCode(1) }
        var flags = FlagSettings()
        flags.sources = try paths + Self.paths(listedIn: fileLists, option: "--file-list")
        flags.references = try reference + Self.paths(listedIn: referenceLists, option: "--reference-list")
        do {
            _ = try ReferenceModules(arguments: referenceModules)
        } catch {
            throw ValidationError(error.description)
        }
        flags.referenceModules = referenceModules
        flags.allEnums = allEnums
        flags.suffixes = suffixes
        flags.roots = roots
        flags.lift = lift
        flags.combineFeedbackAPI = combineFeedbackAPI
        flags.templates = templates
        flags.templateArguments = try parsedTemplateArguments()
        flags.cHeaders = cHeaders
        flags.includePaths = includePaths
        flags.defines = defines
        flags.filePerSource = filePerSource
        flags.casePaths = casePaths
        flags.output = output
        let (options, outputDirectory) = flags.merged(over: file)
        guard !options.sources.isEmpty else {
            throw ValidationError("No input paths: pass files or directories, or list them under 'sources:' in rexgen.yml.")
        }
        if requiringOutput, outputDirectory == nil {
            throw ValidationError("Missing '--output <dir>' (or 'output:' in rexgen.yml).")
        }
        return ResolvedInput(options: options, outputDirectory: outputDirectory, configurationFile: configurationPath)
    }

    /// The non-empty lines of each list file. Long lists come this way because swift-argument-parser's
    /// parsing time grows with the square of the number of arguments: 5,000 file paths took 0.6 s.
    private static func paths(listedIn lists: [String], option: String) throws -> [String] {
        try lists.flatMap { list -> [String] in
            guard let text = try? String(contentsOfFile: list, encoding: .utf8) else {
                throw ValidationError("\(option) '\(list)' cannot be read as UTF-8 text")
            }
            return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init).filter { !$0.isEmpty }
        }
    }

    private func parsedTemplateArguments() throws -> [String: TemplateArgument] {
        var arguments: [String: TemplateArgument] = [:]
        for pair in templateArguments {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--args takes key=value, not '\(pair)'")
            }
            let key = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            arguments[key] = arguments[key].map { $0.appending(value) } ?? .value(value)
        }
        return arguments
    }

    func report(_ result: Pipeline.Result) {
        Console.report(result.diagnostics, quiet: quiet)
        if verbose { Console.report(result.timings) }
    }
}

struct ResolvedInput {
    var options: GenerationOptions
    var outputDirectory: String?
    /// The `rexgen.yml` the settings came from, if any: an input of the run too.
    var configurationFile: String?
}

extension LiftStyle: ExpressibleByArgument {}
extension CombineFeedbackAPI: ExpressibleByArgument {}
