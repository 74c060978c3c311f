import Foundation
import XCTest
@testable import RexGenCore

/// `IncrementalProject`'s fixtures and references, files `EnumSourceGenerator` writes, and a small action
/// tree (`ShellAppAction`, a root in the sources, carrying feature actions in sources and references) that
/// this type models, so that each edit keeps the files valid for the reader: fresh names, no case twice,
/// payloads that name what exists. Each edit changes files on disk and says what it did; nil when it does
/// not apply to the project as it is.
final class RandomEditProject {
    enum Payload: Equatable {
        case none
        case data(String)
        case action(label: String?, type: String)
    }

    struct Case { var name: String; var payload: Payload }
    struct Enum { var name: String; var cases: [Case] }
    struct Alias { var name: String; var target: String }

    struct File {
        var relative: String
        var isReference: Bool
        var padding = 0
        var imports: [String] = []
        var enums: [Enum]
        var aliases: [Alias] = []

        /// The file for the log: `Sources/Shell/…` or `References/Shell/…`.
        var shown: String { (isReference ? "References/" : "Sources/") + relative }
    }

    static let rootName = "ShellAppAction"
    static let dataPayloads = ["(Int)", "(id: Int)", "(message: String)", "([String])", "(Int, Int)", "(String...)",
                               "(movie: Movie)", "(Swift.Result<[Movie], Never>)"]
    /// Action enums of the fixtures a case may carry (through a typealias, qualified, generic, or through a
    /// typealias RexGen does not follow, with a warning).
    static let fixtureActions = ["SharedAction", "ProfileAction", "DetailScreen", "SearchAction", "MovieFeature.ListAction",
                                 "PageAction<Movie>", "PagedBy<Movie>", "SearchPages.Results"]
    static let sourceryHeader = "// Generated using Sourcery 2.1.7 — https://github.com/krzysztofzablocki/Sourcery\n// DO NOT EDIT\n"

    let project: IncrementalProject
    var random: SeededGenerator
    var files: [File] = []
    /// `EnumSourceGenerator`'s files, by absolute path.
    var generated: [String] = []
    var sourcery: String?
    /// The cases whose properties the Sourcery file copies, as `Enum.case`.
    var sourceryCopies: Set<String> = []
    var counter = 0
    var written: [String] = []
    /// The times `backdateWrittenFiles` gives: after the fixtures' (1_000_000_000), long before now.
    var fakeClock = 1_500_000_000

    init(project: IncrementalProject, seed: UInt64) throws {
        self.project = project
        random = SeededGenerator(seed: seed)
        let leaf = Enum(name: freshEnum("Leaf"), cases: [Case(name: freshCase("shown"), payload: .none),
                                                         Case(name: freshCase("dismissed"), payload: .data("(reason: String)"))])
        let detail = Enum(name: freshEnum("Detail"), cases: [Case(name: freshCase("opened"), payload: .data("(id: Int)")),
                                                             Case(name: freshCase("closed"), payload: .none)])
        let deepLeaf = Enum(name: freshEnum("Leaf"), cases: [Case(name: freshCase("tapped"), payload: .none)])
        let feature1 = Enum(name: freshEnum("Feature"), cases: [
            Case(name: freshCase("tapped"), payload: .none), Case(name: freshCase("loaded"), payload: .data("([String])")),
            Case(name: freshCase("sheet"), payload: .action(label: nil, type: leaf.name))])
        let feature2 = Enum(name: freshEnum("Feature"), cases: [
            Case(name: freshCase("loaded"), payload: .none), Case(name: freshCase("paged"), payload: .data("(Int)")),
            Case(name: freshCase("detail"), payload: .action(label: nil, type: detail.name))])
        let feature3 = Enum(name: freshEnum("Feature"), cases: [
            Case(name: freshCase("started"), payload: .none), Case(name: freshCase("leaf"), payload: .action(label: "action", type: deepLeaf.name))])
        let root = Enum(name: Self.rootName, cases: [
            Case(name: freshCase("started"), payload: .none),
            Case(name: freshCase("feature"), payload: .action(label: nil, type: feature1.name)),
            Case(name: freshCase("feature"), payload: .action(label: "action", type: feature2.name)),
            Case(name: freshCase("feature"), payload: .action(label: nil, type: feature3.name)),
            Case(name: freshCase("failed"), payload: .data("(message: String)"))])
        files = [
            File(relative: "Shell/ShellAppAction.swift", isReference: false, enums: [root]),
            File(relative: "Shell/\(feature1.name).swift", isReference: false, enums: [feature1, leaf]),
            File(relative: "Shell/\(feature2.name).swift", isReference: true, enums: [feature2, detail],
                 aliases: [Alias(name: "DetailScreen\(counter)", target: detail.name)]),
            File(relative: "Shell/\(feature3.name).swift", isReference: true, enums: [feature3, deepLeaf]),
        ]
        for index in files.indices { try write(index) }
        _ = try addGeneratedFile(isReference: false)
        _ = try addGeneratedFile(isReference: true)
        _ = try backdateWrittenFiles(always: true)
    }

    // MARK: - Names and choices

    func fresh() -> Int {
        counter += 1
        return counter
    }

    func freshEnum(_ base: String) -> String { "\(base)\(fresh())Action" }

    /// A word and six digits: a case renamed to a fresh name of the same word keeps the file's size.
    func freshCase(_ word: String) -> String {
        let digits = String(fresh())
        return word + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[int(0...(items.count - 1))]
    }

    func randomPlainPayload() -> Payload { chance(0.4) ? .none : .data(pick(Self.dataPayloads)!) }

    /// Every modelled enum, by file and place in it.
    var enumPlaces: [(file: Int, enum: Int)] {
        files.indices.flatMap { file in files[file].enums.indices.map { (file, $0) } }
    }

    var allCases: [(file: Int, enum: Int, case: Int)] {
        enumPlaces.flatMap { place in files[place.file].enums[place.enum].cases.indices.map { (place.file, place.enum, $0) } }
    }

    func isRoot(_ place: (file: Int, enum: Int)) -> Bool { files[place.file].enums[place.enum].name == Self.rootName }

    func names(carriedBy payload: Payload) -> String? {
        if case .action(_, let type) = payload { return type }
        return nil
    }

    // MARK: - Files

    func path(of file: File) -> String {
        (file.isReference ? project.references : project.sources).appendingPathComponent(file.relative).path
    }

    static func text(of file: File) -> String {
        var lines = ["// A file of the action tree the random edit sequence models."]
        lines += Array(repeating: "// (a line moved down)", count: file.padding)
        lines += file.imports.map { "import " + $0 }
        lines.append("")
        for declaration in file.enums {
            lines.append("public enum \(declaration.name): Equatable, Sendable {")
            for enumCase in declaration.cases {
                switch enumCase.payload {
                case .none: lines.append("    case \(enumCase.name)")
                case .data(let text): lines.append("    case \(enumCase.name)\(text)")
                case .action(let label, let type): lines.append("    case \(enumCase.name)(\(label.map { $0 + ": " } ?? "")\(type))")
                }
            }
            lines += ["}", ""]
        }
        lines += file.aliases.map { "public typealias \($0.name) = \($0.target)" }
        return lines.joined(separator: "\n") + "\n"
    }

    func write(_ index: Int) throws {
        try save(Self.text(of: files[index]), toPath: path(of: files[index]))
    }

    /// Every write goes through here, so that `backdateWrittenFiles` finds them.
    func save(_ text: String, toPath path: String) throws {
        try project.write(text, toPath: path)
        written.append(path)
    }

    /// The files written since the last call are given modification times from long ago, each its own and
    /// later than any before (as if saved well before the build, out of the racy window); or, now and
    /// then, left with the time of their write (saved just before the build: racy, so their content is
    /// hashed and compared). Renamed files keep their time either way.
    func backdateWrittenFiles(unlessRacy racy: Bool = false, always: Bool = false) throws -> Bool {
        defer { written = [] }
        guard !racy, always || chance(0.85) else { return false }
        for path in Set(written) where FileManager.default.fileExists(atPath: path) {
            fakeClock += 1
            try project.setModificationTime(of: path, to: fakeClock, nanoseconds: 0)
        }
        return true
    }

    /// As the build plugin lists them: every file by its path, again after files come or go.
    func inputsChanged() {
        if project.options.filePerSource { project.usePluginLayout() }
    }

    var modelledPaths: Set<String> { Set(files.map(path(of:))) }

    func shortName(_ path: String) -> String {
        path.replacingOccurrences(of: project.root.path + "/", with: "")
    }

    // MARK: - Edits

    func apply(_ edit: RandomEdit) throws -> String? {
        switch edit {
        case .nothing: return "nothing"
        case .plainCaseAdded: return try addCase(carryingAnAction: false)
        case .actionCaseAdded: return try addCase(carryingAnAction: true)
        case .plainCaseRemoved: return try removeCase(carryingAnAction: false)
        case .actionCaseRemoved: return try removeCase(carryingAnAction: true)
        case .leafAdded: return try addLeaf()
        case .leafRemoved: return try removeLeaf()
        case .enumRenamed: return try renameEnum()
        case .typealiasAdded: return try addTypealias()
        case .typealiasRemoved: return try removeTypealias()
        case .linesMoved: return try moveLines()
        case .declarationsReordered: return try reorder()
        case .touched: return try touch(pick(project.swiftFiles())!)
        case .importToggled: return try toggleImport()
        case .fileAdded: return try chance(0.5) ? addGeneratedFile(isReference: chance(0.5)) : addFeatureFile()
        case .fileRemoved: return try removeFile()
        case .fileRenamed: return try renameFile()
        case .referenceEdited: return try editFixtureReference()
        case .sourceryAdded: return try addSourcery()
        case .sourceryRemoved: return try removeSourcery()
        case .racySetUp, .racyRewrite, .racySameBytes: return nil  // two runs: see `racyTarget()`
        }
    }

    func addCase(carryingAnAction: Bool) throws -> String? {
        guard let place = pick(enumPlaces.filter { files[$0.file].enums[$0.enum].cases.count < 10 }) else { return nil }
        let name = files[place.file].enums[place.enum].name
        var payload = randomPlainPayload()
        if carryingAnAction {
            // Any action this project declares (not the root, nor the enum itself), a typealias of one, or a fixture's.
            let modelled = enumPlaces.filter { !isRoot($0) }.map { files[$0.file].enums[$0.enum].name }
                .filter { $0 != name && $0.hasSuffix("Action") }
            let aliases = files.flatMap(\.aliases).filter { $0.target != Self.rootName && $0.target != name }.map(\.name)
            guard let type = pick(modelled + aliases + Self.fixtureActions) else { return nil }
            payload = .action(label: chance(0.3) ? "action" : nil, type: type)
        }
        let enumCase = Case(name: freshCase(pick(["tapped", "loaded", "refreshed", "picked", "child"])!), payload: payload)
        let cases = files[place.file].enums[place.enum].cases
        files[place.file].enums[place.enum].cases.insert(enumCase, at: int(0...cases.count))
        try write(place.file)
        return "\(name).\(enumCase.name) \(payload) in \(files[place.file].shown)"
    }

    /// A case taken away; while a Sourcery file holds copies of some cases' properties, one of those, half the time.
    func removeCase(carryingAnAction: Bool) throws -> String? {
        var candidates = allCases.filter { place in
            let declaration = files[place.file].enums[place.enum]
            return declaration.cases.count > 1 && (names(carriedBy: declaration.cases[place.case].payload) != nil) == carryingAnAction
        }
        let copied = candidates.filter { place in
            sourceryCopies.contains(files[place.file].enums[place.enum].name + "." + files[place.file].enums[place.enum].cases[place.case].name)
        }
        if !copied.isEmpty, chance(0.5) { candidates = copied }
        guard let place = pick(candidates) else { return nil }
        let removed = files[place.file].enums[place.enum].cases.remove(at: place.case)
        try write(place.file)
        return "\(files[place.file].enums[place.enum].name).\(removed.name) \(removed.payload) in \(files[place.file].shown)"
    }

    /// A new action enum that carries no action, and the one case that carries it, in one file; now and then
    /// a new enum that does carry an action (no leaf: the tree gains a subtree).
    func addLeaf() throws -> String? {
        guard let carrier = pick(enumPlaces.filter { files[$0.file].enums.count < 6 && files[$0.file].enums[$0.enum].cases.count < 10 })
        else { return nil }
        var leaf = Enum(name: freshEnum("Leaf"), cases: (0..<int(1...3)).map { _ in
            Case(name: freshCase(pick(["shown", "dismissed", "saved"])!), payload: randomPlainPayload())
        })
        var note = ""
        if chance(0.1), let child = pick(Self.fixtureActions + enumPlaces.filter { !isRoot($0) }.map { files[$0.file].enums[$0.enum].name }) {
            leaf.cases.append(Case(name: freshCase("child"), payload: .action(label: nil, type: child)))
            note = " (no leaf: it carries \(child))"
        }
        let carrying = Case(name: freshCase(pick(["sheet", "panel", "leaf"])!), payload: .action(label: chance(0.3) ? "action" : nil,
                                                                                                 type: leaf.name))
        let cases = files[carrier.file].enums[carrier.enum].cases
        files[carrier.file].enums[carrier.enum].cases.insert(carrying, at: int(0...cases.count))
        files[carrier.file].enums.insert(leaf, at: int(0...files[carrier.file].enums.count))
        try write(carrier.file)
        return "\(leaf.name) carried by \(files[carrier.file].enums.first { $0.cases.contains { $0.name == carrying.name } }!.name)"
            + ".\(carrying.name) in \(files[carrier.file].shown)" + note
    }

    /// An enum named by no typealias and carried only by cases of its own file, taken away with those cases:
    /// mostly a leaf carried once, now and then one carried twice or carrying actions (no leaf).
    func removeLeaf() throws -> String? {
        let carriers = { (name: String) in
            self.allCases.filter { self.names(carriedBy: self.files[$0.file].enums[$0.enum].cases[$0.case].payload) == name }
        }
        let aliased = Set(files.flatMap(\.aliases).map(\.target))
        let leaves = enumPlaces.filter { place in
            let declaration = files[place.file].enums[place.enum]
            let carrying = carriers(declaration.name)
            return !isRoot(place) && !aliased.contains(declaration.name) && !carrying.isEmpty && carrying.allSatisfy { $0.file == place.file }
        }
        let shaped = leaves.filter { place in
            carriers(files[place.file].enums[place.enum].name).count == 1
                && !files[place.file].enums[place.enum].cases.contains { names(carriedBy: $0.payload) != nil }
        }
        guard let leaf = pick(!shaped.isEmpty && chance(0.85) ? shaped : leaves) else { return nil }
        let name = files[leaf.file].enums[leaf.enum].name
        let carriesActions = files[leaf.file].enums[leaf.enum].cases.contains { names(carriedBy: $0.payload) != nil }
        let carriedTwice = carriers(name).count > 1
        files[leaf.file].enums.remove(at: leaf.enum)
        for index in files[leaf.file].enums.indices {
            files[leaf.file].enums[index].cases.removeAll { names(carriedBy: $0.payload) == name }
        }
        try write(leaf.file)
        return "\(name) in \(files[leaf.file].shown)" + (carriesActions ? " (no leaf: it carries actions)" : "")
            + (carriedTwice ? " (carried twice)" : "")
    }

    /// Renames an enum (mostly to another action's name, now and then to a name that is no action's) and
    /// every case and typealias that names it.
    func renameEnum() throws -> String? {
        guard let place = pick(enumPlaces.filter { !isRoot($0) }) else { return nil }
        let old = files[place.file].enums[place.enum].name
        let new = "Renamed\(fresh())" + (chance(0.85) ? "Action" : pick(["Event", "State"])!)
        var changed: Set<Int> = [place.file]
        files[place.file].enums[place.enum].name = new
        for file in files.indices {
            for declaration in files[file].enums.indices {
                for index in files[file].enums[declaration].cases.indices {
                    guard case .action(let label, old) = files[file].enums[declaration].cases[index].payload else { continue }
                    files[file].enums[declaration].cases[index].payload = .action(label: label, type: new)
                    changed.insert(file)
                }
            }
            for index in files[file].aliases.indices where files[file].aliases[index].target == old {
                files[file].aliases[index].target = new
                changed.insert(file)
            }
        }
        for file in changed.sorted() { try write(file) }
        return "\(old) → \(new), in \(changed.sorted().map { files[$0].shown })"
    }

    func addTypealias() throws -> String? {
        guard let target = pick(enumPlaces.filter { !isRoot($0) }), let file = pick(Array(files.indices)),
              files[file].aliases.count < 3 else { return nil }
        let alias = Alias(name: "Screen\(fresh())", target: files[target.file].enums[target.enum].name)
        files[file].aliases.append(alias)
        try write(file)
        return "\(alias.name) = \(alias.target) in \(files[file].shown)"
    }

    func removeTypealias() throws -> String? {
        let used = Set(allCases.compactMap { names(carriedBy: files[$0.file].enums[$0.enum].cases[$0.case].payload) })
        let candidates = files.indices.flatMap { file in
            files[file].aliases.indices.filter { !used.contains(files[file].aliases[$0].name) }.map { (file, $0) }
        }
        guard let (file, index) = pick(candidates) else { return nil }
        let alias = files[file].aliases.remove(at: index)
        try write(file)
        return "\(alias.name) in \(files[file].shown)"
    }

    /// Comment lines added or taken away at the top of a file: every declaration below moves.
    func moveLines() throws -> String? {
        if chance(0.5), let file = pick(Array(files.indices)) {
            let padding = files[file].padding
            files[file].padding = pick((0...5).filter { $0 != padding })!
            try write(file)
            return "\(files[file].shown): \(padding) → \(files[file].padding) lines at the top"
        }
        let modelled = modelledPaths
        guard let path = pick(project.swiftFiles().filter { !modelled.contains($0) }) else { return nil }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = "// (a line moved down)\n"
        let moved = text.hasPrefix(line) && chance(0.6) ? String(text.dropFirst(line.count)) : line + text
        try save(moved, toPath: path)
        return "\(shortName(path)): \(moved.count > text.count ? "a line added" : "a line taken away") at the top"
    }

    /// An import added to a file or taken away (the lift file copies the imports of the sources it extends; with
    /// `--reference-module`, a payload names only what its file imports).
    func toggleImport() throws -> String? {
        guard let file = pick(Array(files.indices)) else { return nil }
        let missing = ["Foundation", "Dispatch", "MovieFeature", "Extras"].filter { !files[file].imports.contains($0) }
        if let module = pick(missing), files[file].imports.isEmpty || chance(0.5) {
            files[file].imports.append(module)
            try write(file)
            return "import \(module) added to \(files[file].shown)"
        }
        let module = files[file].imports.remove(at: int(0...(files[file].imports.count - 1)))
        try write(file)
        return "import \(module) taken from \(files[file].shown)"
    }

    /// Two enums of a file, or two cases of an enum, swapped.
    func reorder() throws -> String? {
        if chance(0.5), let file = pick(files.indices.filter { files[$0].enums.count > 1 }) {
            let first = int(0...(files[file].enums.count - 2))
            files[file].enums.swapAt(first, first + 1)
            try write(file)
            return "\(files[file].enums[first + 1].name) and \(files[file].enums[first].name) swapped in \(files[file].shown)"
        }
        guard let place = pick(enumPlaces.filter { files[$0.file].enums[$0.enum].cases.count > 1 }) else { return nil }
        let first = int(0...(files[place.file].enums[place.enum].cases.count - 2))
        files[place.file].enums[place.enum].cases.swapAt(first, first + 1)
        try write(place.file)
        let cases = files[place.file].enums[place.enum].cases
        return "\(files[place.file].enums[place.enum].name).\(cases[first + 1].name) and .\(cases[first].name) swapped"
    }

    func touch(_ path: String) throws -> String {
        try save(try String(contentsOfFile: path, encoding: .utf8), toPath: path)
        return shortName(path)
    }

    // MARK: - Racy rewrites

    /// A modelled file with a case, to rewrite at the same size after `touch`ing it and running once.
    func racyTarget() -> Int? {
        pick(files.indices.filter { files[$0].enums.contains { !$0.cases.isEmpty } })
    }

    func touchFile(_ file: Int) throws -> String { try touch(path(of: files[file])) }

    /// Rewrites the file in place at the same size, with one case renamed to a fresh name as long (or with
    /// the same bytes), and gives it back the modification time it had: size, time and inode are as the
    /// last run saw them, and only the content hash kept for a racy file can tell.
    func rewriteInTheRacyWindow(_ file: Int, sameBytes: Bool) throws -> String {
        let path = path(of: files[file])
        let before = try XCTUnwrap(SourceSnapshot.signature(of: path))
        var what = "same bytes"
        if !sameBytes {
            let places = files[file].enums.indices.flatMap { declaration in
                files[file].enums[declaration].cases.indices.map { (declaration, $0) }
            }
            let (declaration, index) = pick(places)!
            let old = files[file].enums[declaration].cases[index].name
            let new = freshCase(String(old.dropLast(6)))
            XCTAssertEqual(new.count, old.count)
            files[file].enums[declaration].cases[index].name = new
            what = "\(files[file].enums[declaration].name).\(old) → .\(new)"
        }
        try write(file)
        try project.setModificationTime(of: path, to: Int(before.modified / 1_000_000_000),
                                        nanoseconds: Int(before.modified % 1_000_000_000))
        XCTAssertEqual(SourceSnapshot.signature(of: path), before, "the rewrite must fool stat")
        return "\(files[file].shown): \(what)"
    }
}
