import Foundation

/// The arguments, built in one place: both plugins start from `commonArguments` (the paths, the
/// configuration and the lifts) and append only what is their own, so the two cannot drift apart.
extension PluginInvocation {
    /// How the paths reach RexGen.
    enum PathPassing: Equatable {
        /// Every path an argument: RexGenBuildTool reads them in one cheap pass.
        case arguments
        /// Paths in list files, one per line: swift-argument-parser's parsing time grows with the square of
        /// the number of arguments, and a target can have thousands of files.
        case listFiles(sources: String, references: String)
    }

    /// A `--lift` the user forwards to the command plugin replaces the plugin's, as any flag replaces
    /// `lift:` in rexgen.yml; RexGen would otherwise add the two together.
    func commonArguments(passingPaths paths: PathPassing, forwarding forwarded: [String] = []) -> [String] {
        var arguments: [String]
        switch paths {
        case .arguments:
            arguments = sources
            if !references.isEmpty { arguments += ["--reference"] + references }
        case .listFiles(let sourceList, let referenceList):
            // A path with a line break, which a list cannot hold, is still an argument.
            arguments = sources.filter { !Self.fitsInList($0) }
                + ["--file-list", sourceList, "--reference-list", referenceList]
            let unlistedReferences = references.filter { !Self.fitsInList($0) }
            if !unlistedReferences.isEmpty { arguments += ["--reference"] + unlistedReferences }
        }
        for module in referenceModules { arguments += ["--reference-module", module] }
        if let configuration { arguments += ["--config", configuration.path] }
        if !forwarded.contains(where: { $0 == "--lift" || $0.hasPrefix("--lift=") }) { arguments += liftArguments }
        return arguments
    }

    // MARK: - The build plugin

    /// `RexGenBuildTool`'s arguments: one file per source, into the plugin's work directory.
    func buildToolArguments(outputDirectory: String) -> [String] {
        commonArguments(passingPaths: .arguments) + ["--file-per-source", "--output", outputDirectory]
    }

    // MARK: - The command plugin

    /// The folder inside the target that the command plugin writes.
    static let generatedFolderName = "Generated"

    /// A target's Swift files but the ones the command plugin wrote into its `Generated/` on an earlier
    /// run: read as sources, their declarations would clash with the ones generated again.
    static func commandSources(_ sources: [String], targetDirectory: String) -> [String] {
        let generated = URL(fileURLWithPath: targetDirectory).appendingPathComponent(generatedFolderName).path + "/"
        return sources.filter { !$0.hasPrefix(generated) }
    }

    /// `rexgen generate`'s arguments for the command plugin: into the target's `Generated/`, with no cache
    /// file beside code that teams commit, then whatever the user added.
    func commandArguments(sourceList: String, referenceList: String, outputDirectory: String,
                          forwarding forwarded: [String]) -> [String] {
        ["generate"] + commonArguments(passingPaths: .listFiles(sources: sourceList, references: referenceList),
                                       forwarding: forwarded)
            + ["--output", outputDirectory, "--no-cache"] + forwarded
    }

    /// The contents of the list files `commandArguments` names.
    var sourceListContents: String { Self.listContents(sources) }
    var referenceListContents: String { Self.listContents(references) }

    private static func listContents(_ paths: [String]) -> String {
        paths.filter(fitsInList).map { $0 + "\n" }.joined()
    }

    /// By bytes: a Swift `Character` holds "\r\n" as one, equal to neither "\r" nor "\n".
    static func fitsInList(_ path: String) -> Bool {
        !path.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}
