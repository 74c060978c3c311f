extension DeclarationParser {
    /// Modifiers and attributes read in front of a declaration keyword.
    struct Prefix {
        var firstToken: Token
        var attributes: [String] = []
        var access: AccessLevel?
        /// `private(set)`: the access of a property's setter.
        var setterAccess: AccessLevel?
        var isStatic = false
        var isIndirect = false
    }

    /// At an attribute or identifier in a scope that holds declarations.
    mutating func parseDeclaration() {
        // Right after `(` or `,` a keyword is an argument label (`func register(enum e: E)`,
        // `init(class c: C)`): no declaration starts there.
        if previousKind == .leftParen || previousKind == .comma { return advance() }
        var prefix = Prefix(firstToken: token)
        var consumedAny = false
        while true {
            if token.kind == .at {
                prefix.attributes.append(readAttribute())
                consumedAny = true
                continue
            }
            guard previousKind != .dot, let word = keyword(of: token) else { break }
            if word == .class, let next = keyword(of: peek()), next != .class {
                // `class func`, `class var`: a modifier, not a class declaration.
                prefix.isStatic = true
            } else if word.isModifier {
                guard readModifier(word, into: &prefix) else { break }
                consumedAny = true
                continue
            } else {
                break
            }
            advance()
            consumedAny = true
        }
        guard previousKind != .dot || consumedAny, let word = keyword(of: token) else {
            if !consumedAny { advance() }
            return
        }
        switch word {
        case .enum: parseEnum(prefix)
        case .struct, .class, .actor, .protocol: parseTypeDeclaration(prefix)
        case .extension: parseExtension(prefix)
        case .case: parseCases(prefix)
        case .var, .let: parseVariable(prefix)
        case .func: parseFunction(prefix)
        case .typealias: parseTypeAlias(prefix)
        case .import: parseImport(prefix)
        default:
            if !consumedAny { advance() }
        }
    }

    /// `@name`, `@name(arguments)`: returns the attribute's text.
    private mutating func readAttribute() -> String {
        var collector = TextCollector()
        collector.append(token, from: bytes)
        advance()
        var isABI = false
        while token.kind == .identifier || (token.kind == .dot && !token.hasTrivia) {
            isABI = isText(token, "abi")
            collector.append(token, from: bytes)
            advance()
            if token.kind != .dot { break }
        }
        if token.kind == .leftParen, !token.hasTrivia {
            // `@abi(func f() -> T)` holds a declaration, which may well start a line of its own.
            readBalanced(into: &collector, stopsAtDeclarationLines: !isABI)
        }
        // `@_spi( Tools )` as `@_spi(Tools)`: SPI groups are compared as text (an import's with a declaration's).
        let text = collector.text
        return InheritedAttributes.isSPI(text) ? text.filter { !$0.isWhitespace } : text
    }

    /// Reads from an opening `(` or `[` through its matching close into `collector`; a missing close ends at
    /// the next line that starts a declaration, so `@available(iOS 13, *` does not swallow the file.
    private mutating func readBalanced(into collector: inout TextCollector, stopsAtDeclarationLines: Bool) {
        let open = token
        var depth = 0, braceDepth = 0
        repeat {
            switch token.kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            case .leftBrace: braceDepth += 1
            case .rightBrace:
                // A `}` outside the attribute's own closures closes an enclosing body.
                if braceDepth == 0 { return error("expected ')' to close the attribute's arguments", at: open.start) }
                braceDepth -= 1
            case .endOfFile: return error("expected ')' to close the attribute's arguments", at: open.start)
            default:
                if braceDepth == 0, stopsAtDeclarationLines, startsDeclarationLine() {
                    return error("expected ')' to close the attribute's arguments", at: open.start)
                }
            }
            collector.append(token, from: bytes)
            advance()
        } while depth > 0
    }

    /// A type or extension header with no `{` after it: its body is missing, so the declaration is dropped.
    private mutating func reportMissingBody(of nameToken: Token) {
        error("expected '{' to begin the body of '\(name(of: nameToken))'", at: nameToken.start)
    }

    /// Returns false when the word is used as a name rather than a modifier (`let package = …`).
    private mutating func readModifier(_ keyword: Keyword, into prefix: inout Prefix) -> Bool {
        let next = peek()
        if next.kind == .leftParen {
            // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`: the parenthesised word narrows the
            // modifier; anything else (`open(url)`) is a call, not a modifier.
            let following = peek(3)
            guard following[1].kind == .identifier, following[2].kind == .rightParen,
                  isText(following[1], "set") || isText(following[1], "unsafe") || isText(following[1], "safe")
            else { return false }
            if isText(following[1], "set") { prefix.setterAccess = keyword.accessLevel }
            for _ in 0..<4 { advance() }
            return true
        }
        guard next.kind == .identifier || next.kind == .at else { return false }
        if let access = keyword.accessLevel { prefix.access = access }
        if keyword == .static { prefix.isStatic = true }
        if keyword == .indirect { prefix.isIndirect = true }
        advance()
        return true
    }

    // MARK: - Types

    private mutating func parseEnum(_ prefix: Prefix) {
        let keywordToken = token
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        let name = self.name(of: nameToken)
        advance()
        let genericParameters = token.kind == .lessThan ? readGenericParameters() : []
        let inheritance = token.kind == .colon ? readInheritance() : []
        let whereClause = readWhereClause()
        guard token.kind == .leftBrace else { return reportMissingBody(of: nameToken) }
        guard admitsNestedDeclaration(at: prefix.firstToken.start) else { return skipBody() }
        let enclosing = enclosingScopes
        let path = currentScope.path + [name]
        let declaration = EnumDeclaration(
            name: name, qualifiedNameComponents: path, location: location(of: nameToken.start),
            genericParameters: genericParameters, whereClause: whereClause, declaredAccess: prefix.access,
            attributes: InheritedAttributes.adding(currentScope.inheritedAttributes, to: prefix.attributes), inheritance: inheritance,
            annotations: annotations(from: prefix.firstToken, to: keywordToken), isIndirect: prefix.isIndirect,
            enclosingScopes: enclosing, ifConfig: ifStack,
            isLocal: currentScope.isLocal || !currentScope.holdsDeclarations)
        if !declaration.isLocal {
            file.types.append(TypeDeclaration(
                qualifiedName: declaration.qualifiedName, declaredAccess: prefix.access, enclosingScopes: enclosing,
                location: declaration.location, genericParameterNames: declaration.genericParameterNames,
                mayRequireSendableArguments: !GenericRequirements.sendableParameters(genericParameters, whereClause: whereClause)
                    .isEmpty,
                mayConstrainParameters: GenericRequirements.firstConformanceRequirement(genericParameters, whereClause: whereClause)
                    != nil))
        }
        openEnums.append(declaration)
        let reactorState = declaration.isLocal ? nil
            : recordReactorState(.enum, StateMention(inheritance: inheritance), prefix: prefix, keyword: keywordToken,
                                 nameToken: nameToken, path: path, genericParameterNames: declaration.genericParameterNames)
        push(.enumBody(openEnumIndex: openEnums.count - 1), path: path, attributes: prefix.attributes,
             reactorStateIndex: reactorState)
        advance()
    }

    private mutating func parseTypeDeclaration(_ prefix: Prefix) {
        let keywordToken = token
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        let name = self.name(of: nameToken)
        advance()
        let genericParameters = token.kind == .lessThan ? readGenericParameters() : []
        let header = skipToBody()
        // Only a struct can be a composite Reactor state RexGen writes forwarding for.
        let stateMention = keyword(of: keywordToken) == .struct ? header.stateMention : .none
        guard token.kind == .leftBrace else {
            // `actor` is only a keyword before a name and a body; elsewhere it is an ordinary word.
            if keyword(of: keywordToken) != .actor { reportMissingBody(of: nameToken) }
            return
        }
        guard admitsNestedDeclaration(at: prefix.firstToken.start) else { return skipBody() }
        let path = currentScope.path + [name]
        var reactorState: Int?
        if !currentScope.isLocal && currentScope.holdsDeclarations {
            let genericParameterNames = genericParameters.map(EnumDeclaration.genericParameterName)
            file.types.append(TypeDeclaration(
                qualifiedName: path.joined(separator: "."), declaredAccess: prefix.access, enclosingScopes: enclosingScopes,
                location: location(of: nameToken.start), genericParameterNames: genericParameterNames,
                mayRequireSendableArguments: keyword(of: keywordToken) == .protocol || header.whereClauseNamesSendable
                    || genericParameters.contains { GenericRequirements.namesSendable($0[...]) },
                mayConstrainParameters: header.whereClauseHasConformance
                    || GenericRequirements.firstConformanceRequirement(genericParameters, whereClause: nil) != nil))
            reactorState = recordReactorState(.struct, stateMention, prefix: prefix, keyword: keywordToken,
                                              nameToken: nameToken, path: path, genericParameterNames: genericParameterNames)
        }
        push(.type(name: name, declaredAccess: prefix.access), path: path, attributes: prefix.attributes,
             reactorStateIndex: reactorState)
        advance()
    }

    private mutating func parseExtension(_ prefix: Prefix) {
        let keywordToken = token
        advance()
        let typeStart = token
        var components: [String] = []
        if token.kind == .leftBracket {
            // `extension [Int]`, `extension [String: Int]`: sugar for the standard library's generic types.
            components = [isDictionarySugar() ? "Dictionary" : "Array"]
        } else {
            while token.kind == .identifier {
                components.append(name(of: token))
                advance()
                if token.kind == .lessThan {
                    var ignored = TextCollector()
                    readAngleBrackets(into: &ignored)
                }
                guard token.kind == .dot else { break }
                advance()
            }
        }
        let stateMention = skipToBody().stateMention
        guard !components.isEmpty else { return }
        guard token.kind == .leftBrace else {
            return error("expected '{' to begin the body of the extension of '\(components.joined(separator: "."))'",
                         at: typeStart.start)
        }
        guard admitsNestedDeclaration(at: prefix.firstToken.start) else { return skipBody() }
        let extendedType = components.joined(separator: ".")
        if !currentScope.isLocal && currentScope.holdsDeclarations {
            _ = recordReactorState(.extension, stateMention, prefix: prefix, keyword: keywordToken, nameToken: typeStart,
                                   path: components, genericParameterNames: [])
        }
        push(.extension(extendedType: extendedType, declaredAccess: prefix.access), path: components,
             attributes: prefix.attributes)
        advance()
    }

    /// At `[`: whether the sugared type is `[Key: Value]`, a `:` directly inside the brackets.
    private func isDictionarySugar() -> Bool {
        var lookahead = lexer
        lookahead.recordsIssues = false
        var depth = 1
        for _ in 0..<256 {
            let next = lookahead.next()
            switch next.kind {
            case .leftBracket, .leftParen, .lessThan: depth += 1
            case .rightBracket, .rightParen, .greaterThan:
                depth -= 1
                if depth == 0 { return false }
            case .colon where depth == 1: return true
            case .leftBrace, .rightBrace, .endOfFile: return false
            default: break
            }
        }
        return false
    }

    /// At the `{` of a body past the nesting limit: read it as a block whose contents are not examined.
    private mutating func skipBody() {
        push(.skipped, path: [])
        advance()
    }

    mutating func readAngleBrackets(into collector: inout TextCollector) {
        var depth = 0
        repeat {
            switch token.kind {
            case .lessThan: depth += 1
            case .greaterThan: depth -= 1
            case .leftBrace, .rightBrace, .semicolon, .endOfFile: return
            default: if startsDeclarationLine() { return }
            }
            collector.append(token, from: bytes)
            advance()
        } while depth > 0
    }

    private mutating func readGenericParameters() -> [String] {
        advance()
        var parameters: [String] = []
        var current = TextCollector()
        var depth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .lessThan, .leftParen, .leftBracket: depth += 1
            case .greaterThan where depth == 0:
                if !current.isEmpty { parameters.append(current.text) }
                advance()
                return parameters
            case .greaterThan, .rightParen, .rightBracket: depth -= 1
            case .comma where depth == 0:
                parameters.append(current.text)
                current = TextCollector()
                advance()
                continue
            case .leftBrace, .rightBrace, .semicolon:
                return parameters
            default:
                if startsDeclarationLine() { return parameters }
            }
            current.append(token, from: bytes)
            advance()
        }
        return parameters
    }

    private mutating func readInheritance() -> [String] {
        advance()
        var types: [String] = []
        var current = TextCollector()
        var depth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .lessThan, .leftParen, .leftBracket: depth += 1
            case .greaterThan, .rightParen, .rightBracket: depth -= 1
            case .comma where depth == 0:
                types.append(current.text)
                current = TextCollector()
                advance()
                continue
            case .leftBrace, .rightBrace, .semicolon:
                if !current.isEmpty { types.append(current.text) }
                return types
            case .identifier where depth <= 0 && isText(token, "where"):
                if !current.isEmpty { types.append(current.text) }
                return types
            default:
                if startsDeclarationLine() { return types }
            }
            current.append(token, from: bytes)
            advance()
        }
        return types
    }

    private mutating func readWhereClause() -> String? {
        guard token.kind == .identifier, isText(token, "where") else { return nil }
        advance()
        var collector = TextCollector()
        while token.kind != .endOfFile, token.kind != .leftBrace, token.kind != .rightBrace,
              token.kind != .semicolon, !startsDeclarationLine() {
            collector.append(token, from: bytes)
            advance()
        }
        return collector.text
    }

    /// Whether the current token begins a new declaration on its own line (`enum`, `case`, `public`, …): where
    /// reading a broken header, payload list or attribute gives up, so one missing `)`, `>` or `{` costs one
    /// declaration rather than the rest of the file. `case: Int` is an argument label, not a declaration.
    func startsDeclarationLine() -> Bool {
        guard token.isAtLineStart, let word = keyword(of: token), word.startsDeclaration else { return false }
        return peek().kind != .colon
    }
}
