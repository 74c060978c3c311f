/// Accumulates Swift source with four-space indentation.
struct SwiftCodeWriter {
    private(set) var text = ""
    private var indentation = 0

    private static let indentations = (0..<8).map { String(repeating: "    ", count: $0) }

    /// Appends in place: building `indent + content + "\n"` first would copy every line twice more.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text += indentation < Self.indentations.count
                ? Self.indentations[indentation] : String(repeating: "    ", count: indentation)
            text += content
        }
        text += "\n"
    }

    /// Text another writer produced at indentation zero, such as a part written on another core.
    mutating func append(unindented part: String) {
        text += part
    }

    /// Text copied from a file written earlier (already a validated `String`'s bytes).
    mutating func append(unindented part: Substring) {
        text += part
    }

    mutating func indented(_ body: (inout SwiftCodeWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    /// Wraps `body` in the `#if` clauses that enclose a declaration, rebuilding each block's shape so a
    /// clause after `#if A` keeps meaning "not A".
    mutating func conditionally(_ clauses: [IfConfigClause], _ body: (inout SwiftCodeWriter) -> Void) {
        guard !clauses.isEmpty else { return body(&self) }
        text += clauses.openingDirectives
        body(&self)
        text += clauses.closingDirectives
    }
}
