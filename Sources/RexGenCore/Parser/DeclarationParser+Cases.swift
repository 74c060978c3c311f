import Foundation

extension DeclarationParser {
    /// `case a, b(Int), c(label: T = default) = raw` inside an enum body.
    mutating func parseCases(_ prefix: Prefix) {
        advance()
        guard case .enumBody(let enumIndex) = currentScope.kind else { return }
        let caseIfConfig = Array(ifStack[currentScope.ifDepth...])
        while token.kind == .identifier {
            let nameToken = token
            advance()
            var associatedValues: [AssociatedValue]?
            if token.kind == .leftParen {
                associatedValues = readAssociatedValues()
            }
            var rawValue: String?
            if token.kind == .equal {
                advance()
                rawValue = readExpression(stoppingAtGreaterThan: false, endsAtLineBreak: true)
            }
            openEnums[enumIndex].cases.append(EnumCaseDeclaration(
                name: name(of: nameToken), location: location(of: nameToken.start),
                isIndirect: prefix.isIndirect, attributes: prefix.attributes, ifConfig: caseIfConfig,
                associatedValues: associatedValues, rawValue: rawValue))
            guard token.kind == .comma else { return }
            advance()
        }
    }

    /// From `(` through `)`: each element's label, type and default.
    private mutating func readAssociatedValues() -> [AssociatedValue] {
        let openParen = token
        advance()
        var values: [AssociatedValue] = []
        while token.kind != .rightParen {
            guard token.kind != .endOfFile, token.kind != .rightBrace else {
                error("expected ')' to close the case's associated values", at: openParen.start)
                return values
            }
            var label: String?
            if token.kind == .identifier {
                let following = peek(2)
                if following[0].kind == .colon {
                    label = name(of: token)
                    advance()
                    advance()
                } else if following[0].kind == .identifier, following[1].kind == .colon {
                    // `_ name: Type` or `label name: Type`: the first word is what callers write.
                    label = name(of: token)
                    for _ in 0..<3 { advance() }
                }
            }
            if label == "_" { label = nil }
            var typeText = readExpression(stoppingAtGreaterThan: true, endsAtLineBreak: false)
            var isVariadic = false
            if typeText.hasSuffix("...") {
                isVariadic = true
                typeText.removeLast(3)
                while typeText.last == " " { typeText.removeLast() }
            }
            var defaultValue: String?
            if token.kind == .equal {
                advance()
                defaultValue = readExpression(stoppingAtGreaterThan: false, endsAtLineBreak: false)
            }
            values.append(AssociatedValue(label: label, typeText: typeText, defaultValue: defaultValue,
                                          isVariadic: isVariadic))
            if token.kind == .comma { advance() }
        }
        advance()
        return values
    }

    /// Reads a type or an expression up to a `,`, `)` or `=` outside brackets.
    ///
    /// In a type, `<` and `>` are brackets; in an expression they are operators, so only types track them.
    private mutating func readExpression(stoppingAtGreaterThan isType: Bool, endsAtLineBreak: Bool) -> String {
        var collector = TextCollector()
        var depth = 0
        var angleDepth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                if depth == 0 { return collector.text }
                depth -= 1
            case .lessThan where isType:
                angleDepth += 1
            case .greaterThan where isType && angleDepth > 0:
                angleDepth -= 1
            case .comma where depth == 0 && angleDepth == 0:
                return collector.text
            case .equal where depth == 0 && angleDepth == 0 && isType:
                return collector.text
            case .semicolon, .poundKeyword:
                if depth == 0 { return collector.text }
            default:
                break
            }
            if endsAtLineBreak, depth == 0, token.isAtLineStart, !collector.isEmpty { return collector.text }
            collector.append(token, from: bytes)
            advance()
        }
        return collector.text
    }

    /// Annotations in the comments between the previous token and a declaration's first token.
    mutating func annotations(before first: Token) -> [Annotation] {
        guard first.hasTrivia else { return [] }
        let trivia = String(decoding: UnsafeBufferPointer(rebasing: bytes[first.triviaStart..<first.start]),
                            as: UTF8.self)
        guard trivia.contains("rexgen:") || trivia.contains("sourcery:") else { return [] }
        return AnnotationParser.annotations(inComments: trivia)
    }
}

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
