/// What the enum-properties output will contain, decided before any text is written.
public struct EnumPropertiesPlan: Sendable {
    public var enums: [PlannedEnum]
    /// Imports of the files that declare those enums, so payload types resolve in the generated file.
    public var imports: [ImportDeclaration]
    /// The same imports by the file that declares them, for one output file per source.
    public var importsByFile: [String: [ImportDeclaration]]

    public init(enums: [PlannedEnum], imports: [ImportDeclaration], importsByFile: [String: [ImportDeclaration]] = [:]) {
        self.enums = enums
        self.imports = imports
        self.importsByFile = importsByFile
    }
}

public struct PlannedEnum: Sendable {
    public var declaration: EnumDeclaration
    /// The effective access level, which generated members carry.
    public var access: AccessLevel
    public var cases: [PlannedCase]
    /// Gets swift-case-paths' `CasePathable` and `CasePathIterable` conformances (`casePaths: true`).
    public var generatesCasePaths = false
    /// With case paths, the alias of the enum (`typealias _AllCasePathsRoot = Self`, in its extension) that
    /// `AllCasePaths` names it by. Inside that struct, `Root`, `Element` and `Iterator` are its protocols'
    /// associated types and the enum's member types are in scope, so the enum's own name may mean something
    /// else; a generic type on its path would need its arguments, which `Self` carries; and as a member the
    /// alias is as available, and as `@_spi`, as the enum.
    public static let casePathsRootAlias = "_AllCasePathsRoot"

    /// An internal or package enum marked `@usableFromInline` (in public types: inside others it gets no case
    /// paths): its conformances are checked as public ones are, so the declarations that witness them must be
    /// `@usableFromInline` too, and their protocols imported publicly.
    public var isUsableFromInline: Bool {
        access < .public && declaration.attributes.contains("@usableFromInline")
    }

    /// The attribute and access of the declarations that witness the case-path conformances (`AllCasePaths`,
    /// its subscript and iterator, `allCasePaths`, the alias); the case paths are found through key paths.
    public var casePathsWitnessAccess: String { (isUsableFromInline ? "@usableFromInline " : "") + access.memberKeyword }

    /// The attributes on every extension written for the enum: its `@available`s and those of the types
    /// around it, merged (see `ExtensionAvailability`).
    public var extensionAttributes: [String] { ExtensionAvailability.attributes(merging: declaration.attributes) }

    /// The access swift-case-paths' protocols must be imported at for this enum's conformances.
    var casePathsImportAccess: AccessLevel { isUsableFromInline ? .public : access }

    /// Every field but the declaration and the cases, as text: what the section's render key hashes
    /// (`RenderedSections.key(for:)`) beside them. A field added to this type belongs here.
    var decisions: [String] {
        [access.rawValue, generatesCasePaths ? "casePaths" : ""]
    }

    public init(declaration: EnumDeclaration, access: AccessLevel, cases: [PlannedCase]) {
        self.declaration = declaration
        self.access = access
        self.cases = cases
    }
}

public struct PlannedCase: Sendable {
    public var declaration: EnumCaseDeclaration
    /// The optional-returning property named like the case.
    public var generatesValueProperty: Bool
    /// The `is<Case>` property.
    public var generatesIsProperty: Bool
    /// Each payload's type as generated code writes it: names of types declared in an enclosing type are
    /// qualified (`Picker.Event` → `Movies.Picker.Event`), so they resolve in an extension at file scope.
    public var payloadTypes: [String]
    /// False when a payload's type may name a member of a type the sources do not declare (see
    /// `PayloadTypeQualifier.namesResolvedOutsideTheSources`): no text is sure to name it, so the members
    /// that write the type (the value property and the case path) are left out.
    public var payloadTypesAreNameable = true
    /// A payload of the standard library's `Never` (not a type of the sources named `Never`): the case can
    /// never be made.
    public var payloadIsNever: Bool

    /// - Parameter payloadTypes: nil to write each payload's type as declared.
    public init(declaration: EnumCaseDeclaration, generatesValueProperty: Bool, generatesIsProperty: Bool,
                payloadTypes: [String]? = nil) {
        self.declaration = declaration
        self.generatesValueProperty = generatesValueProperty
        self.generatesIsProperty = generatesIsProperty
        self.payloadTypes = payloadTypes ?? (declaration.associatedValues ?? []).map(\.typeText)
        payloadIsNever = self.payloadTypes.contains { $0 == "Never" || $0 == "Swift.Never" }
    }

    /// Every field but the declaration, as text: what the section's render key hashes beside it. A field
    /// added to this type belongs here.
    var decisions: [String] {
        [generatesValueProperty ? "value" : "", generatesIsProperty ? "is" : "",
         payloadTypesAreNameable ? "nameable" : "", payloadIsNever ? "never" : ""] + payloadTypes
    }

    /// Whether the enum's case paths, when it has them, include this case's: its embed writes the payload's
    /// types and constructs the case, which Swift refuses for a case that may be unavailable, and warns about
    /// ("will never be executed") for a payload of type `Never`.
    public var hasCasePath: Bool {
        payloadTypesAreNameable && !ExtensionAvailability.mayBeUnavailable(declaration.attributes)
            && !payloadIsNever
    }

    public var valuePropertyName: String { declaration.name }
    public var isPropertyName: String { SwiftNames.isPropertyName(for: declaration.name) }
}

extension EnumCaseDeclaration {
    /// How Swift names the case in messages: `started`, `movie(_:)`, `sayHello(name:greeting:)`.
    public var displayName: String {
        guard let values = associatedValues else { return name }
        return name + "(" + values.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}
