/// Every declaration read from the inputs: the sources RexGen generates for, and reference sources that
/// only help resolve names (other modules' action enums, typealiases, access levels).
public struct SourceModel: Sendable {
    public var files: [ParsedFile]
    public var referenceFiles: [ParsedFile]

    public init(files: [ParsedFile], referenceFiles: [ParsedFile] = []) {
        self.files = files
        self.referenceFiles = referenceFiles
    }

    public var allFiles: [ParsedFile] { files + referenceFiles }

    public var diagnostics: [Diagnostic] { allFiles.flatMap(\.diagnostics) }

    /// Type declarations by qualified name (first declaration wins), for access and name lookups.
    public func typeIndex() -> [String: TypeDeclaration] {
        var index: [String: TypeDeclaration] = [:]
        for file in allFiles {
            for type in file.types where index[type.qualifiedName] == nil {
                index[type.qualifiedName] = type
            }
        }
        return index
    }
}
