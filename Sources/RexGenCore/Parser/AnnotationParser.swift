import Foundation

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
                    .replacingOccurrences(of: "*/", with: "")
                for item in body.split(separator: ",") {
                    let parts = item.split(separator: "=", maxSplits: 1)
                    let name = parts[0].trimmingCharacters(in: .whitespaces)
                    guard !name.isEmpty else { continue }
                    let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
                    result.append(Annotation(namespace: namespace, name: name, value: value))
                }
            }
        }
        return result
    }
}
