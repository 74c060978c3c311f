#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// After an edit in one file that changes the action tree (a case carrying an action enum added or removed,
/// a leaf enum added, removed or renamed), the tree is edited rather than built again: the last run's
/// `TreeShape` gets the file's nodes and edges anew, both shapes are walked as `LiftPlanner` walks the tree,
/// and only the conformances whose path or node differs are planned and rendered, from the declarations
/// along their path (the rest are copied from the last run's lift file). The lift planner's warnings
/// (ambiguous nodes) are worked out for both shapes and swapped in the last run's diagnostics. In a modular
/// app this is the app target's build after a feature's action changes shape: it reads the one edited file,
/// not every module's. With one file per source (the build plugin's layout), the edited file may be a source
/// too: its own file is then planned and rendered again as `EarlyCutOff` does it.
///
/// It applies when, against the last run's cache (after `EarlyCutOff` did not):
/// - the options, extra files, inputs and outputs are as `EarlyCutOff` requires, the run writes the built-in
///   lift file (no templates, no C headers, no Reactor) and no output is among the inputs;
/// - exactly one input changed: a reference, or with one file per source a source whose imports are as
///   they were, with no diagnostic of its own before or now, named by none of the last run's (but the lift
///   planner's, which are worked out anew);
/// - every enum of the file, before and after, is declared at the top level; none has an enum of another
///   file declared inside it;
/// - the names of enums that the file gains or loses (or that become or stop being nodes) are ASCII, named
///   by no other input's cached parse, by no `--root`, by no module of `--reference-module` and by none of
///   the file's typealiases;
/// - apart from those enums and every enum's cases, the file's summary is as it was;
/// - each payload of the file's nodes that can name a node is one its node had last time (the same text,
///   which names no changed name: it resolves as it did), or a plain name (`FeatureAction`) that no
///   typealias takes, or ends in a name no enum or typealias has, and, in a reference, no source's node has
///   (another module looks past it to a reference's of that name); with `--reference-module`, a name that
///   two nodes have is none of them (a reference's means its own module's), and another module's node is
///   named only by a file that imports its module (with its SPI group, if it has one); another module's node
///   is none whose name two files declare as types (`TreeShape.namesDeclaredTwice`: a type of the file's own
///   module would hide it);
/// - with `--reference-module`, no conformance planned anew is of a reference's enum whose first name a
///   source or another module's reference mentions, or a lift framework declares, nor of a module a type or
///   typealias is named like (`TreeShape.modulesNamedLikeTypes`): how the lift file names it with its module
///   depends on those (`LiftPlanner.qualifyForeignEnums`);
/// - an edited reference states the SPI groups it did on its action enums and cases (the lift file imports
///   its module with them);
/// - an edited source's cases and members named like a root's conformance property are as they were, and no
///   conformance planned anew is of a source's enum while a source's parse mentions that name (such a case
///   or member leaves the conformance out: `RootMemberClash`);
/// - the roots are the same nodes, each with a name of its own (no generic one in the file), and the same
///   source files hold conformances (the lift file copies their imports), and, with `--reference-module`, each
///   root's conformances lie in the same modules' references (the lift file imports those modules);
/// - every generic node reached meets the fate it met last time, along the same path (`PathMatcher`): what
///   `LiftPlanner` makes of one depends on its arguments, which the shape does not hold;
/// - at most `Relift.mostPlanned` conformances are planned anew (beyond, the whole way costs as much).
/// Anything else goes the usual way (`IncrementalReading`, then the whole analysis).
enum TreeEdit {
    /// The edit for this run (the edited file read again, the lift file and a source's own file where they
    /// changed, the tree's shape, payload names and diagnostics anew), or nil when it does not apply.
    /// - Parameter edited: the inputs that may have changed, read again; the caller checked the options, the
    ///   input list and the outputs (`IncrementalGeneration.unsureInputs`).
    /// - Parameter inputCount: how many Swift files the run reads, its outputs among them.
    static func taken(_ cache: GenerationCache, edited: EditedInputs, options: GenerationOptions, inputs: InputSignatures,
                      inputCount: Int, directory: OutputDirectory) -> LastRunPatch? {
        // Inputs whose parse is as it was (a racy file rewritten alike, a file touched) change nothing.
        let changed = edited.files.filter { !$0.isUnchanged }
        let liftDiagnostics = { (line: String) in line.hasSuffix(" conformance is generated for it") }
        guard changed.count == 1, let file = changed.first, file.isReference || options.filePerSource,
              options.templates.isEmpty, !options.lift.isEmpty, !options.lift.contains(.reactor),
              options.cHeaders.headers.isEmpty, inputCount == inputs.paths.count, let oldShape = cache.treeShape,
              !edited.files.contains(where: \.hasDiagnostics),
              !cache.diagnostics.contains(where: { $0.contains(file.path) && !liftDiagnostics($0) }),
              // A clash leaves a conformance out (`RootMemberClash`): the edited file must keep its clashes as
              // they were. (An enum left out by one has no section, so `Relift` declines a walk that reaches it.)
              EarlyCutOff.keepsRootMemberClashes(cache, edited: edited),
              // The lift file imports a reference's module with every SPI group its references state
              // (`LiftPlanner.spiImports`): the edited reference must state the ones it did.
              !file.isReference || LiftPlanner.spiAttributes(in: file.old) == LiftPlanner.spiAttributes(in: file.new),
              let edit = FileTreeEdit(old: file.old, new: file.new, index: file.index, isSource: !file.isReference,
                                      cache: cache, shape: oldShape, options: options),
              let text = cache.previousFile(LiftRenderer.fileName, in: directory) else { return nil }
        let (index, old, new) = (file.index, file.old, file.new)
        var declarations = Declarations(cache: cache, edited: index, file: old)
        var newDeclarations = Declarations(cache: cache, edited: index, file: new)
        guard let relift = Relift(old: oldShape, new: edit.shape, edit: edit, sections: cache.liftSections, text: text,
                                  declarations: &declarations, newDeclarations: &newDeclarations, options: options),
              let diagnostics = LiftDiagnosticSwap.swapped(in: cache.diagnostics, removing: relift.oldDiagnostics,
                                                           adding: relift.newDiagnostics) else { return nil }
        var shape = edit.shape
        shape.lifted = relift.lifted
        var patch = LastRunPatch(replacedRecords: edited.records, edgeNames: edit.edgeNames, lift: (relift.sections, shape),
                                 diagnostics: diagnostics)
        // A source's own file has the file's new cases' properties (the build plugin's layout): planned last,
        // as it decodes the whole model, which an edit that is not taken need not.
        if !file.isReference {
            guard let (files, model) = EarlyCutOff.ownFiles(cache, edited: [index: new], options: options) else { return nil }
            patch.files = files
            patch.model = model
        }
        if relift.text != text {
            guard let outputIndex = cache.outputs.firstIndex(where: { $0.path == LiftRenderer.fileName }) else { return nil }
            patch.files.append((GeneratedFile(name: LiftRenderer.fileName, contents: String(decoding: relift.text, as: UTF8.self)),
                                outputIndex, nil))
        }
        return patch
    }
}

/// The enums of the cached parses, decoded a file at a time as the walk needs them; the edited file as
/// given (before the edit or after it).
struct Declarations {
    let cache: GenerationCache
    let edited: Int
    private var files: [Int: ParsedFile]
    private var mentions: [String: Bool] = [:]

    init(cache: GenerationCache, edited: Int, file: ParsedFile) {
        self.cache = cache
        self.edited = edited
        files = [edited: file]
    }

    /// `GenerationCache.sourceParses(mention:)`, searched once per name.
    mutating func sourceParsesMention(_ name: String) -> Bool {
        if let known = mentions[name] { return known }
        let found = cache.sourceParses(mention: name)
        mentions[name] = found
        return found
    }

    mutating func declaration(of node: TreeShape.Node) -> EnumDeclaration? {
        if files[node.fileIndex] == nil {
            guard cache.inputs.indices.contains(node.fileIndex), let file = cache.parsedFile(at: node.fileIndex)
            else { return nil }
            files[node.fileIndex] = file
        }
        guard let enums = files[node.fileIndex]?.enums, enums.indices.contains(node.enumIndex) else { return nil }
        return enums[node.enumIndex]
    }
}
