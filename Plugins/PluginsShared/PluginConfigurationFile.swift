import Foundation

/// The `rexgen.yml` a plugin hands to RexGen: the target's own, else the package's. Of its content the
/// plugins read only `lift:`, because a configured `lift:` decides the lifts instead of detection, and the
/// build plugin must know before RexGen runs whether a lift file will be written. RexGen reads the whole
/// file itself and reports its mistakes.
struct PluginConfigurationFile: Equatable {
    static let fileName = "rexgen.yml"

    var path: String
    /// The values of the file's top-level `lift:`; nil when it has none.
    var liftValues: [String]?

    init(path: String, liftValues: [String]?) {
        self.path = path
        self.liftValues = liftValues
    }

    /// The file at `path`; nil when there is none.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(path: path, liftValues: Self.liftValues(inYAML: String(decoding: data, as: UTF8.self)))
    }

    /// A target's own `rexgen.yml` wins over the package's.
    static func find(targetDirectory: String, packageDirectory: String) -> PluginConfigurationFile? {
        find(inFirstOf: [targetDirectory, packageDirectory])
    }

    static func find(inFirstOf directories: [String]) -> PluginConfigurationFile? {
        directories.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(fileName).path }
            .compactMap(PluginConfigurationFile.init(path:)).first
    }

    // MARK: - Reading `lift:`

    /// The top-level `lift:` in every shape RexGen's reader takes for it: one value, a flow list (also over
    /// several lines) or a block list, quoted or plain, with comments. A plugin cannot use that reader (a
    /// plugin can depend on nothing but executables), and `lift:` is all it needs.
    static func liftValues(inYAML text: String) -> [String]? {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { withoutComment(String($0)) }
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
        lines = lines.filter { !$0.allSatisfy(\.isWhitespace) }
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" { lines.removeFirst() }
        guard let topIndent = lines.first.map(indentation) else { return nil }
        for (index, line) in lines.enumerated() where indentation(line) == topIndent {
            guard let value = liftKeyValue(line.dropFirst(topIndent)) else { continue }
            let following = lines[(index + 1)...]
            if value.isEmpty { return blockListItems(following, below: topIndent) }
            if value.hasPrefix("[") { return flowListItems(([value] + following).joined(separator: " ")) }
            return [unquoted(value)]
        }
        return nil
    }

    /// What follows `lift:` (plain or quoted key) on its line, trimmed; nil when the line is another key.
    private static func liftKeyValue(_ line: Substring) -> String? {
        for key in ["lift:", "\"lift\":", "'lift':"] where line.hasPrefix(key) {
            let rest = line.dropFirst(key.count)
            guard rest.first.map({ $0 == " " || $0 == "\t" }) ?? true else { return nil }
            return rest.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// `- value` lines, indented deeper than the key or level with it (YAML allows both).
    private static func blockListItems(_ lines: ArraySlice<String>, below keyIndent: Int) -> [String] {
        var items: [String] = []
        for line in lines {
            let item = line.dropFirst(indentation(line))
            guard indentation(line) > keyIndent || item.hasPrefix("-") else { break }
            guard item.hasPrefix("-") else { continue }
            items.append(unquoted(item.dropFirst().trimmingCharacters(in: .whitespaces)))
        }
        return items
    }

    /// `[a, 'b', "c"]`, already joined into one line.
    private static func flowListItems(_ text: String) -> [String] {
        let inside = text.dropFirst().prefix { $0 != "]" }
        return inside.split(separator: ",").map { unquoted($0.trimmingCharacters(in: .whitespaces)) }
            .filter { !$0.isEmpty }
    }

    private static func unquoted(_ value: String) -> String {
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        return value
    }

    private static func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// A `#` starts a comment at the start of a line or after a space, outside quotes; a quote opens only
    /// where a value starts, so the apostrophe in a plain `don't` hides no comment.
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'", " \t[{,".contains(previous) {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(line[..<index])
            }
            previous = character
        }
        return line
    }
}
