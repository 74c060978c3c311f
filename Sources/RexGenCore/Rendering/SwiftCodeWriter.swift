/// Accumulates Swift source with four-space indentation.
struct SwiftCodeWriter {
    private(set) var text = ""
    private var indentation = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: indentation) + content + "\n"
        }
    }

    mutating func indented(_ body: (inout SwiftCodeWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    /// Wraps `body` in the `#if` clauses that enclose a declaration, rebuilding each block's shape so a
    /// clause after `#if A` keeps meaning "not A".
    mutating func conditionally(_ clauses: [IfConfigClause], _ body: (inout SwiftCodeWriter) -> Void) {
        text += clauses.openingDirectives
        body(&self)
        text += clauses.closingDirectives
    }
}
