#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Plain and quoted scalars, and where a `key: value` line splits.
enum YAMLScalars {
    /// Splits `key: value` at the first `:` that is followed by a space or ends the text, outside quotes.
    static func keySplit(_ text: Substring) -> (key: Substring, rest: Substring)? {
        if text.first == "[" || text.first == "{" || text.hasPrefix("- ") || text == "-" { return nil }
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if (character == "\"" || character == "'") && index == text.startIndex {
                quote = character
            } else if character == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " {
                    return (text[..<index], text[next...].drop { $0 == " " })
                }
            }
        }
        return nil
    }

    /// A plain or quoted scalar's value.
    static func scalarText(_ text: Substring, mark: YAMLMark) throws(YAMLError) -> String {
        guard let first = text.first else { return "" }
        switch first {
        case "\"": return try doubleQuoted(text, mark: mark)
        case "'":
            guard text.count >= 2, text.last == "'" else { throw YAMLError(problem: "unterminated quoted value", mark: mark) }
            let inner = text.dropFirst().dropLast()
            if inner.replacing("''", with: "").contains("'") {
                throw YAMLError(problem: "text after a quoted value", mark: mark)
            }
            return String(inner.replacing("''", with: "'"))
        case "&", "*", "!":
            throw YAMLError(problem: "anchors, aliases and tags are not supported in rexgen.yml", mark: mark)
        case "|", ">":
            throw YAMLError(problem: "block scalars ('|', '>') are not supported in rexgen.yml; write the value on one line", mark: mark)
        case "@", "`":
            throw YAMLError(problem: "a plain value cannot start with '\(first)'; quote it", mark: mark)
        default:
            return String(text)
        }
    }

    private static func doubleQuoted(_ text: Substring, mark: YAMLMark) throws(YAMLError) -> String {
        var result = ""
        var iterator = text.dropFirst().makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\"":
                if iterator.next() != nil { throw YAMLError(problem: "text after a quoted value", mark: mark) }
                return result
            case "\\":
                switch iterator.next() {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                case "/": result.append("/")
                case "0": result.append("\u{0}")
                case " ": result.append(" ")
                default: throw YAMLError(problem: "unsupported escape in a quoted value", mark: mark)
                }
            default:
                result.append(character)
            }
        }
        throw YAMLError(problem: "unterminated quoted value", mark: mark)
    }
}

/// A flow collection (`[a, {k: v}]`), gathered line by line until its brackets balance, then read by
/// recursive descent (nesting is bounded by the text of a configuration file).
struct FlowCollectionReader {
    private var characters: [Character] = []
    private var marks: [YAMLMark] = []
    private var depth = 0
    private var quotes = QuoteTracker()
    /// The last character outside spaces: a quote opens a scalar only after `[`, `{`, `,` or `:`.
    private var previous: Character = "["
    private(set) var isComplete = false

    /// Adds one line's text (a line break reads as a space).
    mutating func append(_ text: Substring, mark: YAMLMark) throws(YAMLError) {
        if !characters.isEmpty {
            characters.append(" ")
            marks.append(marks.last!)
        }
        let line = Array(text)
        for (offset, character) in line.enumerated() {
            let here = YAMLMark(line: mark.line, column: mark.column + offset)
            if isComplete, character != " " { throw YAMLError(problem: "text after '\(previous)'", mark: here) }
            characters.append(character)
            marks.append(here)
            defer { if character != " " { previous = character } }
            let next = offset + 1 < line.count ? line[offset + 1] : nil
            if quotes.step(character, next: next, mayOpen: "[{,:".contains(previous)) {
                continue
            } else if character == "[" || character == "{" {
                depth += 1
            } else if character == "]" || character == "}" {
                depth -= 1
                if depth == 0 { isComplete = true }
            }
        }
    }

    func parse() throws(YAMLError) -> YAMLNode {
        var cursor = Cursor(characters: characters, marks: marks)
        return try cursor.node(inMapping: false)
    }

    private struct Cursor {
        let characters: [Character]
        let marks: [YAMLMark]
        var index = 0

        var current: Character? { index < characters.count ? characters[index] : nil }
        var mark: YAMLMark { marks[min(index, marks.count - 1)] }

        mutating func skipSpaces() {
            while let character = current, character == " " || character == "\t" { index += 1 }
        }

        mutating func node(inMapping: Bool) throws(YAMLError) -> YAMLNode {
            skipSpaces()
            switch current {
            case "["?: return try sequence()
            case "{"?: return try mapping()
            default:
                let start = mark
                return .scalar(try scalar(stoppingAtColon: false), start)
            }
        }

        private mutating func sequence() throws(YAMLError) -> YAMLNode {
            let start = mark
            index += 1
            var items: [YAMLNode] = []
            while true {
                skipSpaces()
                if current == "]" { index += 1; return .sequence(items, start) }
                if current == "," { throw YAMLError(problem: "empty entry in '[...]'", mark: mark) }
                items.append(try node(inMapping: false))
                try separator(closing: "]")
                if characters[index - 1] == "]" { return .sequence(items, start) }
            }
        }

        private mutating func mapping() throws(YAMLError) -> YAMLNode {
            let start = mark
            index += 1
            var entries: [YAMLEntry] = []
            while true {
                skipSpaces()
                if current == "}" { index += 1; return .mapping(entries, start) }
                let keyMark = mark
                let key = try scalar(stoppingAtColon: true)
                if entries.contains(where: { $0.key == key }) {
                    throw YAMLError(problem: "duplicate key '\(key)'", mark: keyMark)
                }
                skipSpaces()
                let value: YAMLNode
                if current == ":" {
                    index += 1
                    skipSpaces()
                    value = current == "," || current == "}" ? .scalar("", mark) : try node(inMapping: true)
                } else {
                    value = .scalar("", mark)
                }
                entries.append(YAMLEntry(key: key, keyMark: keyMark, value: value))
                try separator(closing: "}")
                if characters[index - 1] == "}" { return .mapping(entries, start) }
            }
        }

        /// After an entry: `,` or the closing bracket, consumed.
        private mutating func separator(closing: Character) throws(YAMLError) {
            skipSpaces()
            guard let character = current, character == "," || character == closing else {
                throw YAMLError(problem: "expected ',' or '\(closing)'", mark: mark)
            }
            index += 1
        }

        /// A quoted scalar to its closing quote, or a plain one to `,`, a closing bracket or (for keys) `:`.
        private mutating func scalar(stoppingAtColon: Bool) throws(YAMLError) -> String {
            let start = index
            let startMark = mark
            if let open = current, open == "\"" || open == "'" {
                index += 1
                while let character = current {
                    index += 1
                    if character == "\\", open == "\"" { index += 1; continue }
                    if character == open {
                        if open == "'", current == "'" { index += 1; continue }
                        break
                    }
                }
            } else {
                while let character = current, character != ",", character != "]", character != "}",
                      !(character == ":" && (stoppingAtColon || index + 1 == characters.count || characters[index + 1] == " ")) {
                    if character == "[" || character == "{" {
                        throw YAMLError(problem: "'\(character)' inside a plain value; quote it", mark: mark)
                    }
                    index += 1
                }
            }
            var text = String(characters[start..<min(index, characters.count)])
            while text.last == " " { text.removeLast() }
            return try YAMLScalars.scalarText(Substring(text), mark: startMark)
        }
    }
}

/// Where quoted values begin and end, a character at a time: `\"` inside double quotes and `''` inside
/// single quotes do not end them. Shared by comment stripping and flow collections, which must both skip
/// what is quoted.
struct QuoteTracker {
    private var quote: Character?
    private var skipsNext = false

    /// - Parameter mayOpen: whether a quote here would begin a value (YAML quotes only begin one).
    /// - Returns: whether `character` is part of a quoted value, its quotes included.
    mutating func step(_ character: Character, next: Character?, mayOpen: Bool) -> Bool {
        if skipsNext {
            skipsNext = false
            return true
        }
        guard let open = quote else {
            guard mayOpen, character == "\"" || character == "'" else { return false }
            quote = character
            return true
        }
        if open == "\"", character == "\\" {
            skipsNext = true
        } else if character == open {
            if open == "'", next == "'" { skipsNext = true } else { quote = nil }
        }
        return true
    }
}
