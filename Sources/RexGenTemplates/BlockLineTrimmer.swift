import RexGenCore
/// Removes the lines that hold only block tags (`{% for … %}`, `{% endif %}`) from a template's output,
/// like Jinja's `trim_blocks` + `lstrip_blocks`: such a line leaves no blank line and no indentation
/// behind, while tags inside a line of text keep the spaces and line break around them
/// (`{% if not forloop.last %}, {% endif %}` stays `, `), as Sourcery templates expect.
///
/// Stencil's own trimming cannot tell the two apart, so the template text is rewritten before parsing:
/// each block-only line loses its indentation and its line break. The rewrite remembers where each piece
/// came from, so errors still point at the template's own line and column.
struct BlockLineTrimmer {
    /// A run of a rewritten line that comes from one template line.
    private struct Segment {
        var column: Int          // 0-based, in the rewritten line
        var originalLine: Int    // 1-based
        var originalColumn: Int  // 0-based
    }

    let text: String
    /// The segments of each rewritten line, in order.
    private let segments: [[Segment]]

    init(_ template: String) {
        var output = ""
        var lines: [[Segment]] = [[]]
        var lineLength = 0
        let sourceLines = template.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in sourceLines.enumerated() {
            let tags = Self.blockTags(line)
            let isBlockOnly = tags != nil
            // A block-only line keeps its tags and nothing else: no indentation, no spaces between or after.
            let content = tags ?? line
            let leading = line.prefix { $0 == " " || $0 == "\t" }.count
            lines[lines.count - 1].append(Segment(column: lineLength, originalLine: index + 1,
                                                  originalColumn: isBlockOnly ? leading : 0))
            output += content
            lineLength += content.count
            if !isBlockOnly && index < sourceLines.count - 1 {
                output += "\n"
                lines.append([])
                lineLength = 0
            }
        }
        text = output
        segments = lines
    }

    /// Maps a 1-based line and 0-based column of the rewritten text back to the template's.
    func originalLocation(line: Int, column: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= segments.count,
              let segment = segments[line - 1].last(where: { $0.column <= column }) else { return (line, column) }
        return (segment.originalLine, segment.originalColumn + column - segment.column)
    }

    /// Whitespace and `{% … %}`/`{# … #}` only, with at least one block tag.
    static func holdsOnlyBlockTags(_ line: Substring) -> Bool {
        blockTags(line) != nil
    }

    /// The line's tags run together, when the line holds nothing else; nil otherwise.
    static func blockTags(_ line: Substring) -> Substring? {
        var rest = line[...]
        var tags = ""
        var sawBlock = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if rest.isEmpty { return sawBlock ? Substring(tags) : nil }
            let isBlock = rest.hasPrefix("{%")
            guard isBlock || rest.hasPrefix("{#") else { return nil }
            let closing = isBlock ? "%}" : "#}"
            guard let end = rest.range(of: closing) else { return nil }
            sawBlock = sawBlock || isBlock
            tags += rest[..<end.upperBound]
            rest = rest[end.upperBound...]
        }
    }
}
