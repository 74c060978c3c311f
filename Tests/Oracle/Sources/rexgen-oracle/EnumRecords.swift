import SwiftSyntax

/// The subset of `rexgen dump --format json` that the differential test compares, with the same keys, so
/// both tools' lines decode into one shape on the test's side.
struct EnumRecord: Encodable {
    var file: String
    var line: Int
    var column: Int
    var name: String
    var qualifiedName: String
    var genericParameters: [String]
    var access: String?
    var indirect: Bool
    var ifConfig: String
    var local: Bool
    var cases: [CaseRecord]
}

struct CaseRecord: Encodable {
    var name: String
    var line: Int
    var column: Int
    var indirect: Bool
    var ifConfig: String
    var rawValue: String?
    var associatedValues: [ValueRecord]?
}

struct ValueRecord: Encodable {
    var label: String?
    var type: String
    var hasDefault: Bool
    var variadic: Bool
}

/// Builds records from SwiftParser's tree, modelling what RexGen promises rather than what the compiler
/// would accept: RexGen reads declarations, not semantics, so e.g. an access modifier on a local enum is
/// reported as written even though the compiler rejects it.
struct EnumRecordBuilder {
    let path: String
    let converter: SourceLocationConverter

    func record(for node: EnumDeclSyntax) -> EnumRecord {
        let location = converter.location(for: node.name.positionAfterSkippingLeadingTrivia)
        let (path, isLocal) = enclosingPath(of: Syntax(node))
        let name = Self.unescaped(node.name.text)
        return EnumRecord(
            file: self.path, line: location.line, column: location.column, name: name,
            qualifiedName: (path + [name]).joined(separator: "."),
            genericParameters: node.genericParameterClause?.parameters.map { parameter in
                Self.text(of: parameter, excluding: parameter.trailingComma)
            } ?? [],
            access: Self.access(in: node.modifiers),
            indirect: node.modifiers.contains { $0.name.tokenKind == .keyword(.indirect) },
            ifConfig: ifConfigChain(from: Syntax(node), upTo: nil),
            local: isLocal,
            cases: cases(in: node.memberBlock.members, enumNode: Syntax(node)))
    }

    // MARK: - Names and scopes

    /// The names of the enclosing types and extended types since the innermost code block (RexGen names a
    /// local type afresh from there), and whether any such code block encloses the node at all.
    private func enclosingPath(of node: Syntax) -> (path: [String], isLocal: Bool) {
        var path: [String] = []
        var stoppedAtCode = false
        var current = node.parent
        while let ancestor = current {
            if Self.isCodeBoundary(ancestor) {
                stoppedAtCode = true
                break
            }
            if let name = Self.typeName(of: ancestor) {
                path.insert(name, at: 0)
            } else if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
                path.insert(contentsOf: Self.components(of: extensionDecl.extendedType), at: 0)
            }
            current = ancestor.parent
        }
        return (path, stoppedAtCode)
    }

    /// Function, initializer, closure and accessor bodies, and statement blocks (`do`, `if`, … at top level):
    /// RexGen marks a type declared inside any of them local.
    private static func isCodeBoundary(_ node: Syntax) -> Bool {
        node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self)
            || node.is(AccessorDeclSyntax.self)
    }

    private static func typeName(of node: Syntax) -> String? {
        if let decl = node.as(StructDeclSyntax.self) { return unescaped(decl.name.text) }
        if let decl = node.as(ClassDeclSyntax.self) { return unescaped(decl.name.text) }
        if let decl = node.as(EnumDeclSyntax.self) { return unescaped(decl.name.text) }
        if let decl = node.as(ActorDeclSyntax.self) { return unescaped(decl.name.text) }
        if let decl = node.as(ProtocolDeclSyntax.self) { return unescaped(decl.name.text) }
        return nil
    }

    /// `Outer.Inner<T>` → [Outer, Inner]; `[T]` → [Array]; `[K: V]` → [Dictionary], as RexGen names them.
    private static func components(of type: TypeSyntax) -> [String] {
        if let member = type.as(MemberTypeSyntax.self) {
            return components(of: member.baseType) + [unescaped(member.name.text)]
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [unescaped(identifier.name.text)] }
        if type.is(ArrayTypeSyntax.self) { return ["Array"] }
        if type.is(DictionaryTypeSyntax.self) { return ["Dictionary"] }
        return [text(of: type)]
    }

    private static func access(in modifiers: DeclModifierListSyntax) -> String? {
        var result: String?
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.public): result = "public"
            case .keyword(.private): result = "private"
            case .keyword(.fileprivate): result = "fileprivate"
            case .keyword(.internal): result = "internal"
            case .keyword(.package): result = "package"
            case .keyword(.open), .identifier("open"): result = "open"
            default: break
            }
        }
        return result
    }

    // MARK: - Cases

    /// The cases of one enum: its own member list and `#if` clauses inside it, never a nested enum's.
    private func cases(in members: MemberBlockItemListSyntax, enumNode: Syntax) -> [CaseRecord] {
        var result: [CaseRecord] = []
        for item in members {
            if let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) {
                let isIndirect = caseDecl.modifiers.contains { $0.name.tokenKind == .keyword(.indirect) }
                for element in caseDecl.elements {
                    result.append(record(for: element, isIndirect: isIndirect, enumNode: enumNode))
                }
            } else if let ifConfig = item.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .decls(let nested)? = clause.elements {
                        result += cases(in: nested, enumNode: enumNode)
                    }
                }
            }
        }
        return result
    }

    private func record(for element: EnumCaseElementSyntax, isIndirect: Bool, enumNode: Syntax) -> CaseRecord {
        let location = converter.location(for: element.name.positionAfterSkippingLeadingTrivia)
        let values = element.parameterClause.map { clause in
            clause.parameters.map { parameter -> ValueRecord in
                var label = parameter.firstName.map { Self.unescaped($0.text) }
                if label == "_" { label = nil }
                var type = Self.text(of: parameter.type)
                // RexGen reports `T...` as a variadic `T`; the compiler rejects it, but both must agree.
                var variadic = false
                if type.hasSuffix("...") {
                    variadic = true
                    type = String(type.dropLast(3)).trimmingTrailingSpaces()
                }
                return ValueRecord(label: label, type: type, hasDefault: parameter.defaultValue != nil,
                                   variadic: variadic)
            }
        }
        return CaseRecord(
            name: Self.unescaped(element.name.text), line: location.line, column: location.column,
            indirect: isIndirect, ifConfig: ifConfigChain(from: Syntax(element), upTo: enumNode),
            rawValue: element.rawValue.map { Self.text(of: $0.value) },
            associatedValues: values.map { Array($0) })
    }

    // MARK: - #if

    /// `#if A && #elseif B && #else`, outermost first, as RexGen's `chainText`: the clauses between `node`
    /// and `limit` (or the file).
    private func ifConfigChain(from node: Syntax, upTo limit: Syntax?) -> String {
        var clauses: [String] = []
        var current = node.parent
        while let ancestor = current, ancestor.id != limit?.id {
            if let clause = ancestor.as(IfConfigClauseSyntax.self) {
                let keyword = clause.poundKeyword.text
                clauses.insert(clause.condition.map { keyword + " " + Self.text(of: $0) } ?? keyword, at: 0)
            }
            current = ancestor.parent
        }
        return clauses.joined(separator: " && ")
    }

    // MARK: - Text

    /// Token texts joined by single spaces where the source had trivia: comments dropped, whitespace
    /// folded, as RexGen's TextCollector does (the test compares with whitespace ignored anyway).
    static func text(of node: some SyntaxProtocol, excluding excluded: TokenSyntax? = nil) -> String {
        var result = ""
        for token in node.tokens(viewMode: .sourceAccurate) where token.id != excluded?.id {
            if !result.isEmpty && (!token.leadingTrivia.isEmpty || previousHadTrailingTrivia(token)) {
                result += " "
            }
            result += token.text
        }
        return result
    }

    private static func previousHadTrailingTrivia(_ token: TokenSyntax) -> Bool {
        guard let previous = token.previousToken(viewMode: .sourceAccurate) else { return false }
        return !previous.trailingTrivia.isEmpty
    }

    static func unescaped(_ name: String) -> String {
        guard name.count >= 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
        return String(name.dropFirst().dropLast())
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
