extension DeclarationParser {
    /// Modifiers and attributes read in front of a declaration keyword.
    struct Prefix {
        var firstToken: Token
        var attributes: [String] = []
        var access: AccessLevel?
        var isStatic = false
        var isIndirect = false
    }

    /// At an attribute or identifier in a scope that holds declarations.
    mutating func parseDeclaration() {
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
        case .typealias: parseTypeAlias()
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
        while token.kind == .identifier || (token.kind == .dot && !token.hasTrivia) {
            collector.append(token, from: bytes)
            advance()
            if token.kind != .dot { break }
        }
        if token.kind == .leftParen, !token.hasTrivia {
            readBalanced(into: &collector)
        }
        return collector.text
    }

    /// Reads from an opening `(`, `[` or `<` through its matching close into `collector`.
    mutating func readBalanced(into collector: inout TextCollector) {
        var depth = 0
        repeat {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            case .endOfFile: return
            default: break
            }
            collector.append(token, from: bytes)
            advance()
        } while depth > 0
    }

    /// Returns false when the word is used as a name rather than a modifier (`let package = …`).
    private mutating func readModifier(_ keyword: Keyword, into prefix: inout Prefix) -> Bool {
        let next = peek()
        if next.kind == .leftParen {
            // `private(set)`, `nonisolated(unsafe)`: the parenthesised part narrows, it does not name.
            let following = peek(3)
            guard following[1].kind == .identifier, following[2].kind == .rightParen else { return false }
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
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        let name = self.name(of: nameToken)
        advance()
        let genericParameters = token.kind == .lessThan ? readGenericParameters() : []
        let inheritance = token.kind == .colon ? readInheritance() : []
        let whereClause = readWhereClause()
        guard token.kind == .leftBrace else { return }
        let enclosing = enclosingScopes
        let path = currentScope.path + [name]
        let declaration = EnumDeclaration(
            name: name, qualifiedNameComponents: path, location: location(of: nameToken.start),
            genericParameters: genericParameters, whereClause: whereClause, declaredAccess: prefix.access,
            attributes: prefix.attributes, inheritance: inheritance,
            annotations: annotations(before: prefix.firstToken), isIndirect: prefix.isIndirect,
            enclosingScopes: enclosing, ifConfig: ifStack,
            isLocal: currentScope.isLocal || !currentScope.holdsDeclarations)
        if !declaration.isLocal {
            file.types.append(TypeDeclaration(qualifiedName: declaration.qualifiedName, declaredAccess: prefix.access,
                                              enclosingScopes: enclosing, location: declaration.location))
        }
        openEnums.append(declaration)
        push(.enumBody(openEnumIndex: openEnums.count - 1), path: path)
        advance()
    }

    private mutating func parseTypeDeclaration(_ prefix: Prefix) {
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        let name = self.name(of: nameToken)
        advance()
        skipToBody()
        guard token.kind == .leftBrace else { return }
        let path = currentScope.path + [name]
        if !currentScope.isLocal && currentScope.holdsDeclarations {
            file.types.append(TypeDeclaration(qualifiedName: path.joined(separator: "."), declaredAccess: prefix.access,
                                              enclosingScopes: enclosingScopes, location: location(of: nameToken.start)))
        }
        push(.type(name: name, declaredAccess: prefix.access), path: path)
        advance()
    }

    private mutating func parseExtension(_ prefix: Prefix) {
        advance()
        var components: [String] = []
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
        skipToBody()
        guard token.kind == .leftBrace, !components.isEmpty else { return }
        let extendedType = components.joined(separator: ".")
        push(.extension(extendedType: extendedType, declaredAccess: prefix.access), path: components)
        advance()
    }

    /// Skips an inheritance list and `where` clause up to the body's `{`, without crossing a `}` or `;`.
    private mutating func skipToBody() {
        var depth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth = max(0, depth - 1)
            case .leftBrace where depth == 0, .rightBrace, .semicolon: return
            default: break
            }
            advance()
        }
    }

    private mutating func readAngleBrackets(into collector: inout TextCollector) {
        var depth = 0
        repeat {
            switch token.kind {
            case .lessThan: depth += 1
            case .greaterThan: depth -= 1
            case .leftBrace, .rightBrace, .semicolon, .endOfFile: return
            default: break
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
            default: break
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
            case .leftBrace where depth <= 0, .rightBrace, .semicolon:
                if !current.isEmpty { types.append(current.text) }
                return types
            case .identifier where depth <= 0 && isText(token, "where"):
                if !current.isEmpty { types.append(current.text) }
                return types
            default: break
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
              token.kind != .semicolon {
            collector.append(token, from: bytes)
            advance()
        }
        return collector.text
    }

    // MARK: - Members

    private mutating func parseVariable(_ prefix: Prefix) {
        advance()
        if token.kind == .identifier {
            recordMember(token, kind: .property, isStatic: prefix.isStatic)
            advance()
        } else if token.kind == .leftParen {
            // `let (a, b) = …`: every name in the tuple pattern is a member.
            var depth = 0
            repeat {
                switch token.kind {
                case .leftParen: depth += 1
                case .rightParen: depth -= 1
                case .identifier where depth == 1 && (peek().kind == .comma || peek().kind == .rightParen):
                    recordMember(token, kind: .property, isStatic: prefix.isStatic)
                case .endOfFile, .leftBrace, .rightBrace: return
                default: break
                }
                advance()
            } while depth > 0
        }
    }

    private mutating func parseFunction(_ prefix: Prefix) {
        advance()
        if token.kind == .identifier {
            recordMember(token, kind: .function, isStatic: prefix.isStatic)
            advance()
        }
    }

    private mutating func recordMember(_ nameToken: Token, kind: MemberDeclaration.Kind, isStatic: Bool) {
        let scope = currentScope
        guard !scope.isLocal, scope.holdsDeclarations, !scope.path.isEmpty else { return }
        file.members.append(MemberDeclaration(
            ownerName: scope.path.joined(separator: "."), name: name(of: nameToken), kind: kind,
            isStatic: isStatic, location: location(of: nameToken.start)))
    }

    private mutating func parseTypeAlias() {
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        advance()
        if token.kind == .lessThan {
            var ignored = TextCollector()
            readAngleBrackets(into: &ignored)
        }
        guard token.kind == .equal else { return }
        advance()
        var target = TextCollector()
        var depth = 0
        while token.kind != .endOfFile, depth > 0 || !(token.isAtLineStart || token.kind == .semicolon
                                                       || token.kind == .rightBrace || token.kind == .leftBrace) {
            switch token.kind {
            case .leftParen, .leftBracket, .lessThan: depth += 1
            case .rightParen, .rightBracket, .greaterThan: depth = max(0, depth - 1)
            default: break
            }
            target.append(token, from: bytes)
            advance()
        }
        guard !currentScope.isLocal, currentScope.holdsDeclarations else { return }
        file.typeAliases.append(TypeAliasDeclaration(
            qualifiedName: (currentScope.path + [name(of: nameToken)]).joined(separator: "."),
            targetText: target.text, location: location(of: nameToken.start)))
    }

    private mutating func parseImport(_ prefix: Prefix) {
        guard scopes.count == 1 else { return advance() }
        var collector = TextCollector()
        for attribute in prefix.attributes where attribute == "@testable" || attribute.hasPrefix("@preconcurrency") {
            collector.appendRaw(attribute + " ")
        }
        if let access = prefix.access { collector.appendRaw(access.rawValue + " ") }
        collector.appendRaw("import")
        advance()
        while token.kind != .endOfFile, !token.isAtLineStart, token.kind != .semicolon {
            collector.append(token, from: bytes)
            advance()
        }
        file.imports.append(ImportDeclaration(text: collector.text, ifConfig: ifStack))
    }
}
