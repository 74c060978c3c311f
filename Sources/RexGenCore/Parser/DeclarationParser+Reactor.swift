/// What an inheritance clause says of a protocol named `State` (see `ReactorStateDeclaration`).
enum StateMention {
    case none
    /// `State`: Reactor's when the file imports Reactor and nothing else named `State` is in sight.
    case plain
    /// `Reactor.State`.
    case reactorQualified

    /// From an inheritance clause read whole (an enum's).
    init(inheritance: [String]) {
        if inheritance.contains("Reactor.State") {
            self = .reactorQualified
        } else {
            self = inheritance.contains("State") ? .plain : .none
        }
    }
}

/// What skipping a type's or an extension's header (its inheritance list and `where` clause) noted.
struct SkippedTypeHeader {
    /// What the inheritance clause, at its top level and before any `where`, says of `State`.
    var stateMention = StateMention.none
    /// The `where` clause names `Sendable` (see `TypeDeclaration.mayRequireSendableArguments`).
    var whereClauseNamesSendable = false
    /// The `where` clause has a conformance requirement (`T: P`), of whatever protocol (see
    /// `TypeDeclaration.mayConstrainParameters`).
    var whereClauseHasConformance = false
}

/// Reactor states: their stored properties and `react` functions, read only in the bodies of declarations
/// whose own inheritance clause names `State`, so other files pay nothing for them.
extension DeclarationParser {
    /// Skips an inheritance list and `where` clause up to the body's `{`, without crossing a `}`, a `;` or a
    /// line that starts another declaration, noting whether the inheritance clause names `State` or
    /// `Reactor.State` and the `where` clause `Sendable`. Only a token spelled `State` or `Sendable` costs
    /// more than the skip itself.
    mutating func skipToBody() -> SkippedTypeHeader {
        var header = SkippedTypeHeader()
        var isInInheritance = token.kind == .colon
        var depth = 0
        // The two tokens before this one, to tell `Reactor.State` from `State` and `Other.State`.
        var last: Token?
        var beforeLast: Token?
        while token.kind != .endOfFile {
            switch token.kind {
            case .leftBrace, .rightBrace, .semicolon: return header
            case .lessThan, .leftParen, .leftBracket: depth += 1
            case .greaterThan, .rightParen, .rightBracket: depth -= 1
            case .identifier where depth == 0 && isInInheritance && isText(token, "State"):
                if last?.kind != .dot {
                    if header.stateMention == .none { header.stateMention = .plain }
                } else if let beforeLast, isText(beforeLast, "Reactor") {
                    header.stateMention = .reactorQualified
                }
            case .identifier where depth == 0 && isText(token, "where"):
                isInInheritance = false
            case .identifier where !isInInheritance && isText(token, "Sendable"):
                header.whereClauseNamesSendable = true
            case .colon where !isInInheritance && depth == 0:
                header.whereClauseHasConformance = true
            default:
                break
            }
            if startsDeclarationLine() { return header }
            beforeLast = last
            last = token
            advance()
        }
        return header
    }

    /// Records a declaration that names `State` in its inheritance clause; returns its index in the file's
    /// `reactorStates`, or nil when it names none.
    mutating func recordReactorState(_ kind: ReactorStateDeclaration.Kind, _ mention: StateMention, prefix: Prefix,
                                     keyword: Token, nameToken: Token, path: [String],
                                     genericParameterNames: [String]) -> Int? {
        guard mention != .none else { return nil }
        file.reactorStates.append(ReactorStateDeclaration(
            kind: kind, qualifiedNameComponents: path, location: location(of: nameToken.start),
            namesReactorExplicitly: mention == .reactorQualified,
            declaredAccess: kind == .extension ? nil : prefix.access,
            enclosingScopes: kind == .extension ? [] : enclosingScopes,
            genericParameterNames: genericParameterNames, ifConfig: ifStack,
            annotations: annotations(from: prefix.firstToken, to: keyword),
            attributes: InheritedAttributes.adding(currentScope.inheritedAttributes, to: prefix.attributes)))
        return file.reactorStates.count - 1
    }

    /// `func react` or `func reactSubstates` in a state's body: RexGen must not write it again.
    mutating func noteReactorFunction(_ nameToken: Token, isStatic: Bool) {
        guard !isStatic, let state = currentScope.reactorStateIndex else { return }
        if isText(nameToken, "react") {
            file.reactorStates[state].declaresReact = true
        } else if isText(nameToken, "reactSubstates") {
            file.reactorStates[state].declaresReactSubstates = true
        }
    }

    /// At `var` or `let` in a Reactor state struct's body: `var a: A`, `var a, b: B`, `let c = C()`,
    /// `var d: D { didSet { … } }`; a computed property is not stored and is left out. An initial value
    /// and an observer's body are left to the main loop, which reads past them as it reads past any body.
    mutating func parseStoredProperties(_ prefix: Prefix, into state: Int) {
        let keywordToken = token
        let isLet = keyword(of: token) == .let
        advance()
        let annotations = annotations(from: prefix.firstToken, to: keywordToken)
        let ifConfig = Array(ifStack[currentScope.ifDepth...])
        var bindings: [StoredPropertyDeclaration] = []
        while token.kind == .identifier {
            let nameToken = token
            advance()
            var typeText = token.kind == .colon ? readPropertyType() : ""
            if token.kind == .equal, typeText.isEmpty { typeText = initializerCallType() }
            recordMember(nameToken, kind: .property, isStatic: false, typeText: file.isSourceryOutput ? typeText : nil)
            // `var a, b: Int`: the names before a type take it too.
            if !typeText.isEmpty {
                for index in bindings.indices where bindings[index].typeText.isEmpty { bindings[index].typeText = typeText }
            }
            bindings.append(StoredPropertyDeclaration(
                name: name(of: nameToken), typeText: typeText, location: location(of: nameToken.start), isLet: isLet,
                declaredAccess: prefix.access, setterAccess: prefix.setterAccess, ifConfig: ifConfig,
                annotations: annotations, attributes: prefix.attributes))
            if token.kind == .leftBrace, !startsObserverBlock() { bindings.removeLast() }
            guard token.kind == .comma else { break }
            advance()
        }
        file.reactorStates[state].properties += bindings
    }

    /// At a `{` after a property: whether it holds `willSet`/`didSet` (a stored property) rather than a getter.
    private func startsObserverBlock() -> Bool {
        let next = peek()
        return next.kind == .identifier && (isText(next, "willSet") || isText(next, "didSet"))
    }

    /// At the `=` of `var player = Player()` (or `= Game.Player(name: "x")`): the type the initializer names,
    /// when the whole value is one call of a capitalised, possibly qualified name; else empty.
    private func initializerCallType() -> String {
        var lookahead = lexer
        lookahead.recordsIssues = false
        var collector = TextCollector()
        var next = lookahead.next()
        while next.kind == .identifier, let first = bytes[next.start...].first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
            collector.append(next, from: bytes)
            next = lookahead.next()
            guard next.kind == .dot else { break }
            collector.appendRaw(".")
            next = lookahead.next()
        }
        guard !collector.isEmpty, next.kind == .leftParen, !next.hasTrivia else { return "" }
        var depth = 1
        while depth > 0 {
            next = lookahead.next()
            switch next.kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .endOfFile, .leftBrace, .rightBrace: return ""
            default: break
            }
        }
        let after = lookahead.next()
        switch after.kind {
        case .semicolon, .rightBrace, .comma, .endOfFile: return collector.text
        default: return after.isAtLineStart ? collector.text : ""
        }
    }
}
