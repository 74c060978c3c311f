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
        var index: [String: TypeDeclaration] = [:]
        index.reserveCapacity(allFiles.reduce(0) { $0 + $1.types.count })
        for file in allFiles {
            for type in file.types where index[type.qualifiedName] == nil {
                index[type.qualifiedName] = type
            }
        }
        self.types = index
    }

    public var diagnostics: [Diagnostic] { allFiles.flatMap(\.diagnostics) }
}
