/// Every declaration read from the inputs: the sources RexGen generates for, and reference sources that
/// only help resolve names (other modules' action enums, typealiases, access levels).
///
/// Immutable, so the indexes every analysis needs are built once here rather than by each stage.
public struct SourceModel: Sendable {
    public let files: [ParsedFile]
    public let referenceFiles: [ParsedFile]
    /// Sources first, then references.
    public let allFiles: [ParsedFile]
    /// Type declarations by qualified name (first declaration wins), for access and name lookups.
    public let types: TypeIndex

    public init(files: [ParsedFile], referenceFiles: [ParsedFile] = []) {
        self.files = files
        self.referenceFiles = referenceFiles
        // Without references the two arrays share storage: copying thousands of files costs a retain each.
        self.allFiles = referenceFiles.isEmpty ? files : files + referenceFiles
        self.types = TypeIndex(allFiles)
    }

    public var diagnostics: [Diagnostic] {
        var found: [Diagnostic] = []
        var position = 0
        while position < allFiles.count {
            let diagnostics = allFiles[position].diagnostics
            if !diagnostics.isEmpty { found += diagnostics }
            position += 1
        }
        return found
    }
}

/// Type declarations by qualified name, the first declaration of a name winning: where each lies among the
/// files, not a copy of it (a large app declares tens of thousands of types, and an index of copies was a
/// twentieth of its model).
public struct TypeIndex: Sendable {
    private struct Position: Sendable {
        var file: Int32
        var type: Int32
    }

    private let files: [ParsedFile]
    private let positions: [String: Position]
    /// The names declared more than once (by several modules, or in `#if` branches): few or none.
    let namesDeclaredMoreThanOnce: Set<String>

    init(_ files: [ParsedFile]) {
        self.files = files
        // `while` loops over the files: a modular app's are tens of thousands, in the debug build the build
        // plugin runs, where `reduce`, `flatMap` and `for … in` are unspecialised generic calls.
        var typeCount = 0
        var position = 0
        while position < files.count {
            typeCount += files[position].types.count
            position += 1
        }
        var index: [String: Position] = [:]
        index.reserveCapacity(typeCount)
        var declaredMoreThanOnce = Set<String>()
        position = 0
        while position < files.count {
            let types = files[position].types
            var typeIndex = 0
            while typeIndex < types.count {
                let name = types[typeIndex].qualifiedName
                if index[name] == nil {
                    index[name] = Position(file: Int32(position), type: Int32(typeIndex))
                } else {
                    declaredMoreThanOnce.insert(name)
                }
                typeIndex += 1
            }
            position += 1
        }
        positions = index
        namesDeclaredMoreThanOnce = declaredMoreThanOnce
    }

    public subscript(qualifiedName: String) -> TypeDeclaration? {
        guard let position = positions[qualifiedName] else { return nil }
        return files[Int(position.file)].types[Int(position.type)]
    }

    public var count: Int { positions.count }

    /// For each name declared more than once, the paths of the files that declare it: one pass over every file.
    func filesDeclaringNamesDeclaredMoreThanOnce() -> [String: [String]] {
        guard !namesDeclaredMoreThanOnce.isEmpty else { return [:] }
        var found: [String: [String]] = [:]
        for file in files {
            for type in file.types where namesDeclaredMoreThanOnce.contains(type.qualifiedName) {
                found[type.qualifiedName, default: []].append(file.path)
            }
        }
        return found
    }

    /// Whether one of the first `fileCount` files (the sources, which come first) declares `qualifiedName`.
    func isDeclared(inFirst fileCount: Int, _ qualifiedName: String) -> Bool {
        positions[qualifiedName].map { Int($0.file) < fileCount } ?? false
    }

    /// Whether every declaration of `qualifiedName` is in the first `fileCount` files (the sources, which
    /// come first): another module, which cannot see them, does not see the name as a type.
    func isDeclaredOnly(inFirst fileCount: Int, _ qualifiedName: String) -> Bool {
        guard let position = positions[qualifiedName], Int(position.file) < fileCount else { return false }
        guard namesDeclaredMoreThanOnce.contains(qualifiedName) else { return true }
        return !files[fileCount...].contains { $0.types.contains { $0.qualifiedName == qualifiedName } }
    }
}

extension TypeIndex {
    /// A type along a qualified name, with the generic parameters it declares.
    struct Scope {
        /// `Outer.Page`.
        var name: String
        /// By the name each declares (`each T` is `T`): in the type's body they hide any type of that name
        /// declared further out, and its own member types.
        var genericParameters: [String]
    }

    /// The types a qualified name passes through, outermost first and ending with the type it names
    /// (`["Outer", "Page"]` → `Outer`, `Outer.Page`), with their generic parameters; the one place that
    /// walks them, so every stage agrees on what is in scope. `own` stands for the last type's parameters when
    /// the caller has its declaration, which saves a look-up.
    func scopes(along path: [String], own: [String]? = nil) -> [Scope] {
        var scopes: [Scope] = []
        scopes.reserveCapacity(path.count)
        var name = ""
        for component in path {
            name += name.isEmpty ? component : "." + component
            let declared = (scopes.count == path.count - 1 ? own : nil) ?? self[name]?.genericParameterNames ?? []
            scopes.append(Scope(name: name, genericParameters: declared.isEmpty ? declared
                : declared.map { $0.hasPrefix("each ") ? String($0.dropFirst(5)) : $0 }))
        }
        return scopes
    }
}
