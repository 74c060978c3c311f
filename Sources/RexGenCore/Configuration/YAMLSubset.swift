#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A node of `rexgen.yml`, with where it starts (1-based line and column), for located diagnostics.
public indirect enum YAMLNode: Equatable, Sendable {
    case scalar(String, YAMLMark)
    case sequence([YAMLNode], YAMLMark)
    case mapping([YAMLEntry], YAMLMark)

    public var mark: YAMLMark {
        switch self {
        case .scalar(_, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }
}

public struct YAMLEntry: Equatable, Sendable {
    public var key: String
    public var keyMark: YAMLMark
    public var value: YAMLNode
}

public struct YAMLMark: Equatable, Sendable {
    public var line: Int
    public var column: Int
}

public struct YAMLError: Error, Equatable {
    public var problem: String
    public var mark: YAMLMark
}

/// Reads the part of YAML a configuration file uses: block mappings and sequences, flow collections
/// (`[a, b]`, `{k: v}`, also over several lines), plain, single- and double-quoted scalars, comments and a
/// `---` start. Anything else (anchors, aliases, tags, block scalars, several documents) is a located
/// error rather than a guess. RexGen reads its own small configuration instead of depending on Yams,
/// because every clean build of a package using the build plugin would compile Yams first (about half of
/// the plugin tool's build).
public enum YAMLSubset {
    /// nil for an empty document.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var parser = BlockParser(lines: try logicalLines(text))
        guard let first = parser.lines.first else { return nil }
        let node = try parser.parseBlock(indent: first.indent)
        if let extra = parser.lines.dropFirst(parser.position).first {
            throw YAMLError(problem: "unexpected content (check the indentation)", mark: extra.mark)
        }
        return node
    }

    /// The text of each line without its comment, indentation measured; blank lines dropped.
    static func logicalLines(_ text: String) throws(YAMLError) -> [Line] {
        var lines: [Line] = []
        // "\r\n" is one Character in Swift, so it is made "\n" before splitting.
        let unixText = text.replacing("\r\n", with: "\n")
        for (index, raw) in unixText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var content = raw
            if number == 1, content.hasPrefix("\u{FEFF}") { content = content.dropFirst() }
            let indent = content.prefix { $0 == " " }.count
            let body = stripComment(content.dropFirst(indent))
            if body.isEmpty { continue }
            let mark = YAMLMark(line: number, column: indent + 1)
            if body.first == "\t" { throw YAMLError(problem: "tabs cannot indent YAML; use spaces", mark: mark) }
            if indent == 0, body == "---", lines.isEmpty { continue }
            if indent == 0, body == "---" || body == "..." {
                throw YAMLError(problem: "only one document is read from rexgen.yml", mark: mark)
            }
            if body.hasPrefix("%") { throw YAMLError(problem: "directives are not supported in rexgen.yml", mark: mark) }
            lines.append(Line(indent: indent, text: body, mark: mark))
        }
        return lines
    }

    /// Drops a `#` comment (at the start, or after a space, outside quotes) and trailing spaces.
    private static func stripComment(_ text: Substring) -> Substring {
        let characters = Array(text)
        var quotes = QuoteTracker()
        var previous: Character = " "
        var end = characters.count
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if quotes.step(character, next: next, mayOpen: index == 0 || " [,:-{".contains(previous)) {
                // Inside a quoted value: no comment starts here.
            } else if character == "#", previous == " " || previous == "\t" {
                end = index
                break
            }
            previous = character
        }
        var result = text.prefix(end)
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    struct Line {
        var indent: Int
        var text: Substring
        var mark: YAMLMark
    }
}

/// Indentation-structured blocks; flow and scalar text goes to `FlowCollectionReader` and `YAMLScalars`.
private struct BlockParser {
    var lines: [YAMLSubset.Line]
    var position = 0

    init(lines: [YAMLSubset.Line]) {
        self.lines = lines
    }

    mutating func parseBlock(indent: Int) throws(YAMLError) -> YAMLNode {
        let line = lines[position]
        if line.text == "-" || line.text.hasPrefix("- ") { return try parseSequence(indent: line.indent) }
        if YAMLScalars.keySplit(line.text) != nil { return try parseMapping(indent: line.indent) }
        position += 1
        return try value(line.text, mark: line.mark, ownerIndent: line.indent - 1)
    }

    private mutating func parseSequence(indent: Int) throws(YAMLError) -> YAMLNode {
        let mark = lines[position].mark
        var items: [YAMLNode] = []
        while position < lines.count, lines[position].indent == indent,
              lines[position].text == "-" || lines[position].text.hasPrefix("- ") {
            let line = lines[position]
            let rest = line.text.dropFirst().drop { $0 == " " }
            if rest.isEmpty {
                position += 1
                items.append(try nested(under: indent, orEmptyAt: line.mark))
            } else {
                // `- key: value` or `- - x`: the rest is a block of its own, indented where it starts.
                let column = line.indent + (line.text.count - rest.count)
                lines[position] = YAMLSubset.Line(indent: column, text: rest,
                                                  mark: YAMLMark(line: line.mark.line, column: column + 1))
                items.append(try parseBlock(indent: column))
            }
        }
        return .sequence(items, mark)
    }

    private mutating func parseMapping(indent: Int) throws(YAMLError) -> YAMLNode {
        let mark = lines[position].mark
        var entries: [YAMLEntry] = []
        while position < lines.count, lines[position].indent == indent {
            let line = lines[position]
            guard let (keyText, rest) = YAMLScalars.keySplit(line.text) else {
                throw YAMLError(problem: "expected 'key: value'", mark: line.mark)
            }
            let key = try YAMLScalars.scalarText(keyText, mark: line.mark)
            if entries.contains(where: { $0.key == key }) {
                throw YAMLError(problem: "duplicate key '\(key)'", mark: line.mark)
            }
            position += 1
            let valueMark = YAMLMark(line: line.mark.line, column: line.mark.column + (line.text.count - rest.count))
            let value: YAMLNode
            if rest.isEmpty {
                // A sequence may sit at its key's own indentation (`key:` then `- item`).
                if position < lines.count, lines[position].indent == indent,
                   lines[position].text == "-" || lines[position].text.hasPrefix("- ") {
                    value = try parseSequence(indent: indent)
                } else {
                    value = try nested(under: indent, orEmptyAt: valueMark)
                }
            } else {
                value = try self.value(rest, mark: valueMark, ownerIndent: indent)
            }
            entries.append(YAMLEntry(key: key, keyMark: line.mark, value: value))
        }
        if position < lines.count, lines[position].indent > indent {
            throw YAMLError(problem: "unexpected indentation", mark: lines[position].mark)
        }
        return .mapping(entries, mark)
    }

    /// The block indented under the previous line, or an empty scalar (YAML's null) when there is none.
    private mutating func nested(under indent: Int, orEmptyAt mark: YAMLMark) throws(YAMLError) -> YAMLNode {
        guard position < lines.count, lines[position].indent > indent else { return .scalar("", mark) }
        return try parseBlock(indent: lines[position].indent)
    }

    /// A scalar or a flow sequence; `ownerIndent` is the indentation of the line holding its key.
    private mutating func value(_ text: Substring, mark: YAMLMark, ownerIndent: Int) throws(YAMLError) -> YAMLNode {
        if text.first == "[" || text.first == "{" {
            return try flowCollection(startingWith: text, mark: mark, ownerIndent: ownerIndent)
        }
        if text.first != "\"", text.first != "'", YAMLScalars.keySplit(text) != nil {
            throw YAMLError(problem: "a plain value cannot contain ': '; quote it", mark: mark)
        }
        return .scalar(try YAMLScalars.scalarText(text, mark: mark), mark)
    }

    /// `[a, b]` or `{k: v}`, which may go on over the following lines, indented under its key, until closed.
    private mutating func flowCollection(startingWith text: Substring, mark: YAMLMark,
                                         ownerIndent: Int) throws(YAMLError) -> YAMLNode {
        var flow = FlowCollectionReader()
        try flow.append(text, mark: mark)
        while !flow.isComplete {
            guard position < lines.count,
                  lines[position].indent > ownerIndent || lines[position].text.first == "]" || lines[position].text.first == "}" else {
                throw YAMLError(problem: "this '\(text.first!)' is never closed", mark: mark)
            }
            try flow.append(lines[position].text, mark: lines[position].mark)
            position += 1
        }
        return try flow.parse()
    }
}

