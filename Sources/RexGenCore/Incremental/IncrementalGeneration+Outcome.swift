extension IncrementalGeneration {
    /// The path a run took and what it did: one value, which the CLI and the build tool print the same way.
    public enum Outcome: Sendable {
        /// Nothing changed: the files in DIR are current. The diagnostics are the last run's, to show again.
        case upToDate(diagnostics: [String])
        /// Every edited file changed in nothing another output reads of it (see `EarlyCutOff`): the last run's
        /// outputs hold but for the edited sources' own files (with one file per source), which were rendered
        /// again and written where their content changed; the cache now knows the edited files as they are.
        /// The diagnostics are the last run's.
        case editsStayedInTheirFiles(diagnostics: [String], readFiles: Int, editedSources: Int,
                                     written: OutputDirectory.WriteResult)
        /// One file changed the action tree (see `TreeEdit`): the conformances whose path changed were
        /// planned and written into the last run's lift file (or cut out of it), a source's own file rendered
        /// again, and nothing else changed. The diagnostics are the last run's, with the lift planner's anew.
        case treeChanged(diagnostics: [String], written: OutputDirectory.WriteResult)
        case generated(Pipeline.Result, OutputDirectory.WriteResult)

        /// The diagnostics, as printed lines, that a run taking a shorter path shows: the last run's, or
        /// for a tree edit the last run's with the lift planner's anew.
        public var lastRunDiagnostics: [String] {
            switch self {
            case .upToDate(let lines), .editsStayedInTheirFiles(let lines, _, _, _), .treeChanged(let lines, _): lines
            case .generated: []
            }
        }

        /// The whole run's result, when it went the whole way.
        public var result: Pipeline.Result? {
            if case .generated(let result, _) = self { return result }
            return nil
        }

        /// What was written, when anything could have been.
        public var written: OutputDirectory.WriteResult? {
            switch self {
            case .upToDate: nil
            case .editsStayedInTheirFiles(_, _, let editedSources, let written): editedSources == 0 ? nil : written
            case .treeChanged(_, let written), .generated(_, let written): written
            }
        }

        /// This run's new diagnostics: the analysis's on the whole way, and the writing's.
        public var diagnostics: [Diagnostic] {
            (result?.diagnostics ?? []) + (written?.diagnostics ?? [])
        }

        /// The path the run took, in a line for `--verbose`.
        public var pathTaken: String {
            switch self {
            case .upToDate: "nothing changed since the last run; the outputs are current"
            case .editsStayedInTheirFiles(_, let readFiles, 0, _):
                "\(readFiles) file(s) changed in nothing generation reads of them; the outputs are current"
            case .editsStayedInTheirFiles(_, let readFiles, _, let written):
                "\(readFiles) file(s) changed in nothing other outputs read of them; only their own files were "
                    + "rendered again, \(written.written.count) written"
            case .treeChanged(_, let written):
                "1 file changed the action tree; only the lift conformances whose path changed (and the file's "
                    + "own output) were written or removed, \(written.written.count) file(s) written"
            case .generated(let result, let written):
                "the whole way: \(result.parsedFileCount) file(s) parsed, \(written.written.count) written, "
                    + "\(written.unchanged.count) unchanged, \(written.removed.count) removed"
            }
        }
    }
}
