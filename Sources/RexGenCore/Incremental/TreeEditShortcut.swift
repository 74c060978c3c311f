#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// After an edit in one dependency that hangs a new leaf action enum under one of its enums (`case
/// sheet(SheetAction)` with `enum SheetAction { … }` beside it), or takes such a leaf away, the lift file
/// gains or loses that one conformance and nothing else changes: only the edited reference is read, the
/// conformance is written into (or cut out of) the last run's lift file, and the cache learns the file's
/// new summary and the conformance's place. In a modular app this is the app target's build after a
/// feature grows a sub-action, and it costs about what an edit the tree does not see costs, not a whole
/// analysis of every module. With one file per source (the build plugin's layout), the edited file may be
/// a source too: its own file is then planned and rendered again as `EarlyCutOff` does it, since it
/// now holds the leaf's properties and the carrying case's.
///
/// It applies when, against the last run's cache (after `EarlyCutOff` did not):
/// - the options, extra files, inputs and outputs are as `EarlyCutOff` requires, the run writes
///   the built-in lift file (no templates, no C headers) and no output is among the inputs;
/// - exactly one input changed (others may be unsure, modified so recently that their content is compared,
///   and found as it was): a reference, or with one file per source a source whose imports are as they were
///   (and whose summary is compared below, as a reference's), with no diagnostic of its own before or now,
///   named by none of the last run's; for a source, planning its enums finds no diagnostic either, no file
///   is Sourcery's output, and the file of non-source enums comes out as it was;
/// - the file's enums are the old ones plus one (or less one): the leaf, a top-level, non-generic action enum
///   visible to other files and named by no `--root` (nor, with Reactor's lifts, a name Reactor's part of the
///   file depends on: `ReactorPlan.namesThatMatter`), whose name occurs in no other input's cached parse
///   (so no other file declares, carries or aliases it) and in none of this file's typealiases;
/// - the leaf carries no action enum (each of its payloads ends in a name no enum or typealias has), and
///   exactly one case of the file carries it, by its plain name, in an enum that stays;
/// - apart from the leaf and that case, the file's `CrossFileSummary` is as it was.
///
/// Then the tree differs from the last one by that leaf and its one edge: every other node, edge, path,
/// diagnostic and output is as it was (the leaf's name being new to every other file, no other payload
/// resolves differently, no type is qualified differently, no access changes). Where the parent has a
/// conformance, so does the leaf, written right after the parent's other children of earlier cases, in the
/// breadth-first order `LiftPlanner` writes. Its path is rebuilt from the recorded places of the
/// conformances above it (`LiftTreeRecord`), and checked: the parent's and the root's conformances, planned
/// again along it, must hash to the keys the last run recorded, or the shortcut is not taken.
/// Anything else goes the usual way (`IncrementalReading`, then the whole analysis).
struct TreeEditShortcut {
    /// What the next cache stores anew for the edited reference.
    var replacedRecord: (index: Int, record: GenerationCache.InputRecord)
    /// The lift file anew, or nil when the leaf's parent has no conformance (the file is unchanged).
    var liftFile: GeneratedFile?
    var liftSections: [RenderedSections.Record]
    var liftTree: [LiftTreeRecord]
    var edgeNames: String
    /// For a source (with one file per source): its own file, if its content changed, with its index in the
    /// cache's outputs and its render key; and the model it was planned in, kept alive until the process exits.
    var ownFiles: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key)]
    var model: SourceModel?

    /// The shortcut for this run, or nil when it does not apply.
    /// - Parameter unsure: the inputs that may have changed, by `IncrementalGeneration.unsureInputs`, which
    ///   also checked the options, the input list and the outputs.
    /// - Parameter inputCount: how many Swift files the run reads, its outputs among them.
    static func taken(_ cache: GenerationCache, unsure: [Int], options: GenerationOptions, inputs: InputSignatures,
                      inputCount: Int, directory: OutputDirectory) -> Self? {
        let rules = options.selection
        // Racy inputs are unsure whether or not they changed: those whose content is as it was are left out.
        let changed = unsure.count == 1 ? unsure
            : unsure.filter { !IncrementalGeneration.contentIsUnchanged(of: [$0], in: cache, inputs: inputs) }
        guard changed.count == 1, let index = changed.first, cache.inputs[index].isSummary || options.filePerSource,
              options.templates.isEmpty, !options.lift.isEmpty, options.cHeaders.headers.isEmpty,
              inputCount == inputs.paths.count, cache.summaryKey == rules.referenceSummaryKey,
              let signature = inputs.signatures[index], cache.inputs[index].parsedRange != nil,
              cache.parseSectionIsIntact() else { return nil }
        let path = inputs.paths[index]
        let isSummary = cache.inputs[index].isSummary
        let request = SourceReadingStage.Request(path: path, hashesContent: inputs.isRacy(signature), cached: nil,
                                                 summaryRules: isSummary ? rules : nil)
        guard let answer = SourceReadingStage.read([request]).first, answer.file.diagnostics.isEmpty,
              let old = cache.parsedFile(at: index), old.diagnostics.isEmpty,
              !cache.diagnostics.contains(where: { $0.contains(path) }),
              let edit = LeafEdit(old: old, new: answer.file, isSource: !isSummary, cache: cache, index: index,
                                  options: options) else {
            return nil
        }
        var lift = LiftRecords(sections: cache.liftSections, tree: cache.liftTree)
        guard !lift.sections.isEmpty, lift.sections.count == lift.tree.count,
              var text = cache.previousFile(LiftRenderer.fileName, in: directory) else { return nil }
        let new = answer.file
        // Records of this file's enums now count its enums as they are now.
        lift.renumber(file: index, by: { edit.newIndex(ofOld: $0) })
        guard let carrier = new.enums.firstIndex(where: { $0.qualifiedName == edit.carrierName }),
              isSummary || !options.roots.isEmpty || lift.keepsRoots(file: index, carrier: carrier, isAddition: edit.isAddition),
              let changed = edit.isAddition
                ? lift.add(edit, file: index, new: new, carrier: carrier, cache: cache, options: options, text: &text)
                : lift.remove(edit, file: index, carrier: carrier, text: &text) else { return nil }
        // A source's own file has the leaf's properties and the carrying case's now (the build plugin's layout):
        // planned last, as it decodes the whole model, which a shortcut that is not taken need not.
        var ownFiles: [(file: GeneratedFile, outputIndex: Int, key: RenderedSections.Key)] = []
        var model: SourceModel?
        if !isSummary {
            guard let (files, planned) = EarlyCutOff.ownFiles(cache, edited: [index: new], options: options)
            else { return nil }
            ownFiles = files
            model = planned
        }
        let record = GenerationCache.InputRecord(signed: signature, isRacy: inputs.isRacy(signature), path: path,
                                                 parse: .parsed(new), contentHash: answer.contentHash, isSummary: isSummary)
        guard let edgeNames = edit.isAddition ? EdgeNameLines.inserting(edit.leaf.name, into: cache.edgeNames)
            : EdgeNameLines.removing(edit.leaf.name, from: cache.edgeNames) else { return nil }
        return TreeEditShortcut(
            replacedRecord: (index, record),
            liftFile: changed ? GeneratedFile(name: LiftRenderer.fileName, contents: String(decoding: text, as: UTF8.self)) : nil,
            liftSections: lift.sections, liftTree: lift.tree, edgeNames: edgeNames, ownFiles: ownFiles, model: model)
    }
}

/// The edit, when it is one leaf added or removed as `TreeEditShortcut` requires.
struct LeafEdit {
    var isAddition: Bool
    /// The leaf's declaration, and the enum and case that carry it (in the file that has them).
    var leaf: EnumDeclaration
    var carrierName: String
    var carryingCase: EnumCaseDeclaration
    /// The new index of each old enum of the file, by old index (nil for the removed leaf).
    private var newIndexes: [Int?]

    func newIndex(ofOld oldIndex: Int) -> Int? {
        newIndexes.indices.contains(oldIndex) ? newIndexes[oldIndex] : nil
    }

    /// - Parameter isSource: the file is a source, parsed whole: what the tree and other files read of it is
    ///   its summary, as a reference's, and its imports, which the lift file copies.
    init?(old oldFile: ParsedFile, new newFile: ParsedFile, isSource: Bool, cache: GenerationCache, index: Int,
          options: GenerationOptions) {
        let rules = options.selection
        guard !isSource || oldFile.imports == newFile.imports else { return nil }
        let old = isSource ? oldFile.referenceSummary(rules: rules) : oldFile
        let new = isSource ? newFile.referenceSummary(rules: rules) : newFile
        let oldNames = old.enums.map(\.qualifiedName)
        let newNames = new.enums.map(\.qualifiedName)
        guard Set(oldNames).count == oldNames.count, Set(newNames).count == newNames.count,
              abs(oldNames.count - newNames.count) == 1 else { return nil }
        isAddition = newNames.count > oldNames.count
        let (small, big) = isAddition ? (old, new) : (new, old)
        let smallNames = Set(small.enums.map(\.qualifiedName))
        let leaves = big.enums.filter { !smallNames.contains($0.qualifiedName) }
        guard leaves.count == 1, let leaf = leaves.first else { return nil }
        self.leaf = leaf
        let name = leaf.name
        let edgeNames = EdgeNames(lines: cache.edgeNames)
        guard leaf.qualifiedNameComponents.count == 1, leaf.enclosingScopes.isEmpty, leaf.genericParameters.isEmpty,
              !leaf.isLocal, options.selection.isActionEnum(leaf), !options.roots.contains(name),
              AccessResolver(types: TypeIndex([])).effectiveAccess(declared: leaf.declaredAccess, enclosing: []).isVisibleToOtherFiles,
              name.utf8.allSatisfy({ $0 < 0x80 }),
              isAddition != edgeNames.contains(name),
              !cache.parses(otherThan: index, mention: name),
              !options.lift.contains(.reactor) || !ReactorPlan.namesThatMatter.contains(name),
              !big.typeAliases.contains(where: { $0.targetText.contains(name) }) else { return nil }
        // The leaf carries nothing the tree could hold: no payload of its ends in an enum's or typealias's name.
        for enumCase in leaf.cases where enumCase.canCarrySubAction {
            if let last = TypeNameResolver.split(enumCase.associatedValues![0].typeText)?.components.last,
               last == name || edgeNames.contains(last) { return nil }
        }
        var carriers: [(String, EnumCaseDeclaration)] = []
        for declaration in big.enums where declaration.qualifiedName != leaf.qualifiedName {
            for enumCase in declaration.cases where enumCase.canCarrySubAction {
                let text = enumCase.associatedValues![0].typeText
                guard TypeNameResolver.split(text)?.components.last == name else { continue }
                guard text == name else { return nil }
                carriers.append((declaration.qualifiedName, enumCase))
            }
        }
        guard carriers.count == 1 else { return nil }
        (carrierName, carryingCase) = carriers[0]
        var rest = big
        rest.enums.removeAll { $0.qualifiedName == leaf.qualifiedName }
        rest.types.removeAll { $0.qualifiedName == leaf.qualifiedName }
        rest.members.removeAll { $0.ownerName == leaf.qualifiedName }
        guard CrossFileSummary.comparable(rest, edgeNames: edgeNames, excluding: [name])
            == CrossFileSummary.comparable(small, edgeNames: edgeNames, excluding: [name]) else { return nil }
        // The records count the enums of the whole file (a source's non-action enums too): the same but for the leaf.
        let oldEnums = oldFile.enums.map(\.qualifiedName)
        let newEnums = newFile.enums.map(\.qualifiedName)
        let (fewer, more) = isAddition ? (oldEnums, newEnums) : (newEnums, oldEnums)
        guard Set(more).count == more.count, more.filter({ $0 != leaf.qualifiedName }) == fewer else { return nil }
        let newIndexByName = Dictionary(uniqueKeysWithValues: newEnums.enumerated().map { ($1, $0) })
        newIndexes = oldEnums.map { newIndexByName[$0] }
    }
}

/// The lift file's records, edited along with its text.
struct LiftRecords {
    var sections: [RenderedSections.Record]
    var tree: [LiftTreeRecord]

    /// Renumbers the records of `file`'s enums; the removed leaf's, which have no new index, get -1 until
    /// `remove` cuts them out.
    mutating func renumber(file: Int, by newIndex: (Int) -> Int?) {
        var index = 0
        while index < tree.count {
            if tree[index].fileIndex == file { tree[index].enumIndex = newIndex(tree[index].enumIndex) ?? -1 }
            index += 1
        }
    }

    /// Writes the leaf's conformance under each of its parent's; nil when it cannot be done safely, else
    /// whether the text changed (false: the parent has no conformance, so neither has the leaf).
    mutating func add(_ edit: LeafEdit, file: Int, new: ParsedFile, carrier: Int, cache: GenerationCache,
                      options: GenerationOptions, text: inout [UInt8]) -> Bool? {
        guard let leafIndex = new.enums.firstIndex(where: { $0.qualifiedName == edit.leaf.qualifiedName }) else { return nil }
        let parents = tree.indices.filter { tree[$0].fileIndex == file && tree[$0].enumIndex == carrier }
        var files: [Int: ParsedFile] = [file: new]
        // From the last root's parent to the first's, so that an insertion moves no record still to visit.
        for parent in parents.reversed() {
            guard let conformance = LeafConformance(parent: parent, leaf: edit.leaf, carryingCase: edit.carryingCase,
                                                    records: self, files: &files, cache: cache, options: options),
                  let position = insertionPoint(under: parent, caseOrdinal: conformance.caseOrdinal,
                                                cases: new.enums[carrier].cases) else { return nil }
            let bytes = Array(conformance.text.utf8)
            // A root's conformances lie back to back: the new one starts where the one before it ends.
            let offset = sections[position - 1].range.upperBound
            text.insert(contentsOf: bytes, at: offset)
            var index = position
            while index < sections.count {
                sections[index].range = (sections[index].range.lowerBound + bytes.count)..<(sections[index].range.upperBound + bytes.count)
                if let grandparent = tree[index].parent, grandparent >= position { tree[index].parent = grandparent + 1 }
                index += 1
            }
            sections.insert(RenderedSections.Record(key: conformance.key, range: offset..<(offset + bytes.count)), at: position)
            tree.insert(LiftTreeRecord(fileIndex: file, enumIndex: leafIndex, parent: parent,
                                       caseHash: LiftTreeRecord.caseHash(of: edit.carryingCase)), at: position)
        }
        return !parents.isEmpty
    }

    /// Whether the edit leaves the roots as they were. A source's action enum that no other carries is a root
    /// as soon as it carries one (references never are): a leaf added under such an enum with no conformance
    /// would make it one, and a root's only leaf taken away would end it, each a whole root section of the
    /// lift file. (Called after the leaf's records were renumbered to -1.)
    ///
    /// A source's enum that carries its first action also becomes a candidate for the roots the action tree
    /// adds, in source order, for enums no root reaches (a root that something carries, in a cycle or under a
    /// reference): it may come before such a root and take its place, which only the whole tree tells. So a
    /// leaf added to a source's enum that had no child goes the whole way too.
    func keepsRoots(file: Int, carrier: Int, isAddition: Bool) -> Bool {
        let carrierRecords = tree.indices.filter { tree[$0].fileIndex == file && tree[$0].enumIndex == carrier }
        if isAddition {
            return carrierRecords.contains { record in tree.contains { $0.parent == record } }
        }
        return carrierRecords.allSatisfy { record in
            tree[record].parent != nil
                || tree.contains { $0.parent == record && !($0.fileIndex == file && $0.enumIndex == -1) }
        }
    }

    /// Cuts the leaf's conformances out (its records were renumbered to -1); nil when the records do not
    /// show it where the edit says it was, else whether the text changed.
    mutating func remove(_ edit: LeafEdit, file: Int, carrier: Int, text: inout [UInt8]) -> Bool? {
        let leafRecords = tree.indices.filter { tree[$0].fileIndex == file && tree[$0].enumIndex == -1 }
        let parentCount = tree.indices.filter { tree[$0].fileIndex == file && tree[$0].enumIndex == carrier }.count
        guard leafRecords.count == parentCount else { return nil }
        let caseHash = LiftTreeRecord.caseHash(of: edit.carryingCase)
        for position in leafRecords.reversed() {
            guard let parent = tree[position].parent, tree[position].caseHash == caseHash, tree[parent].fileIndex == file,
                  tree[parent].enumIndex == carrier, !tree.contains(where: { $0.parent == position }) else { return nil }
            let range = sections[position].range
            text.removeSubrange(range)
            sections.remove(at: position)
            tree.remove(at: position)
            var index = position
            while index < sections.count {
                sections[index].range = (sections[index].range.lowerBound - range.count)..<(sections[index].range.upperBound - range.count)
                if let grandparent = tree[index].parent, grandparent > position { tree[index].parent = grandparent - 1 }
                index += 1
            }
        }
        return !leafRecords.isEmpty
    }

    /// Where a new child of `parent` carried by its case number `caseOrdinal` goes: the breadth-first order
    /// `LiftPlanner` writes is ordered by the parent's place, then by the carrying case's.
    private func insertionPoint(under parent: Int, caseOrdinal: Int, cases: [EnumCaseDeclaration]) -> Int? {
        let caseHashes = cases.map(LiftTreeRecord.caseHash(of:))
        var index = parent + 1
        while index < tree.count, let other = tree[index].parent {
            if other > parent { return index }
            if other == parent {
                guard let ordinal = caseHashes.firstIndex(of: tree[index].caseHash) else { return nil }
                if ordinal > caseOrdinal { return index }
            }
            index += 1
        }
        return index
    }
}

/// The leaf's conformance under one conformance of its parent: the path down to the parent is rebuilt from
/// the records (each enum decoded from its file's cached parse, each case found by its hash), and
/// `LiftPlanner` plans the conformances along it as it would in the whole tree.
struct LeafConformance {
    var text: String
    var key: RenderedSections.Key
    /// The carrying case's index among the parent's cases.
    var caseOrdinal: Int

    /// Nil when the path cannot be rebuilt as the last run had it: an enum or case not found, a generic
    /// enum or argument, an enum in an extension (whose access depends on other files), or a conformance
    /// along the path whose key is not the one recorded.
    init?(parent: Int, leaf: EnumDeclaration, carryingCase: EnumCaseDeclaration, records: LiftRecords,
          files: inout [Int: ParsedFile], cache: GenerationCache, options: GenerationOptions) {
        caseOrdinal = -1
        var chain = [parent]
        while let above = records.tree[chain[0]].parent { chain.insert(above, at: 0) }
        var declarations: [EnumDeclaration] = []
        for record in chain {
            let place = records.tree[record]
            guard cache.inputs.indices.contains(place.fileIndex) else { return nil }
            if files[place.fileIndex] == nil { files[place.fileIndex] = cache.parsedFile(at: place.fileIndex) }
            guard let file = files[place.fileIndex], file.enums.indices.contains(place.enumIndex) else { return nil }
            declarations.append(file.enums[place.enumIndex])
        }
        declarations.append(leaf)
        let resolver = AccessResolver(types: TypeIndex([]))
        var nodes: [ActionTree.Node] = []
        for declaration in declarations {
            guard declaration.genericParameters.isEmpty, !declaration.enclosingScopes.contains(where: \.isExtension) else { return nil }
            nodes.append(ActionTree.Node(declaration: declaration, isReference: !nodes.isEmpty,
                                         effectiveAccess: resolver.effectiveAccess(declared: declaration.declaredAccess,
                                                                                   enclosing: declaration.enclosingScopes)))
        }
        var edges: [ActionTree.Edge] = []
        for step in 1..<nodes.count {
            let wanted = step < chain.count ? records.tree[chain[step]].caseHash : LiftTreeRecord.caseHash(of: carryingCase)
            let cases = declarations[step - 1].cases
            let matches = cases.indices.filter { LiftTreeRecord.caseHash(of: cases[$0]) == wanted }
            guard matches.count == 1, case let enumCase = cases[matches[0]], enumCase.canCarrySubAction,
                  TypeNameResolver.split(enumCase.associatedValues![0].typeText)?.arguments.isEmpty == true else { return nil }
            edges.append(ActionTree.Edge(parent: step - 1, child: step, enumCase: enumCase, genericArguments: []))
            if step == nodes.count - 1 { caseOrdinal = matches[0] }
        }
        var diagnostics: [Diagnostic] = []
        let plan = LiftPlanner(tree: ActionTree(nodes: nodes, edges: edges, roots: [0]), model: SourceModel(files: []),
                               frameworks: options.lift, combineFeedbackAPI: options.combineFeedbackAPI)
            .plan(diagnostics: &diagnostics)
        guard diagnostics.isEmpty, caseOrdinal >= 0, let root = plan.roots.first,
              root.conformances.count == nodes.count else { return nil }
        let camel = root.camelName
        let rootType = root.aliasName
        let protocolName = root.protocolName
        for (step, record) in chain.enumerated() {
            guard RenderedSections.key(for: root.conformances[step], camel: camel, rootType: rootType, protocolName: protocolName)
                == records.sections[record].key else { return nil }
        }
        let conformance = root.conformances[nodes.count - 1]
        text = LiftRenderer.conformanceText(conformance, camel: camel, rootType: rootType, protocolName: protocolName)
        key = RenderedSections.key(for: conformance, camel: camel, rootType: rootType, protocolName: protocolName)
    }
}

/// `GenerationCache.edgeNames`' lines, kept sorted as `EdgeNames(in:)` writes them
/// (by bytes, which for the ASCII names the shortcut adds is `String`'s order), edited as bytes: ten
/// thousand names, which a debug build would rather not split into strings.
enum EdgeNameLines {
    /// `names` with `name` inserted in order; nil if it is there already.
    static func inserting(_ name: String, into names: String) -> String? {
        var bytes = Array(names.utf8)
        if bytes == [0x0A, 0x0A] { bytes = [0x0A] }
        let needle = Array(name.utf8)
        var place = bytes.count
        var found = false
        eachLine(of: bytes) { range in
            let order = compare(bytes[range], needle)
            if order == 0 { found = true }
            if order >= 0 { place = range.lowerBound }
            return order < 0
        }
        guard !found else { return nil }
        bytes.insert(contentsOf: needle + [0x0A], at: place)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `names` without `name`; nil if it is not there.
    static func removing(_ name: String, from names: String) -> String? {
        var bytes = Array(names.utf8)
        let needle = Array(name.utf8)
        var line: Range<Int>?
        eachLine(of: bytes) { range in
            if compare(bytes[range], needle) == 0 { line = range }
            return line == nil
        }
        guard let line else { return nil }
        bytes.removeSubrange(line.lowerBound..<(line.upperBound + 1))
        return bytes == [0x0A] ? "\n\n" : String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with each line's range (its newline excluded) while it returns true.
    private static func eachLine(of bytes: [UInt8], _ body: (Range<Int>) -> Bool) {
        var start = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            guard end < bytes.count, body(start..<end) else { return }
            start = end + 1
        }
    }

    /// Negative, zero or positive as `line` sorts before, with or after `name`.
    private static func compare(_ line: ArraySlice<UInt8>, _ name: [UInt8]) -> Int {
        var offset = 0
        while offset < line.count, offset < name.count {
            let difference = Int(line[line.startIndex + offset]) - Int(name[offset])
            if difference != 0 { return difference }
            offset += 1
        }
        return line.count - name.count
    }
}

extension EnclosingScope {
    var isExtension: Bool {
        if case .extension = self { return true }
        return false
    }
}
