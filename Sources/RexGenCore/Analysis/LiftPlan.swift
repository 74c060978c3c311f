/// What the lift output will contain: per root, its protocol and the conformances of every enum reachable
/// from it along exactly one path, and which frameworks' lifts go on top.
public struct LiftPlan: Sendable {
    public var roots: [RootPlan]
    public var imports: [ImportDeclaration]
    /// The frameworks whose one-call lifts go on top of the conformances.
    public var frameworks: LiftSelection
    public var combineFeedbackAPI: CombineFeedbackAPI
    /// The Reactor part, when Reactor's lifts are on (independent of the roots).
    public var reactor: ReactorPlan?

    public init(roots: [RootPlan], imports: [ImportDeclaration], frameworks: LiftSelection = .swiftRex,
                combineFeedbackAPI: CombineFeedbackAPI = .release, reactor: ReactorPlan? = nil) {
        self.roots = roots
        self.imports = imports
        self.frameworks = frameworks
        self.combineFeedbackAPI = combineFeedbackAPI
        self.reactor = reactor
    }
}

public struct RootPlan: Sendable {
    public var declaration: EnumDeclaration
    /// `App.Action` → `AppAction`: the protocol is `AppActionConvertible`, the lifts `liftToAppAction`.
    public var joinedName: String
    public var access: AccessLevel
    public var conformances: [ConformancePlan]

    public init(declaration: EnumDeclaration, joinedName: String, access: AccessLevel,
                conformances: [ConformancePlan]) {
        self.declaration = declaration
        self.joinedName = joinedName
        self.access = access
        self.conformances = conformances
    }

    public var protocolName: String { joinedName + "Convertible" }
    /// `_AppActionConvertibleRoot`: a file-scope alias of the root. Generated code names the root through it
    /// inside every extension and generic signature, where the root's own name could mean something else: a
    /// framework's generic parameter (`Event`, `State`, `ActionType`), a generic parameter RexGen introduces
    /// (`GlobalState`), or a member type of the extended enum.
    public var aliasName: String { "_" + protocolName + "Root" }
    /// How the protocol's requirements name the root: as declared, but through the alias when the root's
    /// name starts with `` `Self` ``, which in a protocol means the conforming type, backticks or not.
    public var requirementTypeName: String {
        declaration.qualifiedNameComponents.first == "Self" ? aliasName : declaration.qualifiedNameForExtension
    }
    /// `AppAction` → `appAction`; `URLAction` → `urlAction`; `Case` → `caseRoot`, since a keyword cannot name
    /// the initializer's parameter, nor `self` a property.
    public var camelName: String { LiftNaming.memberName(joinedName: joinedName) }
    /// The root's `@available`s, and those of the types around it (see `ExtensionAvailability`), on every
    /// declaration of its part of the lift file: each names the root, directly or through its alias, which
    /// carries them too.
    public var availability: [String] { ExtensionAvailability.attributes(merging: declaration.attributes) }
}

public struct ConformancePlan: Sendable {
    public var declaration: EnumDeclaration
    /// The edges from the root down to this enum; empty for the root's identity conformance.
    public var path: [ActionTree.Edge]
    /// `where Value == Movie` for a generic enum used with one concrete argument list.
    public var whereRequirements: [String]
    public var access: AccessLevel
    /// Every `#if` clause the root, the path's cases and the enums on the path sit under.
    public var ifConfig: [IfConfigClause]
    /// The root's `@available` attributes as declared (`RootPlan.availability` merges them), which the
    /// extension carries too since it names the root.
    public var rootAvailability: [String] = []
    /// The enum as the extension names it: as declared, or with its module (`ListFeature.ListAction`) when it
    /// is another module's and the sources declare a type of its first name (see `ForeignNames`).
    public var typeName: String
    /// The enum's index among the tree's nodes (-1 when built by hand).
    var node = -1
    /// The types of modules RexGen does not read that `whereRequirements` name, which decide the lift file's
    /// imports and whether it keeps the conformance: planning's, not rendering's.
    var unreadModuleNames: [ForeignNames.UnreadModuleName] = []

    public init(declaration: EnumDeclaration, path: [ActionTree.Edge], whereRequirements: [String],
                access: AccessLevel, ifConfig: [IfConfigClause]) {
        self.declaration = declaration
        self.typeName = declaration.qualifiedNameForExtension
        self.path = path
        self.whereRequirements = whereRequirements
        self.access = access
        self.ifConfig = ifConfig
    }
}

extension ConformancePlan {
    /// The fields other than the declaration, the path and the `#if` clauses, as text: what the
    /// conformance's render key hashes beside them (`RenderedSections.key(for:camel:rootType:protocolName:)`).
    /// A field added to this type belongs here; `node`, the enum's place among the tree's nodes, and
    /// `unreadModuleNames`, which only planning reads, are no part of the text.
    var decisions: [String] { [access.rawValue, typeName] + whereRequirements + rootAvailability }

    // The strings below are built with `while` loops and plain appends: a modular app's root has ten
    // thousand conformances, and in the debug build the build plugin runs, `reduce`, `flatMap` and string
    // interpolation are unspecialised generic calls.

    /// `.movie(.list(value))`: matches the root when it carries this enum, binding it to `value`.
    public var extractionPattern: String {
        wrapping("value", withLabels: false)
    }

    /// `.movie(action: .list(self))`: wraps this enum through every level, labels included.
    public var embedding: String {
        wrapping("self", withLabels: true)
    }

    private func wrapping(_ innermost: String, withLabels: Bool) -> String {
        var text = ""
        text.reserveCapacity(64)
        var index = 0
        while index < path.count {
            let edge = path[index]
            text += "."
            text += SwiftNames.escaped(edge.enumCase.name)
            text += "("
            if withLabels, let label = edge.payloadLabel {
                text += SwiftNames.label(label)
                text += ": "
            }
            index += 1
        }
        text += innermost
        index = 0
        while index < path.count {
            text += ")"
            index += 1
        }
        return text
    }

    /// ` where Value == Movie`, or empty.
    public var whereClause: String {
        whereRequirements.isEmpty ? "" : " where " + whereRequirements.joined(separator: ", ")
    }

    /// The attributes the extension carries: the `@available`s of the root, of the enum and of the cases on
    /// the path, merged (`ExtensionAvailability`): naming a type or a case is only allowed, or silent, in a
    /// declaration at most as available and deprecated alike.
    public var availability: [String] {
        var found = rootAvailability
        for attribute in declaration.attributes where attribute.hasPrefix("@available") { found.append(attribute) }
        var index = 0
        while index < path.count {
            let attributes = path[index].enumCase.attributes
            var position = 0
            while position < attributes.count {
                if attributes[position].hasPrefix("@available") { found.append(attributes[position]) }
                position += 1
            }
            index += 1
        }
        return found.isEmpty ? [] : ExtensionAvailability.attributes(merging: found)
    }
}

enum LiftNaming {
    /// `App.Action` → `AppAction`, the stem of the root's protocol, alias and lift names. A raw identifier
    /// cannot be part of another name, so its words are capitalised and joined (`` `App Action` `` →
    /// `AppAction`) and a leading digit gets an underscore (`` `1st Action` `` → `_1stAction`).
    static func joinedName(_ components: [String]) -> String {
        var joined = ""
        for component in components {
            guard !SwiftNames.isPlainIdentifier(component) else {
                joined += component
                continue
            }
            for word in component.split(whereSeparator: { !SwiftNames.isPlainIdentifier(String($0)) && !$0.isNumber }) {
                joined += SwiftNames.upperFirstLetter(String(word))
            }
        }
        return joined.first.map { SwiftNames.isPlainIdentifier(String($0)) } == false ? "_" + joined : joined
    }

    /// The conformances' property and the initializer's label: `AppAction` → `appAction`, `Case` → `caseRoot`.
    static func memberName(joinedName: String) -> String {
        let camel = lowerCamel(joinedName)
        return SwiftNames.reservedWords.contains(camel) ? camel + "Root" : camel
    }

    static func lowerCamel(_ name: String) -> String {
        // Lower the leading run of capitals, keeping the last one when a lowercase letter follows it
        // (`URLAction` → `urlAction`), as Swift's API guidelines spell acronyms.
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        guard upperRun > 0 else { return name }
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}
