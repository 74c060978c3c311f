/// A generic argument written in another module's file (`case list(ListAction<Movie>)` in `MovieFeature`)
/// means a type that module sees, never one of the sources, which it cannot import. The lift file sits among
/// the sources, where a top-level `Movie` of theirs would capture the name in `where Item == Movie`, and the
/// conformance would be of another type than the payload's (it then fails to compile). Such a name is
/// written module-qualified (`Models.Movie`, `Swift.Result`), or, when RexGen cannot tell the module, the
/// conformance is left out with a warning.
///
/// Only for references whose module `--reference-module` names: without it a reference may be a file of the
/// same module, which does see the sources' types.
struct ForeignArgumentNames {
    enum Rewrite: Equatable {
        case text(String)
        /// The text names `name`, which the sources declare too, and RexGen cannot tell which module's it is.
        case unqualifiable(name: Substring)
    }

    private let model: SourceModel
    private let referenceModules: ReferenceModules
    /// The top-level types and typealiases of the sources.
    private let sourceNames: Set<Substring>
    /// The modules whose references declare a top-level type or typealias of each name, built the first time
    /// a name is captured (nearly never).
    private var modulesByName: [Substring: Set<String>]?

    init(model: SourceModel, referenceModules: ReferenceModules) {
        self.model = model
        self.referenceModules = referenceModules
        var names = Set<Substring>()
        for file in model.files {
            for type in file.types where !type.qualifiedName.contains(".") { names.insert(Substring(type.qualifiedName)) }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") { names.insert(Substring(alias.qualifiedName)) }
        }
        sourceNames = names
    }

    /// The module of a reference file, or nil when no `--reference-module` names its folder.
    func module(ofFile path: String) -> String? {
        referenceModules.isEmpty ? nil : referenceModules.module(ofFile: path)
    }

    /// `text`, written in a file of `module`, rewritten to mean among the sources what it means there.
    /// - Parameter ownModuleFirst: whether `text` is read as `module` reads it, whose own types come before
    ///   those of the modules it imports (not so for a typealias's target, which another module may declare).
    mutating func rewritten(_ text: String, writtenIn module: String, ownModuleFirst: Bool) -> Rewrite {
        let starts = TypeTextNames(text).starts.filter { sourceNames.contains($0.name) }
        guard !starts.isEmpty else { return .text(text) }
        let modulesByName = self.modulesByName ?? declaringModules()
        self.modulesByName = modulesByName
        var result = ""
        var written = text.startIndex
        for start in starts {
            let declaring = modulesByName[start.name] ?? []
            let qualifier: String
            if ownModuleFirst, declaring.contains(module) {
                qualifier = module
            } else if declaring.count == 1, let only = declaring.first {
                qualifier = only
            } else if declaring.isEmpty, NamesTheSourcesDeclare.standardLibrary.contains(start.name) {
                qualifier = "Swift"
            } else {
                return .unqualifiable(name: start.name)
            }
            // `Models.Movie` would look `Movie` up in a type named `Models`, if one is in sight.
            guard !sourceNames.contains(Substring(qualifier)), modulesByName[Substring(qualifier)] == nil else {
                return .unqualifiable(name: start.name)
            }
            result += text[written..<start.range.lowerBound]
            result += qualifier + "."
            written = start.range.lowerBound
        }
        result += text[written...]
        return .text(result)
    }

    private func declaringModules() -> [Substring: Set<String>] {
        var modules: [Substring: Set<String>] = [:]
        for file in model.referenceFiles {
            guard let module = referenceModules.module(ofFile: file.path) else { continue }
            for type in file.types where !type.qualifiedName.contains(".") {
                modules[Substring(type.qualifiedName), default: []].insert(module)
            }
            for alias in file.typeAliases where !alias.qualifiedName.contains(".") {
                modules[Substring(alias.qualifiedName), default: []].insert(module)
            }
        }
        return modules
    }
}
