import Foundation

/// One RexGen run for one target, as both plugins start it. Built from plain values (each plugin adapts
/// PackagePlugin's), so the same target gives both plugins the same sources, references, configuration and
/// lifts, and the tests can check it without PackagePlugin.
struct PluginInvocation: Equatable {
    var targetName: String
    var sources: [String]
    var references: [String]
    /// `NAME=DIR` for each dependency target whose files are among `references` (`--reference-module`): which
    /// module a reference's type comes from, so a generated file's unused public imports are written internal,
    /// and the lift file imports the modules whose enums its tree reaches.
    var referenceModules: [String]
    var configuration: PluginConfigurationFile?
    /// The `--lift` values of the frameworks found among the target's dependencies.
    var detectedLifts: [String]

    /// `dependencyModules`: the names of every module the target depends on, directly or not.
    init(targetName: String, sources: [String], dependencyModules: [String], references: [String],
         referenceModules: [String] = [], configuration: PluginConfigurationFile?) {
        self.targetName = targetName
        self.sources = sources
        self.references = references
        self.referenceModules = referenceModules
        self.configuration = configuration
        self.detectedLifts = LiftFrameworkDetection.liftValues(dependencyModules: dependencyModules)
    }

    // MARK: - Lifts

    /// A configuration's `lift:` is the user's choice and wins over detection: then no `--lift` is passed
    /// (a flag would override it) and RexGen reads it from the file. Otherwise the detected frameworks, or
    /// `none`: RexGen's own default, `swiftrex`, would give every target a lift file.
    var liftArguments: [String] {
        guard configuration?.liftValues == nil else { return [] }
        let values = detectedLifts.isEmpty ? [LiftFrameworkDetection.noLifts] : detectedLifts
        return values.flatMap { ["--lift", $0] }
    }

    /// The frameworks whose lifts the run writes (`none` beside a framework adds nothing, as in RexGen).
    var lifts: [String] {
        (configuration?.liftValues ?? detectedLifts).filter { $0 != LiftFrameworkDetection.noLifts }
    }

    var writesLiftFile: Bool { !lifts.isEmpty }

    // MARK: - Files

    /// What the run reads: a change to any of them makes the build plugin's command run again.
    var inputPaths: [String] {
        sources + references + (configuration.map { [$0.path] } ?? [])
    }

    /// Names known before anything runs, all always written (empty but valid when nothing applies):
    /// `EnumProperties.generated.swift` (with `filePerSource`, only the enums from C headers; each source's
    /// enums go to `<source>+EnumProperties.generated.swift`, so an edit recompiles one small file) and
    /// `ActionLifts.generated.swift` when lifts are written.
    func outputFileNames(filePerSource: Bool) -> [String] {
        let perSource = !filePerSource ? [] : sources.map {
            URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + "+EnumProperties.generated.swift"
        }
        return ["EnumProperties.generated.swift"] + perSource + (writesLiftFile ? ["ActionLifts.generated.swift"] : [])
    }
}
