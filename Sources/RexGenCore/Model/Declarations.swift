/// One clause of an `#if` block that encloses a declaration.
///
/// A declaration inside `#elseif B` of `#if A` is active only when `A` is false and `B` true, so a clause
/// remembers the conditions of the clauses before it: the renderer rebuilds the same block shape
/// (`#if A` / `#elseif B` … `#endif`) instead of inventing a negated condition.
public struct IfConfigClause: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case `if`, `elseif`, `else` }

    /// Identifies the `#if … #endif` block within its file, so clauses of one block can be told apart.
    public var blockID: Int
    public var kind: Kind
    /// The condition text; empty for `#else`.
    public var condition: String
    /// The conditions of the earlier clauses of the same block, in order (the `#if` one first).
    public var precedingConditions: [String]

    public init(blockID: Int, kind: Kind, condition: String, precedingConditions: [String]) {
        self.blockID = blockID
        self.kind = kind
        self.condition = condition
        self.precedingConditions = precedingConditions
    }

    /// `#if A`, `#elseif B`, `#else`: how the clause reads in source.
    public var directiveText: String {
        switch kind {
        case .if: "#if \(condition)"
        case .elseif: "#elseif \(condition)"
        case .else: "#else"
        }
    }

    /// Two clauses of the same block are never active together.
    public func excludes(_ other: IfConfigClause) -> Bool {
        blockID == other.blockID && (kind != other.kind || condition != other.condition
            || precedingConditions != other.precedingConditions)
    }
}

extension Array where Element == IfConfigClause {
    /// The chain as one line of text, outermost first: `#if os(iOS) && #elseif DEBUG`.
    public var chainText: String { isEmpty ? "" : map(\.directiveText).joined(separator: " && ") }

    /// The lines that open these clauses in generated code, each ending in a newline: every block's earlier
    /// clauses are rebuilt empty (`#if A` / `#elseif B`), so a clause after `#if A` keeps meaning "not A".
    public var openingDirectives: String {
        var text = ""
        for clause in self {
            for (index, condition) in clause.precedingConditions.enumerated() {
                text += (index == 0 ? "#if " : "#elseif ") + condition + "\n"
            }
            text += clause.directiveText + "\n"
        }
        return text
    }

    /// One `#endif` line per clause.
    public var closingDirectives: String { String(repeating: "#endif\n", count: count) }

    /// The outermost clauses both chains are under.
    public func sharedPrefix(with other: [IfConfigClause]) -> [IfConfigClause] {
        Array(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }

    /// The lines that lead from code under `open` to code under `next`: the blocks both are in stay open, and
    /// a clause that follows the open one of its block (`#else` after `#if A`) continues that block.
    public static func directives(from open: [IfConfigClause], to next: [IfConfigClause]) -> String {
        var shared = open.sharedPrefix(with: next).count
        let continues = shared < open.count && shared < next.count && next[shared].kind != .if
            && next[shared].blockID == open[shared].blockID
            && next[shared].precedingConditions == open[shared].precedingConditions + [open[shared].condition]
        var text = Array(open.dropFirst(shared + (continues ? 1 : 0))).closingDirectives
        if continues {
            text += next[shared].directiveText + "\n"
            shared += 1
        }
        return text + Array(next.dropFirst(shared)).openingDirectives
    }

    /// Whether declarations under these two chains can never be compiled together.
    public func isMutuallyExclusive(with other: [IfConfigClause]) -> Bool {
        for (lhs, rhs) in zip(self, other) {
            if lhs.excludes(rhs) { return true }
            if lhs.blockID != rhs.blockID { return false }
        }
        return false
    }
}

/// An annotation found in the comments right above a declaration: `// rexgen: prism`, `// sourcery: Prism`.
public struct Annotation: Hashable, Sendable, Codable {
    /// `rexgen` or `sourcery`.
    public var namespace: String
    public var name: String
    /// The text after `=` (`// sourcery: imports = "Foundation"`), if any.
    public var value: String?

    public init(namespace: String, name: String, value: String? = nil) {
        self.namespace = namespace
        self.name = name
        self.value = value
    }
}

extension Array where Element == Annotation {
    /// Whether one of them is `// <namespace>: <name>`, the name in any case (`Prism`, `prism`).
    public func contains(named name: String, namespace: String = "rexgen") -> Bool {
        contains { $0.namespace == namespace && $0.name.lowercased() == name.lowercased() }
    }
}

/// One payload element of an enum case: `label: Type = default`.
public struct AssociatedValue: Hashable, Sendable {
    /// The external label, `nil` when the payload is unlabelled (or labelled `_`).
    public var label: String?
    /// The type exactly as written, with comments removed and whitespace folded.
    public var typeText: String
    /// The default value as written, if any.
    public var defaultValue: String?
    /// `Int...`: extracted as an array, and cannot be rebuilt from one.
    public var isVariadic: Bool

    public init(label: String?, typeText: String, defaultValue: String? = nil, isVariadic: Bool = false) {
        self.label = label
        self.typeText = typeText
        self.defaultValue = defaultValue
        self.isVariadic = isVariadic
    }
}

/// A `case` element of an enum.
public struct EnumCaseDeclaration: Hashable, Sendable {
    /// The name without backticks.
    public var name: String
    public var location: SourceLocation
    public var isIndirect: Bool
    /// Attributes as written, such as `@available(iOS 16, *)`.
    public var attributes: [String]
    /// The `#if` clauses between the enum's body and the case, outermost first.
    public var ifConfig: [IfConfigClause]
    /// `nil` for a case without payload; `[]` for `case foo()`.
    public var associatedValues: [AssociatedValue]?
    public var rawValue: String?
    /// From `// rexgen:` and `// sourcery:` comments right above the `case`.
    public var annotations: [Annotation]

    public init(
        name: String, location: SourceLocation, isIndirect: Bool = false, attributes: [String] = [],
        ifConfig: [IfConfigClause] = [], associatedValues: [AssociatedValue]? = nil, rawValue: String? = nil,
        annotations: [Annotation] = []
    ) {
        self.name = name
        self.location = location
        self.isIndirect = isIndirect
        self.attributes = attributes
        self.ifConfig = ifConfig
        self.associatedValues = associatedValues
        self.rawValue = rawValue
        self.annotations = annotations
    }

    public var hasAssociatedValues: Bool { associatedValues != nil }
}

/// A scope that encloses a declaration, outermost first, as the access and naming rules need it.
public enum EnclosingScope: Hashable, Sendable {
    /// A type declaration (`struct`, `class`, `enum`, `actor`, `protocol`).
    case type(name: String, declaredAccess: AccessLevel?)
    /// `extension Name` at file scope; `extendedType` is the name as written, generic arguments removed.
    case `extension`(extendedType: String, declaredAccess: AccessLevel?)
}

/// An enum declaration as the reader found it.
public struct EnumDeclaration: Hashable, Sendable {
    public var name: String
    /// Enclosing type names and the enum's own, such as `["Feature", "Action"]`.
    public var qualifiedNameComponents: [String]
    public var location: SourceLocation
    /// Generic parameters as written, one string each: `T`, `Value: Equatable`.
    public var genericParameters: [String]
    public var whereClause: String?
    public var declaredAccess: AccessLevel?
    public var attributes: [String]
    public var inheritance: [String]
    public var annotations: [Annotation]
    public var isIndirect: Bool
    public var enclosingScopes: [EnclosingScope]
    /// The `#if` clauses around the whole declaration, outermost first.
    public var ifConfig: [IfConfigClause]
    /// Declared inside a function, closure or accessor body: such a type cannot be extended.
    public var isLocal: Bool
    public var cases: [EnumCaseDeclaration]
    /// Set for an enum read from a C header: how Swift imports it.
    public var cImport: CEnumImport?

    public init(
        name: String, qualifiedNameComponents: [String], location: SourceLocation,
        genericParameters: [String] = [], whereClause: String? = nil, declaredAccess: AccessLevel? = nil,
        attributes: [String] = [], inheritance: [String] = [], annotations: [Annotation] = [],
        isIndirect: Bool = false, enclosingScopes: [EnclosingScope] = [], ifConfig: [IfConfigClause] = [],
        isLocal: Bool = false, cases: [EnumCaseDeclaration] = [], cImport: CEnumImport? = nil
    ) {
        self.name = name
        self.qualifiedNameComponents = qualifiedNameComponents
        self.location = location
        self.genericParameters = genericParameters
        self.whereClause = whereClause
        self.declaredAccess = declaredAccess
        self.attributes = attributes
        self.inheritance = inheritance
        self.annotations = annotations
        self.isIndirect = isIndirect
        self.enclosingScopes = enclosingScopes
        self.ifConfig = ifConfig
        self.isLocal = isLocal
        self.cases = cases
        self.cImport = cImport
    }

    public var qualifiedName: String { qualifiedNameComponents.joined(separator: ".") }

    public func hasAnnotation(_ name: String, namespace: String) -> Bool {
        annotations.contains(named: name, namespace: namespace)
    }

    /// `enum Action: ~Copyable`: a value of it cannot be copied, so no property may return its payload.
    public var isNoncopyable: Bool {
        inheritance.contains { $0.filter { $0 != " " } == "~Copyable" }
    }
    /// `<Value: Equatable, each T>` → `["Value", "each T"]`.
    var genericParameterNames: [String] {
        genericParameters.map(Self.genericParameterName)
    }

    /// `Value: Equatable` → `Value`.
    static func genericParameterName(_ parameter: String) -> String {
        var name = parameter.prefix { $0 != ":" }.drop { $0 == " " }
        while name.last == " " { name = name.dropLast() }
        return String(name)
    }
}

/// How Swift imports a C enum: only `enum_extensibility` (what `NS_ENUM`/`NS_CLOSED_ENUM`-style macros
/// expand to) makes it a Swift enum; a plain C enum becomes a struct with static constants.
public struct CEnumImport: Hashable, Sendable {
    public enum Extensibility: String, Hashable, Sendable { case closed, open, none }

    public var extensibility: Extensibility
    /// The C name (tag or typedef), for messages.
    public var cName: String

    public init(extensibility: Extensibility, cName: String) {
        self.extensibility = extensibility
        self.cName = cName
    }

    public var isImportedAsEnum: Bool { extensibility != .none }
}

/// A named type other than an enum (or an enum too): what access rules need to know about enclosing types.
public struct TypeDeclaration: Hashable, Sendable {
    public var qualifiedName: String
    public var declaredAccess: AccessLevel?
    public var enclosingScopes: [EnclosingScope]
    public var location: SourceLocation
    /// `Box<Item, Value: Equatable>` → `["Item", "Value"]`: in the type's body these names shadow any type
    /// of the same name declared further out, so a payload naming them must not be qualified.
    public var genericParameterNames: [String]
    /// A generic argument given to it may have to be `Sendable`: a requirement of its own generic parameters
    /// (`<Element: Sendable>`, `where Element: Sendable`) says so, or it is a protocol, whose associated
    /// types' requirements are not read.
    public var mayRequireSendableArguments: Bool
    /// A generic parameter of it may have to conform to a protocol that needs a witness table
    /// (`<Key: Hashable>`; any requirement in a `where` clause counts): see
    /// `GenericRequirements.firstConformanceRequirement`.
    public var mayConstrainParameters: Bool

    public init(qualifiedName: String, declaredAccess: AccessLevel?, enclosingScopes: [EnclosingScope],
                location: SourceLocation, genericParameterNames: [String] = [], mayRequireSendableArguments: Bool = false,
                mayConstrainParameters: Bool = false) {
        self.qualifiedName = qualifiedName
        self.declaredAccess = declaredAccess
        self.enclosingScopes = enclosingScopes
        self.location = location
        self.genericParameterNames = genericParameterNames
        self.mayRequireSendableArguments = mayRequireSendableArguments
        self.mayConstrainParameters = mayConstrainParameters
    }
}

/// A member the user declared in an enum's body or an extension: generated properties must not clash. Members
/// of a struct's, class's, actor's or protocol's own body are not read (they cannot be an enum's), except in
/// a file Sourcery wrote.
public struct MemberDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case property, function, type, typeAlias }
    /// The qualified name of the type as written where the member is (`AppAction`, `Feature.Action`).
    public var ownerName: String
    public var name: String
    public var kind: Kind
    public var isStatic: Bool
    public var location: SourceLocation
    /// A property's declared type, as written with whitespace folded; read only in files Sourcery
    /// generated (`ParsedFile.isSourceryOutput`), where it tells whether RexGen would write the same member.
    public var typeText: String?

    public init(ownerName: String, name: String, kind: Kind, isStatic: Bool, location: SourceLocation,
                typeText: String? = nil) {
        self.ownerName = ownerName
        self.name = name
        self.kind = kind
        self.isStatic = isStatic
        self.location = location
        self.typeText = typeText
    }
}

/// `import Foundation`, kept so generated files see the same types as the enums they extend.
public struct ImportDeclaration: Hashable, Sendable {
    /// The declaration as it must be written in a generated file, such as `@testable import Core`.
    public var text: String
    public var ifConfig: [IfConfigClause]

    public init(text: String, ifConfig: [IfConfigClause] = []) {
        self.text = text
        self.ifConfig = ifConfig
    }
}

extension ImportDeclaration {
    /// `Foundation` for `import Foundation`, `@testable import Foundation` and `import struct Foundation.URL`.
    public var moduleName: Substring? {
        guard let (words, importIndex) = wordsAndImportIndex, importIndex + 1 < words.count else { return nil }
        var path = words[importIndex + 1]
        if Self.declarationKinds.contains(path), importIndex + 2 < words.count { path = words[importIndex + 2] }
        return path.split(separator: ".").first
    }

    /// `import struct Lib.Thing`: it makes that one declaration visible, not the rest of the module.
    public var isScoped: Bool {
        guard let (words, importIndex) = wordsAndImportIndex, importIndex + 1 < words.count else { return false }
        return Self.declarationKinds.contains(words[importIndex + 1])
    }

    /// `public` for `public import Foundation` and `@preconcurrency public import Foundation`; nil for an
    /// import without an access level, and for `@_exported` ones, which re-export the module whatever is used.
    public var statedAccess: AccessLevel? {
        guard let (words, importIndex) = wordsAndImportIndex, importIndex > 0, !words.contains("@_exported") else { return nil }
        return AccessLevel(rawValue: String(words[importIndex - 1]))
    }

    private var wordsAndImportIndex: ([Substring], Int)? {
        let words = text.split(separator: " ")
        return words.firstIndex(of: "import").map { (words, $0) }
    }

    private static let declarationKinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var",
                                                           "func", "actor"]
}

/// `typealias Name = Target`, so payload types written through an alias resolve.
public struct TypeAliasDeclaration: Hashable, Sendable {
    public var qualifiedName: String
    public var targetText: String
    public var location: SourceLocation
    /// Its `@_spi(…)` attributes and those of the types around it, without spaces: another module sees the
    /// alias only through an import with one of them.
    public var spiAttributes: [String]

    public init(qualifiedName: String, targetText: String, location: SourceLocation, spiAttributes: [String] = []) {
        self.qualifiedName = qualifiedName
        self.targetText = targetText
        self.location = location
        self.spiAttributes = spiAttributes
    }
}

/// Everything the reader takes from one file.
public struct ParsedFile: Sendable {
    public var path: String
    public var enums: [EnumDeclaration] = []
    public var types: [TypeDeclaration] = []
    public var members: [MemberDeclaration] = []
    public var imports: [ImportDeclaration] = []
    public var typeAliases: [TypeAliasDeclaration] = []
    /// Declarations that name a protocol `State` in their own inheritance clause (Reactor's states).
    public var reactorStates: [ReactorStateDeclaration] = []
    public var diagnostics: [Diagnostic] = []
    /// For a C header: the non-system files it includes, directly or not, whose macros can change its
    /// enums (a configuration header's `#define` can add a case). Empty for Swift sources.
    public var includedFiles: [String] = []
    /// The file's header says Sourcery generated it (`// Generated using Sourcery …`): a Prism template's
    /// output that RexGen replaces, whose members are compared with RexGen's own.
    public var isSourceryOutput = false

    public init(path: String) {
        self.path = path
    }
}
