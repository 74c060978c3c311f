#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the outputs of other files, the action tree and the lift file read of one input file, without
/// positions: when an edit leaves it as it was, no output can change but the edited source's own file (see
/// `EarlyCutOff`).
///
/// Of every file, its summary (`ParsedFile.referenceSummary(rules:)`, which is all a reference is kept as),
/// hashed without lines and columns and without the cases whose payload cannot name an action enum of the
/// last run's model (`case loaded([Movie])`: see `EdgeNames`). Of a source, also its imports (the lift file
/// copies them) and the names of all its enums (`EdgeNames` lists them, action enums or not).
///
/// Lines and columns matter nowhere else: no output names a line, and whatever is ordered by position is
/// ordered by file first, then by order within the file, which an equality without positions keeps.
struct CrossFileSummary: Equatable {
    private var declarations: RenderedSections.Key
    private var imports: [ImportDeclaration] = []
    private var enumNames: [String] = []

    /// - Parameter file: a reference's summary as the reader keeps it, or a source's whole parse.
    /// - Parameter excluding: names to leave out of `edgeNames`.
    init(_ file: ParsedFile, isReference: Bool, rules: SelectionRules, edgeNames: EdgeNames,
         excluding: Set<String> = []) {
        declarations = Self.comparable(isReference ? file : file.referenceSummary(rules: rules), edgeNames: edgeNames,
                                       excluding: excluding)
        if !isReference {
            imports = file.imports
            enumNames = file.enums.map(\.qualifiedName)
        }
    }

    /// A summary's encoding without positions, and without the cases whose payload cannot name an action enum.
    static func comparable(_ summary: ParsedFile, edgeNames: EdgeNames, excluding: Set<String> = []) -> RenderedSections.Key {
        var summary = summary
        for index in summary.enums.indices {
            summary.enums[index].cases.removeAll { enumCase in
                guard enumCase.canCarrySubAction,
                      let last = TypeNameResolver.split(enumCase.associatedValues![0].typeText)?.components.last else {
                    return true
                }
                return excluding.contains(last) || !edgeNames.contains(last)
            }
        }
        return ParsedFileCoding.positionFreeHash(of: summary)
    }
}

/// The last name of every enum and typealias in a model, each on its own line (the first and the last too):
/// `TypeNameResolver` resolves a payload type whose last name is none of these to nothing (the tree's nodes,
/// and the enums that can become nodes, are among the enums), so a case with such a payload is no edge of
/// the tree. Those names stay valid across runs that take `EarlyCutOff`: an edit that adds, removes or
/// renames an enum or a typealias changes a file's `CrossFileSummary`.
struct EdgeNames {
    /// As the cache keeps them: one string, split only by a run that needs it.
    var lines: String

    init(lines: String) {
        self.lines = lines
    }

    init(in model: SourceModel) {
        var names = Set<String>()
        for file in model.allFiles {
            for declaration in file.enums { names.insert(declaration.name) }
            for alias in file.typeAliases { names.insert(String(TypeNameResolver.lastComponent(alias.qualifiedName))) }
        }
        lines = "\n" + names.sorted().joined(separator: "\n") + "\n"
    }

    /// Whether `name` is one of the lines: searched in the bytes, as only the few cases of the edited files
    /// are looked up (splitting tens of thousands of names into a set would cost more, in the debug build
    /// most of the run).
    func contains(_ name: String) -> Bool {
        NameLines.contains(name, inLines: lines)
    }
}
