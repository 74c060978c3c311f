/// The settings flags gave (nil or empty when a flag was not given), merged over `rexgen.yml`: flags win.
/// Shared by `rexgen` and the build plugin's tool, so both read a configuration the same way.
public struct FlagSettings: Sendable, Equatable {
    public var sources: [String] = []
    public var references: [String] = []
    /// `--reference-module` values, checked (`ReferenceModules(arguments:)`).
    public var referenceModules: [String] = []
    public var allEnums: Bool?
    public var suffixes: [String] = []
    public var roots: [String] = []
    /// `--lift` values; empty when the flag was not given.
    public var lift: [LiftStyle] = []
    public var combineFeedbackAPI: CombineFeedbackAPI?
    public var templates: [String] = []
    public var templateArguments: [String: TemplateArgument] = [:]
    public var cHeaders: [String] = []
    public var includePaths: [String] = []
    public var defines: [String] = []
    public var casePaths: Bool?
    public var filePerSource: Bool?
    public var output: String?

    public init() {}

    /// The options for a run, and its output directory (nil: print to stdout).
    public func merged(over file: ConfigurationFile?) -> (options: GenerationOptions, outputDirectory: String?) {
        let selection = SelectionRules(
            suffixes: suffixes.isEmpty ? file?.suffixes ?? SelectionRules.defaultSuffixes : suffixes,
            selectsAllEnums: allEnums ?? file?.allEnums ?? false)
        let options = GenerationOptions(
            sources: sources.isEmpty ? file?.sources ?? [] : sources,
            references: references.isEmpty ? file?.references ?? [] : references,
            selection: selection, lift: LiftSelection(lift.isEmpty ? file?.lift ?? [.swiftRex] : lift),
            combineFeedbackAPI: combineFeedbackAPI ?? file?.combineFeedbackAPI ?? .release,
            roots: roots.isEmpty ? file?.roots ?? [] : roots,
            templates: templates.isEmpty ? file?.templates ?? [] : templates,
            templateArguments: (file?.templateArguments ?? [:]).merging(templateArguments) { $1 },
            cHeaders: CHeaderOptions(
                headers: cHeaders.isEmpty ? file?.cHeaders ?? [] : cHeaders,
                includePaths: includePaths.isEmpty ? file?.includePaths ?? [] : includePaths,
                defines: defines.isEmpty ? file?.defines ?? [] : defines),
            casePaths: casePaths ?? file?.casePaths ?? false,
            filePerSource: filePerSource ?? file?.filePerSource ?? false,
            referenceModules: (try? ReferenceModules(
                arguments: referenceModules.isEmpty ? file?.referenceModules ?? [] : referenceModules)) ?? ReferenceModules())
        return (options, output ?? file?.output)
    }
}
