/// What the lift output will contain: per root, its protocol and the conformances of every enum reachable
/// from it along exactly one path, and which frameworks' lifts go on top.
public struct LiftPlan: Sendable {
    public var roots: [RootPlan]
    public var imports: [ImportDeclaration]
    /// The frameworks whose one-call lifts go on top of the conformances.
    public var frameworks: LiftSelection
    public var combineFeedbackAPI: CombineFeedbackAPI

    public init(roots: [RootPlan], imports: [ImportDeclaration], frameworks: LiftSelection = .swiftRex,
                combineFeedbackAPI: CombineFeedbackAPI = .release) {
        self.roots = roots
        self.imports = imports
        self.frameworks = frameworks
        self.combineFeedbackAPI = combineFeedbackAPI
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
    /// `AppAction` → `appAction`; `URLAction` → `urlAction`.
    public var camelName: String { LiftNaming.lowerCamel(joinedName) }
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

    public init(declaration: EnumDeclaration, path: [ActionTree.Edge], whereRequirements: [String],
                access: AccessLevel, ifConfig: [IfConfigClause]) {
        self.declaration = declaration
        self.path = path
        self.whereRequirements = whereRequirements
        self.access = access
        self.ifConfig = ifConfig
    }
}

extension ConformancePlan {
    /// `.movie(.list(value))`: matches the root when it carries this enum, binding it to `value`.
    public var extractionPattern: String {
        path.reversed().reduce("value") { inner, edge in ".\(SwiftNames.escaped(edge.enumCase.name))(\(inner))" }
    }

    /// `.movie(action: .list(self))`: wraps this enum through every level, labels included.
    public var embedding: String {
        path.reversed().reduce("self") { inner, edge in
            ".\(SwiftNames.escaped(edge.enumCase.name))(\(edge.payloadLabel.map { "\($0): " } ?? "")\(inner))"
        }
    }

    /// ` where Value == Movie`, or empty.
    public var whereClause: String {
        whereRequirements.isEmpty ? "" : " where " + whereRequirements.joined(separator: ", ")
    }

    /// `@available` of the cases on the path: using a deprecated or restricted case is only silent in a
    /// context marked the same.
    public var availability: [String] {
        var seen = Set<String>()
        return path.flatMap { $0.enumCase.attributes.filter { $0.hasPrefix("@available") } }
            .filter { seen.insert($0).inserted }
    }
}

enum LiftNaming {
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
