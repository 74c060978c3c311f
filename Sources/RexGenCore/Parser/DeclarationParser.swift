/// Reads the declarations RexGen needs from one Swift file: enums with their cases, the types and
/// extensions around them, members users declared, imports and type aliases.
///
/// It is a single forward pass over tokens with an explicit scope stack (never recursion), so its cost is
/// linear in the input and no nesting depth can overflow the call stack. Function bodies, closures and
/// accessors are skipped as balanced braces; declarations inside them are local and marked so.
public enum SwiftReader {
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> ParsedFile {
        var parser = DeclarationParser(bytes: bytes, path: path)
        parser.run()
        return parser.file
    }

    public static func parse(source: String, path: String = "input.swift") -> ParsedFile {
        var text = source
        return text.withUTF8 { parse($0, path: path) }
    }
}

/// Bounds that keep hostile input linear in time and memory.
public enum ReaderLimits {
    /// Types and extensions nested deeper than this (counted from the file or the innermost code block) are
    /// skipped with one error. Each nested declaration records its full qualified name, so an unbounded depth
    /// would cost quadratic memory; real code stays within a handful of levels.
    public static let maximumDeclarationNesting = 256
}

struct DeclarationParser {
    struct Scope {
        enum Kind {
            case file
            case type(name: String, declaredAccess: AccessLevel?)
            case enumBody(openEnumIndex: Int)
            case `extension`(extendedType: String, declaredAccess: AccessLevel?)
            case code
            /// Nested past `ReaderLimits.maximumDeclarationNesting`: only braces are tracked.
            case skipped
        }

        var kind: Kind
        /// Inside a function, closure or accessor body, at any depth.
        var isLocal: Bool
        /// Qualified name of the nearest enclosing type or extended type, for naming nested declarations;
        /// empty in code, where a local type's name starts afresh (`S.init`'s local `E` is `E`, not `S.E`).
        var path: [String]
        /// `path` joined with dots, made once per scope rather than once per member declared in it.
        var qualifiedName: String
        var ifDepth: Int
        var braceOffset: Int
        /// The `@_spi(…)` and `@available(…)` attributes of this declaration and those around it
        /// (`InheritedAttributes`): a nested enum is as restricted as its enclosing types, and what is
        /// generated for it must say so too.
        var inheritedAttributes: [String] = []
        /// The body of a Reactor state (see `ReactorStateDeclaration`): its index in the file's
        /// `reactorStates`, where its stored properties and `react` functions are recorded.
        var reactorStateIndex: Int?

        var holdsDeclarations: Bool {
            switch kind {
            case .code, .skipped: false
            default: true
            }
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var lexer: Lexer
    var token: Token
    var previousKind: Token.Kind = .semicolon
    var file: ParsedFile
    var scopes: [Scope]
    var ifStack: [IfConfigClause] = []
    var ifOffsets: [Int] = []
    var nextIfBlockID = 0
    var openEnums: [EnumDeclaration] = []
    var reportedNestingLimit = false
    private var lines: LineLocator

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.lexer = Lexer(bytes: bytes)
        self.lines = LineLocator(bytes)
        self.token = lexer.next()
        self.file = ParsedFile(path: path)
        self.file.isSourceryOutput = Self.hasSourceryHeader(bytes)
        self.scopes = [Scope(kind: .file, isLocal: false, path: [], qualifiedName: "", ifDepth: 0, braceOffset: 0)]
    }

    /// Sourcery starts every file it writes with `// Generated using Sourcery <version> — <url>`.
    static func hasSourceryHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let marker = Array("Generated using Sourcery".utf8)
        var head = bytes.prefix(512)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }   // a byte-order mark
        guard head.starts(with: "//".utf8) else { return false }
        for start in head.indices where start + marker.count <= head.endIndex {
            if head[start] == marker[0], head[start..<(start + marker.count)].elementsEqual(marker) { return true }
        }
        return false
    }

    mutating func run() {
        while token.kind != .endOfFile {
            switch token.kind {
            case .leftBrace:
                if case .skipped = currentScope.kind { push(.skipped, path: []) } else { push(.code, path: []) }
                advance()
            case .rightBrace:
                popScope()
                advance()
            case .poundKeyword:
                handleCompilerDirective()
            case .at where currentScope.holdsDeclarations:
                parseDeclaration()
            case .identifier:
                if currentScope.holdsDeclarations {
                    parseDeclaration()
                } else if case .code = currentScope.kind, previousKind != .dot, Keyword.mayOpenLocalType(bytes, token),
                          let keyword = keyword(of: token), keyword.isTypeDeclaration || keyword == .indirect,
                          isLocalTypeDeclaration(keyword) {
                    parseDeclaration()
                } else {
                    skipCode()
                }
            default:
                if currentScope.holdsDeclarations { advance() } else { skipCode() }
            }
        }
        finishFile()
    }

    /// In a body, where only braces, compiler directives and local type declarations matter: moves to the
    /// next token that may be one of those. Most of a file is bodies, and this keeps their tokens out of
    /// `run`'s dispatch (read+parse of the big benchmark corpus: 38.0 → 36.9 ms).
    private mutating func skipCode() {
        var previous = token.kind
        var current = lexer.next()
        while !Self.mayMatterInCode(current, after: previous, in: bytes) {
            previous = current.kind
            current = lexer.next()
        }
        previousKind = previous
        token = current
    }

    /// `{`, `}`, `#if` and its kin, the end, and a word that may open a local type (`enum`, `struct`...) where
    /// it is not a member name (`x.enum`). A bit test rather than a `switch`, whose jump is hard to predict.
    @inline(__always)
    private static func mayMatterInCode(_ token: Token, after previous: Token.Kind,
                                        in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let stops: UInt32 = 1 << Token.Kind.leftBrace.rawValue | 1 << Token.Kind.rightBrace.rawValue
            | 1 << Token.Kind.poundKeyword.rawValue | 1 << Token.Kind.endOfFile.rawValue
        if stops >> UInt32(token.kind.rawValue) & 1 != 0 { return true }
        return token.kind == .identifier && previous != .dot && Keyword.mayOpenLocalType(bytes, token)
    }

    /// In code, at a type keyword or `indirect`: whether a local type declaration starts here (`enum E`,
    /// `indirect enum E`), so that the modifier is read with it.
    private func isLocalTypeDeclaration(_ keyword: Keyword) -> Bool {
        guard keyword == .indirect else { return peek().kind == .identifier }
        let following = peek(2)
        return self.keyword(of: following[0]) == .enum && following[1].kind == .identifier
    }

    // MARK: - Tokens

    mutating func advance() {
        previousKind = token.kind
        token = lexer.next()
    }

    func peek() -> Token {
        var lookahead = lexer
        lookahead.recordsIssues = false
        return lookahead.next()
    }

    func peek(_ count: Int) -> [Token] {
        var lookahead = lexer
        lookahead.recordsIssues = false
        return (0..<count).map { _ in lookahead.next() }
    }

    func keyword(of token: Token) -> Keyword? {
        token.kind == .identifier ? Keyword.match(bytes, token.start, token.end) : nil
    }

    func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// The name a token spells, backticks removed.
    func name(of token: Token) -> String {
        guard bytes[token.start] == .backtick, token.end - token.start >= 2 else { return text(of: token) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(token.start + 1)..<(token.end - 1)]),
                      as: UTF8.self)
    }

    func isText(_ token: Token, _ expected: StaticString) -> Bool {
        guard token.end - token.start == expected.utf8CodeUnitCount else { return false }
        let pointer = expected.utf8Start
        for index in 0..<expected.utf8CodeUnitCount where pointer[index] != bytes[token.start + index] {
            return false
        }
        return true
    }

    mutating func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.lineAndColumn(of: offset)
        return SourceLocation(file: file.path, line: line, column: column)
    }

    mutating func error(_ message: String, at offset: Int) {
        file.diagnostics.append(.error(message, at: location(of: offset)))
    }

    // MARK: - Scopes

    var currentScope: Scope { scopes[scopes.count - 1] }

    mutating func push(_ kind: Scope.Kind, path: [String], attributes: [String] = [], reactorStateIndex: Int? = nil) {
        let isLocal = currentScope.isLocal || !currentScope.holdsDeclarations
        // Code blocks, most scopes, have no path: no joining for them.
        let qualifiedName = path.isEmpty ? "" : path.joined(separator: ".")
        scopes.append(Scope(kind: kind, isLocal: isLocal, path: path, qualifiedName: qualifiedName,
                            ifDepth: ifStack.count, braceOffset: token.start,
                            inheritedAttributes: InheritedAttributes.adding(attributes, to: currentScope.inheritedAttributes),
                            reactorStateIndex: reactorStateIndex))
    }

    private mutating func popScope() {
        guard scopes.count > 1 else {
            error("unbalanced braces: '}' has no matching '{'", at: token.start)
            return
        }
        let scope = scopes.removeLast()
        if ifStack.count > scope.ifDepth {
            error("'#if' has no matching '#endif' before the end of its block", at: ifOffsets[scope.ifDepth])
            ifStack.removeSubrange(scope.ifDepth...)
            ifOffsets.removeSubrange(scope.ifDepth...)
        }
        if case .enumBody(let index) = scope.kind { finishEnum(at: index, reactorStateIndex: scope.reactorStateIndex) }
    }

    private mutating func finishEnum(at index: Int, reactorStateIndex: Int?) {
        // Cases are appended one by one, so their storage ends up with room for up to twice as many: in a
        // large app a tenth of the model. The model keeps them for the whole run, so they are moved to
        // storage of their own size.
        let cases = openEnums[index].cases
        if cases.capacity > cases.count + cases.count / 4 {
            var fitted: [EnumCaseDeclaration] = []
            fitted.reserveCapacity(cases.count)
            fitted.append(contentsOf: cases)
            openEnums[index].cases = fitted
        }
        file.enums.append(openEnums[index])
        if let reactorStateIndex { file.reactorStates[reactorStateIndex].cases = openEnums[index].cases }
        // Enums close innermost first, so the open one being finished is always the last.
        if index == openEnums.count - 1 { openEnums.removeLast() }
    }

    /// The scopes around a new declaration, outermost first, as the model records them: those since the
    /// innermost code block, so the cost is bounded by the nesting limit, never by how deep the code is.
    var enclosingScopes: [EnclosingScope] {
        var result: [EnclosingScope] = []
        for scope in scopes.reversed() {
            switch scope.kind {
            case .file, .code, .skipped: return result.reversed()
            case .type(let name, let access): result.append(.type(name: name, declaredAccess: access))
            case .enumBody(let index):
                result.append(.type(name: openEnums[index].name, declaredAccess: openEnums[index].declaredAccess))
            case .extension(let extendedType, let access):
                result.append(.extension(extendedType: extendedType, declaredAccess: access))
            }
        }
        return result.reversed()
    }

    /// Whether a declaration opening a body here is within `ReaderLimits.maximumDeclarationNesting`; past it,
    /// reports once and skips the body, so a hostile nesting depth costs neither quadratic time nor memory.
    mutating func admitsNestedDeclaration(at offset: Int) -> Bool {
        guard currentScope.path.count >= ReaderLimits.maximumDeclarationNesting else { return true }
        if !reportedNestingLimit {
            reportedNestingLimit = true
            error("declarations nested more than \(ReaderLimits.maximumDeclarationNesting) levels deep are not read",
                  at: offset)
        }
        return false
    }

    private mutating func finishFile() {
        for scope in scopes.dropFirst().reversed() {
            error("unbalanced braces: '{' has no matching '}'", at: scope.braceOffset)
            if case .enumBody(let index) = scope.kind { finishEnum(at: index, reactorStateIndex: scope.reactorStateIndex) }
        }
        scopes.removeSubrange(1...)
        for offset in ifOffsets {
            error("'#if' has no matching '#endif'", at: offset)
        }
        for issue in lexer.issues {
            error(issue.message, at: issue.offset)
        }
        file.enums.sort { $0.location < $1.location }
        file.diagnostics.sort { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    // MARK: - #if

    private mutating func handleCompilerDirective() {
        let directive = token
        if isText(directive, "#if") {
            advance()
            let condition = readConditionText()
            ifStack.append(IfConfigClause(blockID: nextIfBlockID, kind: .if, condition: condition,
                                          precedingConditions: []))
            ifOffsets.append(directive.start)
            nextIfBlockID += 1
        } else if isText(directive, "#elseif") || isText(directive, "#else") {
            let isElse = isText(directive, "#else")
            advance()
            let condition = isElse ? "" : readConditionText()
            guard ifStack.count > currentScope.ifDepth else {
                reportUnmatched(directive)
                return
            }
            var clause = ifStack.removeLast()
            if clause.kind == .else {
                error("'\(text(of: directive))' after '#else'", at: directive.start)
            }
            clause.precedingConditions.append(clause.condition)
            clause.kind = isElse ? .else : .elseif
            clause.condition = condition
            ifStack.append(clause)
        } else if isText(directive, "#endif") {
            advance()
            guard ifStack.count > currentScope.ifDepth else { return reportUnmatched(directive) }
            ifStack.removeLast()
            ifOffsets.removeLast()
        } else {
            advance()
        }
    }

    /// A clause directive with no open `#if`, or whose `#if` is outside the current braces (Swift requires
    /// each `#if` block to lie within one body, and closing an outer one here would corrupt both).
    private mutating func reportUnmatched(_ directive: Token) {
        let inThisBlock = ifStack.isEmpty ? "" : " in this block"
        error("'\(text(of: directive))' has no matching '#if'\(inThisBlock)", at: directive.start)
    }

    /// The condition after `#if`/`#elseif`: the rest of the line, continued while parentheses are open or
    /// the line ends in an operator.
    private mutating func readConditionText() -> String {
        var collector = TextCollector()
        var depth = 0
        var endsWithOperator = false
        while token.kind != .endOfFile, !token.isAtLineStart || depth > 0 || endsWithOperator {
            switch token.kind {
            case .leftParen: depth += 1
            case .rightParen: depth = max(0, depth - 1)
            default: break
            }
            endsWithOperator = token.kind == .ampersand || token.kind == .otherOperator
            collector.append(token, from: bytes)
            advance()
        }
        return collector.text
    }
}
