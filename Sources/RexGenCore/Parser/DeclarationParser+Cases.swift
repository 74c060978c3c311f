extension DeclarationParser {
    /// `case a, b(Int), c(label: T = default) = raw` inside an enum body.
    mutating func parseCases(_ prefix: Prefix) {
        let keyword = token
        advance()
        guard case .enumBody(let enumIndex) = currentScope.kind else { return }
        // `// sourcery: skip` above `case a, b` annotates every case the declaration lists.
        let caseAnnotations = annotations(from: prefix.firstToken, to: keyword)
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
                rawValue = readExpression(isType: false, endsAtLineBreak: true)
            }
            openEnums[enumIndex].cases.append(EnumCaseDeclaration(
                name: name(of: nameToken), location: location(of: nameToken.start),
                isIndirect: prefix.isIndirect, attributes: prefix.attributes, ifConfig: caseIfConfig,
                associatedValues: associatedValues, rawValue: rawValue, annotations: caseAnnotations))
            guard token.kind == .comma else { return }
            advance()
        }
    }

    /// From `(` through `)`: each element's label, type and default. A list that is not closed properly
    /// keeps the elements read so far and ends at the token that does not fit, with an error.
    private mutating func readAssociatedValues() -> [AssociatedValue] {
        let openParen = token
        advance()
        var values: [AssociatedValue] = []
        while token.kind != .rightParen {
            let elementStart = token.start
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
            var typeText = readExpression(isType: true, endsAtLineBreak: false)
            var isVariadic = false
            if typeText.hasSuffix("...") {
                isVariadic = true
                typeText.removeLast(3)
                while typeText.last == " " { typeText.removeLast() }
            }
            var defaultValue: String?
            if token.kind == .equal {
                advance()
                defaultValue = readExpression(isType: false, endsAtLineBreak: false)
            }
            if token.start != elementStart {
                values.append(AssociatedValue(label: label, typeText: typeText, defaultValue: defaultValue,
                                              isVariadic: isVariadic))
            }
            if token.kind == .comma {
                advance()
            } else if token.kind != .rightParen {
                error("expected ')' to close the case's associated values", at: openParen.start)
                return values
            }
        }
        advance()
        return values
    }

    /// Reads a type or an expression up to a `,`, `)` or `=` outside brackets, or to a line that starts a
    /// declaration (outside braces), so a missing `)` costs one case.
    ///
    /// In a type, `<` and `>` are brackets; in an expression they are operators unless they enclose generic
    /// arguments (`Dictionary<String, Int>()`), which is told apart by looking ahead as Swift does.
    private mutating func readExpression(isType: Bool, endsAtLineBreak: Bool) -> String {
        var collector = TextCollector()
        var depth = 0
        var braceDepth = 0
        var angleDepth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .leftParen, .leftBracket:
                depth += 1
            case .leftBrace:
                depth += 1
                braceDepth += 1
            case .rightParen, .rightBracket, .rightBrace:
                if depth == 0 { return collector.text }
                depth -= 1
                if token.kind == .rightBrace { braceDepth -= 1 }
            case .lessThan where isType:
                angleDepth += 1
            case .lessThan where !token.hasTrivia && previousKind == .identifier:
                if let count = genericArgumentTokenCount() {
                    for _ in 0..<count {
                        collector.append(token, from: bytes)
                        advance()
                    }
                    continue
                }
            case .greaterThan where isType && angleDepth > 0:
                angleDepth -= 1
            case .comma where depth == 0 && angleDepth == 0:
                return collector.text
            case .equal where depth == 0 && angleDepth == 0 && isType:
                return collector.text
            case .semicolon:
                if depth == 0 { return collector.text }
            case .poundKeyword where braceDepth == 0 && isConditionalDirective(token):
                return collector.text
            default:
                break
            }
            if braceDepth == 0 {
                if endsAtLineBreak, depth == 0, token.isAtLineStart, !collector.isEmpty { return collector.text }
                if startsDeclarationLine() { return collector.text }
            }
            collector.append(token, from: bytes)
            advance()
        }
        return collector.text
    }

    /// At a `<` right after a name: how many tokens, through the matching `>`, form a generic argument list,
    /// or nil when the `<` is an operator. Like Swift, it takes the list if only type-like tokens lie between
    /// and the `>` is followed by something that can follow a type in an expression.
    private func genericArgumentTokenCount() -> Int? {
        var lookahead = lexer
        lookahead.recordsIssues = false
        var angles = 1, brackets = 0, count = 1
        while count < 128 {
            let next = lookahead.next()
            count += 1
            switch next.kind {
            case .lessThan: angles += 1
            case .greaterThan:
                angles -= 1
                guard angles == 0 else { continue }
                guard brackets == 0 else { return nil }
                let after = lookahead.next()
                switch after.kind {
                case .leftParen, .dot, .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .endOfFile:
                    return count
                default:
                    return after.isAtLineStart ? count : nil
                }
            case .leftParen, .leftBracket: brackets += 1
            case .rightParen, .rightBracket:
                brackets -= 1
                if brackets < 0 { return nil }
            case .identifier, .number, .dot, .comma, .colon, .question, .exclamation, .ampersand, .arrow, .at:
                break
            default:
                return nil
            }
        }
        return nil
    }

    private func isConditionalDirective(_ token: Token) -> Bool {
        isText(token, "#if") || isText(token, "#elseif") || isText(token, "#else") || isText(token, "#endif")
    }

    /// Annotations in the comments before a declaration's first token and between its attributes and
    /// modifiers (`@available(…)` / `// rexgen: prism` / `enum X`).
    mutating func annotations(from first: Token, to keyword: Token) -> [Annotation] {
        var leading = first.triviaStart..<first.start
        // A comment after the previous token on its own line (`case a // rexgen: skip`) is about that line,
        // not about the declaration that follows: only whole lines above the declaration count.
        if leading.lowerBound > 0, bytes[leading.lowerBound - 1] != UInt8(ascii: "\n"),
           let lineEnd = bytes[leading].firstIndex(of: UInt8(ascii: "\n")) {
            leading = lineEnd..<leading.upperBound
        }
        var triviaRanges = [leading]
        if first.start < keyword.start {
            var lexer = Lexer(bytes: UnsafeBufferPointer(rebasing: bytes[first.start..<keyword.start]))
            lexer.recordsIssues = false
            while true {
                let next = lexer.next()
                if next.hasTrivia { triviaRanges.append((first.start + next.triviaStart)..<(first.start + next.start)) }
                if next.kind == .endOfFile { break }
            }
        }
        // Nearly every declaration has no annotation: look for the namespaces in the bytes before building
        // any text. (Both are ASCII, which no other spelling is canonically equivalent to.)
        guard triviaRanges.contains(where: { containsAnnotationMarker(in: $0) }) else { return [] }
        let comments = triviaRanges.map(triviaText).joined()
        return AnnotationParser.annotations(inComments: comments)
    }

    private func containsAnnotationMarker(in range: Range<Int>) -> Bool {
        let trivia = UnsafeBufferPointer(rebasing: bytes[range])
        return trivia.containsBytes(of: "rexgen:") || trivia.containsBytes(of: "sourcery:")
    }

    private func triviaText(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
