#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `rexgen.yml`: the settings flags can give, kept with the project. Relative paths in it are relative
/// to the file's own directory, so it means the same from any working directory.
public struct ConfigurationFile: Sendable, Equatable {
    public static let defaultName = "rexgen.yml"

    public var path: String
    public var sources: [String]?
    public var output: String?
    public var references: [String]?
    /// `referenceModules: {Lib: Sources/Lib}` as `--reference-module` values (`Lib=<resolved path>`).
    public var referenceModules: [String]?
    public var suffixes: [String]?
    public var allEnums: Bool?
    public var roots: [String]?
    /// One value (`lift: swiftrex`) or several (`lift: [swiftrex, combinefeedback]`).
    public var lift: [LiftStyle]?
    public var combineFeedbackAPI: CombineFeedbackAPI?
    /// Template names or paths (paths relative to this file).
    public var templates: [String]?
    public var templateArguments: [String: TemplateArgument]?
    public var cHeaders: [String]?
    public var includePaths: [String]?
    public var defines: [String]?
    public var casePaths: Bool?
    public var filePerSource: Bool?

    public init(path: String) {
        self.path = path
    }

    /// The keys this version understands; any other key is reported, so typos do not pass silently.
    static let knownKeys: Set<String> = ["sources", "output", "reference", "referenceModules", "suffixes", "allEnums", "roots", "lift", "combineFeedbackAPI", "templates", "args", "cHeaders", "includePaths", "defines", "casePaths", "filePerSource"]

    /// The nearest `rexgen.yml` in `directory` or any directory above it.
    public static func find(startingAt directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(defaultName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    public static func load(path: String, diagnostics: inout [Diagnostic]) -> ConfigurationFile? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(.error("cannot read configuration file '\(path)'", at: SourceLocation(file: path, line: 1, column: 1)))
            return nil
        }
        return parse(String(decoding: data, as: UTF8.self), path: path, diagnostics: &diagnostics)
    }

    public static func parse(_ text: String, path: String, diagnostics: inout [Diagnostic]) -> ConfigurationFile? {
        var reader = NodeReader(path: path)
        let root: YAMLNode?
        do {
            root = try YAMLSubset.parse(text)
        } catch {
            diagnostics.append(.error("invalid YAML: \(error.problem)", at: reader.location(error.mark)))
            return nil
        }
        var configuration = ConfigurationFile(path: path)
        guard let root else { return configuration }
        guard case .mapping(let mapping, _) = root else {
            diagnostics.append(.error("the configuration must be a mapping of keys to values", at: reader.location(root.mark)))
            return nil
        }
        let directory = PathText.deletingLastComponent(of: path)
        let resolve = { (relative: String) -> String in
            relative.hasPrefix("/") || directory.isEmpty ? relative : PathText.appending(relative, to: directory)
        }
        for entry in mapping {
            let (key, value) = (entry.key, entry.value)
            switch key {
            case "sources": configuration.sources = reader.strings(value)?.map(resolve)
            case "output": configuration.output = reader.string(value).map(resolve)
            case "reference": configuration.references = reader.strings(value)?.map(resolve)
            case "referenceModules": configuration.referenceModules = reader.referenceModules(value, resolve: resolve)
            case "suffixes": configuration.suffixes = reader.strings(value)
            case "allEnums": configuration.allEnums = reader.bool(value)
            case "roots": configuration.roots = reader.strings(value)
            case "lift": configuration.lift = reader.choices(value, of: LiftStyle.self)
            case "combineFeedbackAPI": configuration.combineFeedbackAPI = reader.choice(value, of: CombineFeedbackAPI.self)
            case "templates":
                // A built-in's name stays a name; anything else is a path relative to this file.
                configuration.templates = reader.strings(value)?.map { entry in
                    BuiltInTemplates.all.contains { $0.name == entry } ? entry : resolve(entry)
                }
            case "args": configuration.templateArguments = reader.templateArguments(value)
            case "cHeaders": configuration.cHeaders = reader.strings(value)?.map(resolve)
            case "includePaths": configuration.includePaths = reader.strings(value)?.map(resolve)
            case "defines": configuration.defines = reader.strings(value)
            case "casePaths": configuration.casePaths = reader.bool(value)
            case "filePerSource": configuration.filePerSource = reader.bool(value)
            default:
                reader.diagnostics.append(.warning("unknown key '\(key)' in configuration; known keys are "
                    + knownKeys.sorted().joined(separator: ", "), at: reader.location(entry.keyMark)))
            }
        }
        diagnostics += reader.diagnostics
        return reader.diagnostics.containsErrors ? nil : configuration
    }
}

/// Typed reads of YAML nodes that report a located error instead of guessing.
private struct NodeReader {
    let path: String
    var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    func location(_ mark: YAMLMark?) -> SourceLocation {
        SourceLocation(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    mutating func string(_ node: YAMLNode) -> String? {
        guard case .scalar(let text, _) = node else {
            diagnostics.append(.error("expected a single value", at: location(node.mark)))
            return nil
        }
        return text
    }

    /// A list, or a single value taken as a list of one.
    mutating func strings(_ node: YAMLNode) -> [String]? {
        if case .scalar = node { return string(node).map { [$0] } }
        guard case .sequence(let sequence, _) = node else {
            diagnostics.append(.error("expected a list of values", at: location(node.mark)))
            return nil
        }
        return sequence.compactMap { string($0) }
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: YAMLNode, of type: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let text = string(node) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.append(.error("'\(text)' is not one of: \(allowed)", at: location(node.mark)))
            return nil
        }
        return value
    }

    /// One choice or a list of them, each checked.
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ node: YAMLNode, of type: Choice.Type) -> [Choice]?
    where Choice.RawValue == String {
        let nodes: [YAMLNode]
        if case .sequence(let sequence, _) = node { nodes = sequence } else { nodes = [node] }
        let values = nodes.compactMap { choice($0, of: type) }
        return values.count == nodes.count ? values : nil
    }

    /// `args:` values: each a single value or a list of values.
    mutating func templateArguments(_ node: YAMLNode) -> [String: TemplateArgument]? {
        guard case .mapping(let mapping, _) = node else {
            diagnostics.append(.error("expected a mapping of keys to values", at: location(node.mark)))
            return nil
        }
        var result: [String: TemplateArgument] = [:]
        for entry in mapping {
            let (name, value) = (entry.key, entry.value)
            if case .sequence = value {
                result[name] = strings(value).map(TemplateArgument.list)
            } else if let text = string(value) {
                result[name] = .value(text)
            }
        }
        return result
    }

    /// `referenceModules:`, a module name for each folder: `["Lib=<folder>"]`.
    mutating func referenceModules(_ node: YAMLNode, resolve: (String) -> String) -> [String]? {
        guard case .mapping(let mapping, _) = node else {
            diagnostics.append(.error("expected a mapping of keys to values", at: location(node.mark)))
            return nil
        }
        var result: [String] = []
        for entry in mapping {
            guard let folder = string(entry.value) else { continue }
            guard ReferenceModules.isModuleName(Substring(entry.key)) else {
                diagnostics.append(.error("'\(entry.key)' is not a module name", at: location(entry.keyMark)))
                continue
            }
            result.append(entry.key + "=" + resolve(folder))
        }
        return result
    }

    /// YAML 1.1's spellings, as Yams reads them.
    private static let booleans: [String: Bool] = [
        "true": true, "True": true, "TRUE": true, "yes": true, "Yes": true, "YES": true, "on": true, "On": true, "ON": true,
        "false": false, "False": false, "FALSE": false, "no": false, "No": false, "NO": false, "off": false, "Off": false,
        "OFF": false,
    ]

    mutating func bool(_ node: YAMLNode) -> Bool? {
        guard case .scalar(let text, _) = node, let value = Self.booleans[text] else {
            diagnostics.append(.error("expected true or false", at: location(node.mark)))
            return nil
        }
        return value
    }
}
