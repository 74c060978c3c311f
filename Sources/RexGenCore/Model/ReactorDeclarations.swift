/// A struct, enum or extension whose own inheritance clause names a protocol `State`, as Reactor's states
/// do (`struct RPGState: State`, `enum Screen: Reactor.State`, `extension Player: State {}`). Whether that
/// `State` is Reactor's is decided across files by the analysis (`ReactorStateIndex`): a module may declare
/// a `State` of its own.
///
/// The reader records only these, and a struct's stored properties only in such a struct's own body, so a
/// file without Reactor states costs nothing more to read (Swift reads most struct bodies for nothing else).
public struct ReactorStateDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case `struct`, `enum`
        /// `extension Player: State {}`: makes `Player` a state wherever it is declared, never a composite.
        case `extension`
    }

    public var kind: Kind
    /// `["Game", "RPGState"]`; for an extension, the extended type's name as written (generic arguments removed).
    public var qualifiedNameComponents: [String]
    public var location: SourceLocation
    /// Written `Reactor.State`: Reactor's protocol whatever else the sources declare.
    public var namesReactorExplicitly: Bool
    public var declaredAccess: AccessLevel?
    public var enclosingScopes: [EnclosingScope] = []
    /// The declaration's own generic parameters' names: in its body they shadow types of the same name.
    public var genericParameterNames: [String] = []
    /// The `#if` clauses around the whole declaration, outermost first.
    public var ifConfig: [IfConfigClause] = []
    public var annotations: [Annotation] = []
    /// Attributes as written, with the `@_spi(…)` and `@available(…)` of the enclosing
    /// declarations (`InheritedAttributes`), as `EnumDeclaration.attributes`.
    public var attributes: [String] = []
    /// A struct's stored instance properties, in declaration order.
    public var properties: [StoredPropertyDeclaration] = []
    /// An enum's cases, as `EnumDeclaration` has them (a reference's summary keeps no enum that is not an
    /// action, and what an edit does to these must be seen, so they are kept here too).
    public var cases: [EnumCaseDeclaration] = []
    /// A function named `react` or `reactSubstates` in the body (an extension's are among the file's members).
    public var declaresReact = false
    public var declaresReactSubstates = false

    public var qualifiedName: String { qualifiedNameComponents.joined(separator: ".") }

    public func hasAnnotation(_ name: String, namespace: String = "rexgen") -> Bool {
        annotations.contains(named: name, namespace: namespace)
    }
}

/// A stored instance property of a Reactor state struct: `var player: Player`, `let id: Int`,
/// `private(set) var log: Log`, `var selected = Player()`. Computed properties and static ones are not read.
public struct StoredPropertyDeclaration: Hashable, Sendable {
    public var name: String
    /// The declared type with whitespace folded; for `var x = Player()` (no annotation), the type the
    /// initializer names when it is a plain initializer call, else empty.
    public var typeText: String
    public var location: SourceLocation
    public var isLet = false
    public var declaredAccess: AccessLevel?
    /// `private(set)` and the like: who may assign it.
    public var setterAccess: AccessLevel?
    /// The `#if` clauses between the struct's body and the property, outermost first.
    public var ifConfig: [IfConfigClause] = []
    public var annotations: [Annotation] = []
    /// The property's own attributes as written (`@available(*, deprecated)`, `@Published`).
    public var attributes: [String] = []

    public func hasAnnotation(_ name: String, namespace: String = "rexgen") -> Bool {
        annotations.contains(named: name, namespace: namespace)
    }
}

extension ImportDeclaration {
    /// `import Reactor` in any form: a plain `State` in the file may be Reactor's.
    var isReactorImport: Bool {
        // Asked of every import of every reference: most are told apart without splitting the text.
        (text.hasSuffix("Reactor") || text.contains("Reactor.")) && moduleName == "Reactor"
    }

    /// `@_exported import Foundation`: whoever imports this file's module sees Foundation's types through it.
    var isReExport: Bool { hasAttributes && (text.hasPrefix("@_exported ") || text.contains(" @_exported ")) }

    /// `["@_spi(A)", "@_spi(B)"]` for `@_spi(A) @_spi(B) import M`: the SPI this import makes visible.
    var spiGroups: [String] {
        guard hasAttributes, text.contains("@_spi(") else { return [] }
        return text.split(separator: " ").filter { InheritedAttributes.isSPI(String($0)) }.map(String.init)
    }

    /// The reader writes an import's attributes first: most imports (`import Foundation`) are told to have
    /// none without searching their text, which every reference's imports are on a whole run.
    private var hasAttributes: Bool { text.utf8.first == UInt8(ascii: "@") }
}

extension MemberDeclaration {
    /// A function a Reactor composite state must not get twice (see `ReactorPlanner`).
    var isReactorFunction: Bool { kind == .function && !isStatic && (name == "react" || name == "reactSubstates") }
}
