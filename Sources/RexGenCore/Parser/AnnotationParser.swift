#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `// rexgen: prism`, `// sourcery: Prism, skipEquality`, `// sourcery: imports = "Foundation"`.
enum AnnotationParser {
    static let namespaces = ["rexgen", "sourcery"]

    static func annotations(inComments trivia: String) -> [Annotation] {
        var result: [Annotation] = []
        for rawLine in trivia.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            line = line.drop { $0 == " " || $0 == "\t" || $0 == "/" || $0 == "*" }
            for namespace in namespaces where line.hasPrefix(namespace + ":") {
                let body = line.dropFirst(namespace.count + 1)
                    .replacing("*/", with: "")
                for item in body.split(separator: ",") {
                    let parts = item.split(separator: "=", maxSplits: 1)
                    let name = parts[0].trimmingWhitespace
                    guard !name.isEmpty else { continue }
                    let value = parts.count > 1 ? parts[1].trimmingWhitespace : nil
                    result.append(Annotation(namespace: namespace, name: name, value: value))
                }
            }
        }
        return result
    }
}

private extension StringProtocol {
    /// Spaces and tabs (`.whitespaces`) trimmed from both ends.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
