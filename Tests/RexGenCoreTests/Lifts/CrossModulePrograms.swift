import Foundation

// Random modular apps for CrossModuleProgramsTests: two or three feature modules and an app, each module's
// action enums carrying enums of its own and of the modules it imports, spelled as Swift resolves them from
// where the case is written (a bare name, a namespace's member, a module-qualified name). The names collide on
// purpose: enums of one name in several modules, namespaces named like another module, an enum nested in an
// enum of another name, public structs named like what generated code writes (`Reducer`, `Never`, `Bool`),
// typealiases, generic enums carried with a type of any module as their argument. Some enums are
// `@_spi(Internals)`, so a public case carrying one is too, and only a file that imports their module with that
// SPI sees them. Drawn from a seed, so a failure reproduces exactly.

/// A type of a drawn program: an enum (an action by its name or its carrier, or data), a namespace, a struct
/// that shadows a library name, or a typealias of an enum.
final class CrossModuleType {
    enum Kind: Equatable {
        case enumeration
        case namespaceEnum
        case namespaceStruct
        case shadowStruct
        case alias
    }

    let name: String
    let kind: Kind
    let module: Int
    private(set) weak var parent: CrossModuleType?
    private(set) var members: [CrossModuleType] = []
    var cases: [(name: String, payload: String, target: CrossModuleType?)] = []
    /// An alias's enum.
    var aliasTarget: CrossModuleType?
    /// A nested type written in an `extension` of its parent, in a file of its own.
    var declaredInExtension = false
    /// Declared `@_spi(Internals)` (an enum).
    var isSPI = false
    /// Generic over `Element` (a top-level enum), with a case carrying it.
    var isGeneric = false
    /// The argument each case carrying a generic enum gives it, by case name (none: `Swift.Int`).
    var caseArguments: [String: CrossModuleType] = [:]
    /// The cases of a generic enum that pass its own parameter on (`case row(RowAction<Element>)`): their
    /// target's argument is this enum's, as its path gives it.
    var casesPassingTheParameter: Set<String> = []

    init(name: String, kind: Kind, module: Int, parent: CrossModuleType?) {
        self.name = name
        self.kind = kind
        self.module = module
        self.parent = parent
        parent?.members.append(self)
    }

    var isEnum: Bool { kind == .enumeration }
    /// Selected by its name (DESIGN.md: a simple name ending in `Action` or `Event`).
    var hasActionName: Bool { name.hasSuffix("Action") || name.hasSuffix("Event") }
    /// The enclosing types, outermost first, then this one.
    var path: [CrossModuleType] { (parent?.path ?? []) + [self] }
    var resolved: CrossModuleType { aliasTarget ?? self }
    /// SPI itself, inside an SPI type, or an alias of such a type: only a file that imports its module with
    /// `@_spi(Internals)` can name it, and a public declaration naming it must be SPI too.
    var needsSPI: Bool { path.contains { $0.isSPI } || aliasTarget?.needsSPI == true }
}

struct CrossModuleProgram {
    static let modulePool = ["Core", "Models", "ListFeature", "GridFeature", "Detail", "Event", "State", "Row",
                             "Reducer", "Movie"]
    static let actionNames = ["Action", "Event", "RowAction", "ListAction", "DetailAction", "MovieAction", "AppAction",
                              "CounterEvent", "ItemAction"]
    static let dataNames = ["State", "Value", "Output", "Mode", "Row"]
    static let namespaceNames = ["Row", "List", "Detail", "Counter", "Movie", "State", "Event", "Item"]
    static let shadowNames = ["Reducer", "Never", "Bool", "Optional", "Store", "Void", "Int", "AnyMiddleware",
                              "EffectMiddleware", "KeyPath", "Result"]
    static let caseNames = ["load", "tap", "select", "close", "event", "action", "state", "value", "none", "update"]
    static let rootNames = ["AppAction", "Event", "Action", "ListAction", "AppEvent"]

    /// The module names, the app's last.
    private(set) var moduleNames: [String] = []
    /// Each module's imports, by index.
    private(set) var imports: [[Int]] = []
    /// Of each module's imports, those written `@_spi(Internals) import`.
    private(set) var spiImports: [Set<Int>] = []
    private(set) var topLevel: [[CrossModuleType]] = []
    private(set) var root: CrossModuleType!
    /// A feature module that RexGen is not told about, as a package's module that is no dependency the build
    /// plugin passes: no module gets it as a reference, and it is built without generated files. Its enums are
    /// no nodes, and a payload naming one is no other module's enum of that name.
    private(set) var unreadModule: Int?
    var appIndex: Int { moduleNames.count - 1 }
    private var rng: AdversarialRNG

    init(seed: UInt64) {
        rng = AdversarialRNG(seed: seed)
        let features = rng.sample(Self.modulePool, count: rng.inRange(2...3))
        moduleNames = features + ["App"]
        for index in features.indices {
            imports.append((0..<index).filter { _ in rng.chance(50) })
            spiImports.append(Set(imports[index].filter { _ in rng.chance(50) }))
            topLevel.append([])
            drawFeature(index)
        }
        var appImports = features.indices.filter { _ in rng.chance(70) }
        if appImports.isEmpty { appImports = [features.count - 1] }
        imports.append(appImports)
        spiImports.append(Set(appImports.filter { _ in rng.chance(50) }))
        topLevel.append([])
        drawApp()
        // Drawn last, so each seed's program is otherwise what it was before this was drawn at all.
        // Not one declaring a type named like another module: RexGen cannot know that `Row.X` then means the
        // type's member, nor that its lift file's `Row.X` would (see docs/Lifting.md).
        // Its types may be generic arguments: RexGen then writes them as their files do, or leaves the conformance
        // out with a warning where the lift file would not mean them.
        let imported = features.indices.filter { feature in
            imports.contains { $0.contains(feature) } && !topLevel[feature].contains { moduleNames.contains($0.name) }
        }
        if !imported.isEmpty, rng.chance(40) { unreadModule = rng.pick(imported) }
    }

    // MARK: - Drawing

    private mutating func drawFeature(_ module: Int) {
        for _ in 0..<rng.inRange(0...1) {
            add(CrossModuleType(name: rng.pick(Self.shadowNames), kind: .shadowStruct, module: module, parent: nil))
        }
        for _ in 0..<rng.inRange(2...5) {
            let parent = rng.chance(40) ? namespace(in: module) : nil
            let name = rng.chance(75) ? rng.pick(Self.actionNames) : rng.pick(Self.dataNames)
            guard let type = add(CrossModuleType(name: name, kind: .enumeration, module: module, parent: parent)) else { continue }
            type.declaredInExtension = parent != nil && rng.chance(40)
            type.isSPI = rng.chance(20)
            type.isGeneric = parent == nil && rng.chance(25)
            if type.isGeneric { type.cases.append((name: "element", payload: "Element", target: nil)) }
            fillCases(of: type)
            // An enum nested in the enum it is carried by (`ListAction.Row`).
            if !type.isGeneric, rng.chance(25),
               let nested = add(CrossModuleType(name: rng.pick(Self.dataNames + ["Action", "Event"]), kind: .enumeration,
                                                module: module, parent: type)) {
                nested.cases = [(name: "tap", payload: "", target: nil)]
                type.cases.append((name: uniqueCaseName("nested", in: type), payload: nested.name, target: nested))
            }
        }
        let ownEnums = allTypes(of: module).filter { $0.isEnum && !$0.isGeneric }
        if rng.chance(30), !ownEnums.isEmpty {
            let target = rng.pick(ownEnums)
            let alias = CrossModuleType(name: rng.pick(["RowEvent", "ItemAction", "Child", "Value"]), kind: .alias,
                                        module: module, parent: nil)
            alias.aliasTarget = target
            add(alias)
        }
    }

    private mutating func drawApp() {
        let module = appIndex
        // The app's own enums named like a feature's.
        for _ in 0..<rng.inRange(0...1) {
            guard let own = add(CrossModuleType(name: rng.pick(Self.actionNames), kind: .enumeration, module: module,
                                                parent: nil)) else { continue }
            own.cases = [(name: "local", payload: "", target: nil)]
        }
        let free = Self.rootNames.filter { name in !topLevel[module].contains { $0.name == name } }
        let rootType = CrossModuleType(name: free.isEmpty ? "AppRootAction" : rng.pick(free), kind: .enumeration,
                                       module: module, parent: nil)
        add(rootType)
        root = rootType
        let candidates = enums(visibleFrom: module).filter { $0 !== rootType }
        for target in rng.sample(candidates, count: rng.inRange(1...3)) {
            carry(target, in: rootType)
        }
        root.cases.append((name: "quit", payload: "", target: nil))
    }

    private mutating func fillCases(of type: CrossModuleType) {
        let carried = enums(visibleFrom: type.module).filter { $0 !== type && !$0.path.contains { $0 === type } }
        for _ in 0..<rng.inRange(1...3) {
            switch rng.below(3) {
            case 0:
                type.cases.append((name: uniqueCaseName(rng.pick(Self.caseNames), in: type), payload: "", target: nil))
            case 1:
                type.cases.append((name: uniqueCaseName(rng.pick(Self.caseNames), in: type), payload: "Swift.Int", target: nil))
            default:
                guard !carried.isEmpty else { continue }
                carry(rng.pick(carried), in: type)
            }
        }
        if type.cases.isEmpty { type.cases.append((name: "tap", payload: "", target: nil)) }
    }

    /// A case of `type` carrying `target`, spelled as `type` can name it; a generic one with a type `type` can
    /// name as its argument, or `Swift.Int`.
    private mutating func carry(_ target: CrossModuleType, in type: CrossModuleType) {
        guard var spelling = spell(target, from: type) else { return }
        let name = uniqueCaseName(caseName(for: target), in: type)
        if target.isGeneric, type.isGeneric, rng.chance(40) {
            spelling += "<Element>"
            type.casesPassingTheParameter.insert(name)
        } else if target.isGeneric {
            let candidates = types(visibleFrom: type.module).filter {
                $0.kind != .alias && !$0.isGeneric && !$0.needsSPI && $0 !== type
            }
            if !candidates.isEmpty, rng.chance(85), case let argument = rng.pick(candidates),
               let argumentSpelling = spell(argument, from: type) {
                spelling += "<\(argumentSpelling)>"
                type.caseArguments[name] = argument
            } else {
                spelling += "<Swift.Int>"
            }
        }
        type.cases.append((name: name, payload: spelling, target: target))
    }

    private mutating func namespace(in module: Int) -> CrossModuleType? {
        let existing = topLevel[module].filter { $0.kind == .namespaceEnum || $0.kind == .namespaceStruct }
        if !existing.isEmpty, rng.chance(50) { return rng.pick(existing) }
        let names = Self.namespaceNames + moduleNames.filter { $0 != moduleNames[module] && $0 != "App" }
        return add(CrossModuleType(name: rng.pick(names), kind: rng.chance(50) ? .namespaceEnum : .namespaceStruct,
                                   module: module, parent: nil))
    }

    /// Adds a type unless its scope already declares that name.
    @discardableResult
    private mutating func add(_ type: CrossModuleType) -> CrossModuleType? {
        if let parent = type.parent {
            guard parent.members.filter({ $0.name == type.name }).count == 1 else {
                parent.removeLastMember()
                return nil
            }
            return type
        }
        guard !topLevel[type.module].contains(where: { $0.name == type.name }) else { return nil }
        topLevel[type.module].append(type)
        return type
    }

    private func caseName(for target: CrossModuleType) -> String {
        let name = target.resolved.name
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    private func uniqueCaseName(_ name: String, in type: CrossModuleType) -> String {
        var candidate = name
        var number = 2
        while type.cases.contains(where: { $0.name == candidate }) {
            candidate = "\(name)\(number)"
            number += 1
        }
        return candidate
    }

    // MARK: - Names as Swift resolves them

    /// The enums a file of `module` can name: its own and those of the modules it imports (their SPI ones
    /// only through an SPI import).
    func enums(visibleFrom module: Int) -> [CrossModuleType] {
        types(visibleFrom: module).filter { $0.isEnum || $0.kind == .alias }
    }

    /// The types a file of `module` can name, as `enums(visibleFrom:)`.
    func types(visibleFrom module: Int) -> [CrossModuleType] {
        ([module] + imports[module]).flatMap { index in
            allTypes(of: index).filter { index == module || !$0.needsSPI || spiImports[module].contains(index) }
        }
    }

    func allTypes(of module: Int) -> [CrossModuleType] {
        func visit(_ type: CrossModuleType) -> [CrossModuleType] { [type] + type.members.flatMap(visit) }
        return topLevel[module].flatMap(visit)
    }

    /// The type a name written inside `scope` (or at a file's top level of `module`) means: the members of each
    /// enclosing type, innermost first, then the module's own top-level types, then one imported module's
    /// (ambiguous when two imported modules declare it).
    func lookUp(_ name: String, in scope: CrossModuleType?, module: Int, imported: [Int], spiImported: Set<Int>) -> LookUp {
        var current = scope
        while let type = current {
            if let member = type.members.first(where: { $0.name == name }) { return .found(member) }
            current = type.parent
        }
        if let own = topLevel[module].first(where: { $0.name == name }) { return .found(own) }
        let found = imported.compactMap { index in
            topLevel[index].first { $0.name == name && (!$0.needsSPI || spiImported.contains(index)) }
        }
        if found.count > 1 { return .ambiguous }
        return found.first.map(LookUp.found) ?? .notFound
    }

    enum LookUp {
        case notFound
        case ambiguous
        case found(CrossModuleType)
    }

    /// A spelling of `target` that means it where a case of `scope` is written, or nil.
    mutating func spell(_ target: CrossModuleType, from scope: CrossModuleType?, module: Int? = nil,
                        imported: [Int]? = nil) -> String? {
        let module = module ?? scope!.module
        let imported = imported ?? imports[module]
        let valid = spellings(of: target, from: scope, module: module, imported: imported, spiImported: spiImports[module])
        return valid.isEmpty ? nil : rng.pick(valid)
    }

    /// - Parameter otherModulesTypes: top-level names of other modules the file imports (SwiftRex's).
    func spellings(of target: CrossModuleType, from scope: CrossModuleType?, module: Int, imported: [Int],
                   spiImported: Set<Int>, otherModulesTypes: Set<String> = []) -> [String] {
        var valid: [String] = []
        let path = target.path
        // A bare name, or a path from an enclosing type's name.
        for start in path.indices {
            let first = path[start]
            guard case .found(let found) = lookUp(first.name, in: scope, module: module, imported: imported, spiImported: spiImported),
                  found === first, found.parent != nil || !otherModulesTypes.contains(first.name) else { continue }
            valid.append(path[start...].map(\.name).joined(separator: "."))
        }
        // The module's name, unless a type of that name is in scope.
        let moduleName = moduleNames[target.module]
        if target.module == module || imported.contains(target.module),
           case .notFound = lookUp(moduleName, in: scope, module: module, imported: imported, spiImported: spiImported),
           !otherModulesTypes.contains(moduleName),
           !allTypes(of: target.module).contains(where: { $0.name == moduleName }) {
            valid.append(([moduleName] + path.map(\.name)).joined(separator: "."))
        }
        return valid
    }

    // MARK: - Sources

    /// Each module's files, by name.
    func files(of module: Int) -> [String: String] {
        let access = module == appIndex ? "" : "public "
        let header = imports[module].map { (spiImports[module].contains($0) ? "@_spi(Internals) " : "")
            + "import \(moduleNames[$0])\n" }.joined() + "\n"
        var files: [String: String] = [:]
        for (number, type) in topLevel[module].enumerated() {
            var text = header + render(type, access: access, indent: "")
            for nested in allTypes(of: module) where nested.declaredInExtension && nested.parent === type {
                text += "\nextension \(type.name) {\n" + render(nested, access: access, indent: "    ") + "}\n"
            }
            files["Type\(number)_\(type.name).swift"] = text
        }
        return files
    }

    private func render(_ type: CrossModuleType, access: String, indent: String) -> String {
        let memberAccess = access
        let access = (!access.isEmpty && type.needsSPI ? "@_spi(Internals) " : "") + access
        switch type.kind {
        case .shadowStruct:
            return "\(indent)\(access)struct \(type.name) {}\n"
        case .alias:
            let target = type.aliasTarget!.path.map(\.name).joined(separator: ".")
            return "\(indent)\(access)typealias \(type.name) = \(target)\n"
        case .namespaceEnum, .namespaceStruct, .enumeration:
            let keyword = type.kind == .namespaceStruct ? "struct" : "enum"
            var text = "\(indent)\(access)\(keyword) \(type.name)\(type.isGeneric ? "<Element>" : "") {\n"
            for enumCase in type.cases {
                // A public case naming an SPI type is SPI too, unless its enum is.
                let caseSPI = !memberAccess.isEmpty && enumCase.target?.needsSPI == true && !type.needsSPI
                text += "\(indent)    \(caseSPI ? "@_spi(Internals) " : "")case \(enumCase.name)" + (enumCase.payload.isEmpty ? "" : "(\(enumCase.payload))") + "\n"
            }
            for member in type.members where !member.declaredInExtension {
                text += render(member, access: memberAccess, indent: indent + "    ")
            }
            return text + "\(indent)}\n"
        }
    }

    // MARK: - The tree, as the generator means it

    /// The enums reachable from the root through action enums: an enum is an action by its name, or when it
    /// is declared inside the action enum whose case carries it (DESIGN.md's selection rules).
    var treeNodes: [CrossModuleType] { walk(followingModuleNamesOfTypes: true).nodes }

    /// The tree's nodes reached without a module-qualified payload whose module some module names a type after
    /// (`GridFeature.RowAction` where a module declares `enum GridFeature`): RexGen reads the name as the type's
    /// (see docs/Lifting.md). Their conformances may be missing without a warning.
    var nodesRexGenCanTell: [CrossModuleType] { walk(followingModuleNamesOfTypes: false).nodes }

    /// The argument the way down to each generic node of `nodesRexGenCanTell` gives it (none: `Swift.Int`). A
    /// node reached two ways is left out with a warning.
    var treeArguments: [ObjectIdentifier: CrossModuleType] { walk(followingModuleNamesOfTypes: false).arguments }

    private func walk(followingModuleNamesOfTypes: Bool) -> (nodes: [CrossModuleType], arguments: [ObjectIdentifier: CrossModuleType]) {
        let typeNames = Set(topLevel.flatMap { $0.map(\.name) })
        var nodes: [CrossModuleType] = [root]
        var arguments: [ObjectIdentifier: CrossModuleType] = [:]
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            for enumCase in node.cases {
                if !followingModuleNamesOfTypes, let first = enumCase.payload.split(separator: ".").first,
                   moduleNames.contains(String(first)), typeNames.contains(String(first)) { continue }
                guard let target = enumCase.target?.resolved, target.module != unreadModule,
                      target.hasActionName || target.parent === node,
                      !nodes.contains(where: { $0 === target }) else { continue }
                nodes.append(target)
                if let argument = node.caseArguments[enumCase.name] {
                    arguments[ObjectIdentifier(target)] = argument
                } else if node.casesPassingTheParameter.contains(enumCase.name), let given = arguments[ObjectIdentifier(node)] {
                    arguments[ObjectIdentifier(target)] = given
                }
            }
            index += 1
        }
        return (nodes, arguments)
    }

    /// The root's joined name with a lower-case first letter (`appAction`), as the lift file's members use it.
    var rootMemberName: String { root.name.prefix(1).lowercased() + root.name.dropFirst() }
}

extension CrossModuleType {
    func removeLastMember() { members.removeLast() }
}
