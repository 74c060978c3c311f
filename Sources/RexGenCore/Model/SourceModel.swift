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
    public let types: [String: TypeDeclaration]

    public init(files: [ParsedFile], referenceFiles: [ParsedFile] = []) {
        self.files = files
        self.referenceFiles = referenceFiles
        // Without references the two arrays share storage: copying thousands of files costs a retain each.
        self.allFiles = referenceFiles.isEmpty ? files : files + referenceFiles
        // `while` loops over the files: a modular app's are tens of thousands, in the debug build the build
        // plugin runs, where `reduce`, `flatMap` and `for … in` are unspecialised generic calls.
        let allFiles = self.allFiles
        var typeCount = 0
        var position = 0
        while position < allFiles.count {
            typeCount += allFiles[position].types.count
            position += 1
        }
        var index: [String: TypeDeclaration] = [:]
        index.reserveCapacity(typeCount)
        position = 0
        while position < allFiles.count {
            let types = allFiles[position].types
            var typeIndex = 0
            while typeIndex < types.count {
                let type = types[typeIndex]
                if index[type.qualifiedName] == nil { index[type.qualifiedName] = type }
                typeIndex += 1
            }
            position += 1
        }
        self.types = index
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
