import Foundation

// Random action trees for AdversarialNamesTests (issue 28): apps whose enum names, case names and nesting reuse
// the names generated code writes in generic contexts (the frameworks' generic parameters and associated
// types, RexGen's own generic parameters, stdlib and framework type names, Swift keywords), together with
// user types that shadow what generated code names. Each program is drawn from a seed, so a failure
// reproduces exactly. The program is rendered twice: as the app's sources (what rexgen reads), and as a
// description of its trees (`AdversarialUsage.Tree`) from which the usage files are written.

/// The reliability tests' SplitMix64 (`SeededGenerator`), owned by the test suite so its sequence never changes
/// under it: a seed reproduces on every platform.
struct AdversarialRNG {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// 0..<bound, by multiply-shift (no stdlib `random(in:)`, whose algorithm may change between releases).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func inRange(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// `count` distinct items, in the order drawn.
    mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count, !pool.isEmpty { chosen.append(pool.remove(at: below(pool.count))) }
        return chosen
    }

    /// The seed of the `index`-th program of a run starting at `base`: spread out, so neighbours differ.
    static func programSeed(base: UInt64, index: Int) -> UInt64 {
        var rng = AdversarialRNG(seed: base &+ UInt64(index) &* 0x1000_0000_01B3)
        return rng.next()
    }
}

/// The names programs are drawn from.
struct AdversarialNamePools {
    /// Enum and namespace names.
    var typeNames: [String]
    /// Names of nested action enums in the Feedback style (`Counter.Event`); also drawn as type names.
    var nestedActionNames: [String]
    /// Case names.
    var caseNames: [String]
    /// Top-level `struct X {}` declarations that shadow a stdlib or framework type.
    var shadowTypes: [String]
    /// How many shadowing declarations a program draws.
    var shadowCount: ClosedRange<Int>
    /// Whether a type may be named like another type of the program (`Picker.Picker`, `Event` at top level
    /// and `Counter.Event`). The control keeps every name apart, except `nestedActionNames` under different
    /// namespaces (`Counter.Action`, `Movies.Action`), the Feedback style the fixtures already cover.
    var reusesTypeNames = true
    /// How many generic action enums a program draws beside its trees (`enum Loadable<Value, State>`).
    var genericEnumCount: ClosedRange<Int> = 0...3
    /// Their parameters' names: inside such an enum, and in the extensions RexGen writes for it, a parameter
    /// hides any type of that name.
    var parameterNames = AdversarialNamePools.genericParameterNames + ["T"]
    /// How often a child of a tree is generic, carried with concrete arguments (`case page(PageAction<Int>)`),
    /// its parameters drawn from `parameterNames`; the enums declared inside it are then generic too.
    var genericChildPercent = 20
    /// How often a new namespace struct is generic (`struct Picker<Item>`), no action enum itself: a case outside
    /// it names an enum inside it with its arguments (`case picker(Picker<Int>.Event)`), one inside it by its
    /// name alone. Drawn from a generator of its own, so a program without such a struct is what it was before.
    var genericScopePercent = 50
    /// How often a child is carried through a typealias (`typealias State = Counter.Event`, `case counter(State)`),
    /// its name drawn from `typeNames`: declared in the carrying enum; at top level, unless the alias writes
    /// arguments that are not concrete; in a namespace, when it writes none (the shapes RexGen follows). Drawn
    /// from a generator of its own, so a program without such an alias is what it was before.
    var aliasPercent = 30
    /// How often an alias that writes generic arguments takes a shape RexGen does not follow: generic itself, at
    /// top level (`typealias Pg<X> = Page<X>`, `case page(Pg<Int>)`), or, with concrete arguments, in a namespace.
    /// The child and its subtree are then no branch of the tree (with a warning), but every generated file must
    /// still compile. Drawn from a generator of its own, so a program without such an alias is what it was before.
    var unfollowedAliasPercent = 50

    // MARK: The adversarial lists

    /// The frameworks' generic parameters and associated types, and RexGen's own generic parameters: in an
    /// extension of `Reducer`, `Feedback`, `Store`, `MiddlewareProtocol`… or in a generated generic function,
    /// these names mean the parameter, not the user's type.
    static let genericParameterNames = [
        // SwiftRex: Reducer<ActionType, StateType>, MiddlewareProtocol, EffectMiddleware, StoreType,
        // MiddlewareReader(Protocol), and the lift functions' own parameters.
        "ActionType", "StateType", "InputActionType", "OutputActionType", "Dependencies", "MiddlewareType",
        "GlobalActionType", "GlobalStateType", "GlobalInputActionType", "GlobalOutputActionType",
        // CombineFeedback / ReactiveFeedback: Reducer, Feedback, FeedbackLoop, Store.
        "State", "Event", "Dependency",
        // swift-case-paths: CasePath<Root, Value>, CasePathReflectable.Root, CasePathable.AllCasePaths,
        // Cases; Sequence's Element and Iterator (AllCasePaths is a Sequence).
        "Root", "Value", "AllCasePaths", "Cases", "Element", "Iterator",
        // RexGen's generic parameters.
        "GlobalState", "LocalState", "LocalEvent", "GlobalDependencies", "GlobalDependency", "ViewAction", "ViewState",
    ]

    /// Types generated code names (framework, then stdlib); `Swift` and the modules' own names are left out,
    /// since a module-qualified name cannot get past a type named like the module.
    static let frameworkTypeNames = [
        "Store", "Reducer", "Feedback", "FeedbackLoop", "CasePath", "AnyCasePath", "CaseKeyPath", "PartialCaseKeyPath",
        "Case", "CasePathable", "CasePathIterable", "CasePathReflectable", "LiftMiddleware", "StoreProjection",
        "MiddlewareReader", "MiddlewareReaderProtocol", "MiddlewareProtocol", "EffectMiddleware", "StoreType",
        "AnyStoreType", "ActionSource", "IO", "GetState",
    ]
    static let stdlibTypeNames = [
        "Result", "Never", "Optional", "Bool", "Void", "KeyPath", "WritableKeyPath", "String", "Int", "Sendable",
        "Sequence", "IndexingIterator", "Array",
    ]

    /// Type names legal only in backticks (`enum \`Self\``, `Outer.\`Any\``), checked with swiftc 6.3.
    /// `Type` and `Protocol` are legal too, but no code can name such a type nested or module-qualified in an
    /// expression (`Outer.\`Protocol\`.a` is still the metatype, backticks or not), so they are left out.
    static let keywordTypeNames = ["Any", "Self"]

    /// Keywords legal as case names in backticks (swiftc 6.3); `Type` and `Protocol` are not (`E.Type` is the
    /// metatype), and `self`/`Self` get no property (RexGen skips them), which the usage file knows.
    static let keywordCaseNames = [
        "default", "case", "class", "self", "Self", "init", "subscript", "func", "var", "let", "in", "as", "where",
        "for", "return", "nil", "true", "false", "super", "inout", "static", "public", "protocol", "extension",
        "operator", "import", "deinit", "throws", "repeat", "Any", "do", "is",
    ]

    /// Case names that are also names generated code gives its locals, parameters and members.
    static let localCaseNames = [
        "value", "newValue", "state", "event", "reducer", "feedback", "dependency", "dependencies", "globalState",
        "globalEvent", "localEvent", "rootEvent", "store", "scope", "lift", "pullback", "projection", "view",
        "scoped", "inject", "embed", "extract", "allCasePaths", "never", "root", "v0", "value0", "action", "some",
        "none",
    ]

    /// Swift 6.2's raw identifiers (SE-0451): names only backticks make names, with spaces, a leading digit or
    /// punctuation. RexGen backticks them wherever it writes them and makes plain names of them where it
    /// derives a name (`` `Sign In` `` root → `SignInConvertible`).
    static let rawIdentifierTypeNames = ["Sign In", "2nd Screen"]
    static let rawIdentifierCaseNames = ["did tap", "2fa", "go (back)", "a, b"]

    static let ordinaryTypeNames = [
        "AppAction", "MovieAction", "ListAction", "DetailAction", "TabAction", "Counter", "Catalog", "Movies",
        "Picker", "Settings", "Profile", "Login", "Search", "Player", "Cart", "Checkout", "Feed", "Inbox",
    ]
    static let ordinaryNestedActionNames = ["Action", "Msg", "Intent"]
    static let ordinaryCaseNames = [
        "increment", "decrement", "load", "loaded", "select", "refresh", "open", "close", "tap", "movie", "list",
        "child", "detail", "started", "finished", "login", "search", "play", "pause", "checkout",
    ]

    /// Every adversarial name at once, with some ordinary ones so trees still look like apps.
    static let adversarial = AdversarialNamePools(
        typeNames: genericParameterNames + frameworkTypeNames + stdlibTypeNames + keywordTypeNames
            + rawIdentifierTypeNames + ["AppAction", "Counter", "Movies", "Picker"],
        nestedActionNames: ["Event", "Action", "State", "Root", "Value", "ActionType"],
        caseNames: keywordCaseNames + localCaseNames + rawIdentifierCaseNames
            + ["increment", "load", "movie", "child", "picker", "tick"],
        shadowTypes: frameworkTypeNames + stdlibTypeNames + genericParameterNames,
        shadowCount: 4...14)

    /// The control: nothing a generator could confuse with its own names.
    static let ordinary = AdversarialNamePools(
        typeNames: ordinaryTypeNames, nestedActionNames: ordinaryNestedActionNames, caseNames: ordinaryCaseNames,
        shadowTypes: [], shadowCount: 0...0, reusesTypeNames: false, parameterNames: ["T", "U", "Wrapped"])
}

/// Spelling: which names need backticks, and the names RexGen derives from a root's.
enum AdversarialSpelling {
    /// Names that are keywords somewhere we write them (declarations, patterns, after a dot).
    static let keywords: Set<String> = Set(AdversarialNamePools.keywordCaseNames + AdversarialNamePools.keywordTypeNames)
        .union(["Type", "Protocol", "associatedtype", "deinit", "enum", "fileprivate", "internal", "private",
                "precedencegroup", "struct", "typealias", "break", "catch", "continue", "defer", "else",
                "fallthrough", "guard", "if", "switch", "throw", "try", "while", "await", "rethrows", "_"])

    /// Case names RexGen writes no property or case path for (DESIGN: `unusablePropertyNames`).
    static let unusableCaseNames: Set<String> = ["self", "Self", "Type", "Protocol", "_"]

    /// As written in the app's sources: backticks only where Swift needs them.
    static func source(_ name: String) -> String { keywords.contains(name) || isRaw(name) ? "`\(name)`" : name }

    /// A raw identifier: a name only between backticks.
    static func isRaw(_ name: String) -> Bool {
        !(name.first.map { $0.isLetter || $0 == "_" } ?? false) || !name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// As written in the usage files: always backticked, which is legal for any identifier.
    static func usage(_ name: String) -> String { "`\(name)`" }

    /// An argument label at a call: only `inout`, `var` and `let` need backticks there, and backticks
    /// elsewhere draw a warning.
    static func label(_ name: String) -> String { ["inout", "var", "let"].contains(name) || isRaw(name) ? "`\(name)`" : name }

    static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

// MARK: - The program model

final class AdversarialType {
    enum Kind {
        case action, namespaceEnum, namespaceStruct, shadowStruct
        /// `typealias Name = Target`: `aliasTarget` is the child it names.
        case alias
        /// An action enum with generic parameters, carried by no case: enum properties and case paths only.
        /// (A generic child of a tree is an `.action` with `genericParameters`.)
        case genericAction
    }

    let name: String
    let kind: Kind
    private(set) weak var parent: AdversarialType?
    private(set) var members: [AdversarialType] = []
    var cases: [AdversarialCase] = []
    /// A generic enum's parameters, in order.
    var genericParameters: [String] = []
    /// A generic child's arguments as its carrying case writes them (`Int`, `String`, `Bool`, or one of the
    /// carrying enum's own parameters), and that case's enum.
    var boundArguments: [String] = []
    private(set) weak var carrier: AdversarialType?
    /// A typealias's child; the alias a child's carrying case names instead of the child.
    weak var aliasTarget: AdversarialType?
    weak var carriedThrough: AdversarialType?
    /// An alias declared where RexGen does not follow it (see `unfollowedAliasPercent`).
    var isUnfollowedAlias = false

    func bind(_ arguments: [String], carriedBy parent: AdversarialType) {
        boundArguments = arguments
        carrier = parent
    }

    /// The innermost generic enum of the path, itself included: what is declared inside it can only be named
    /// from inside it, where its name alone means it with its own parameters.
    var genericEnumAncestor: AdversarialType? { path.last { !$0.genericParameters.isEmpty && $0.kind != .namespaceStruct } }

    /// The generic struct around this type (at most one: drawn so), whose arguments the carrying case writes.
    var genericScope: AdversarialType? { path.dropLast().first(where: \.isGenericScope) }
    var isGenericScope: Bool { kind == .namespaceStruct && !genericParameters.isEmpty }
    /// The arguments the carrying case writes for `genericScope`: empty when that case is inside the struct too,
    /// where the child's name means it with the struct's own parameters, and so with the carrier's arguments.
    private(set) var scopeArguments: [String] = []
    private(set) weak var scopeCarrier: AdversarialType?

    func bindScope(_ arguments: [String], carriedBy parent: AdversarialType) {
        scopeArguments = arguments
        scopeCarrier = parent
    }

    init(name: String, kind: Kind, parent: AdversarialType?) {
        self.name = name
        self.kind = kind
        self.parent = parent
        parent?.members.append(self)
    }

    /// Outermost first, self last.
    var path: [AdversarialType] {
        var result: [AdversarialType] = [self]
        var current = parent
        while let type = current {
            result.insert(type, at: 0)
            current = type.parent
        }
        return result
    }

    var isEnum: Bool { kind != .namespaceStruct && kind != .shadowStruct && kind != .alias }
}

struct AdversarialCase {
    enum Payload {
        case none
        case child(AdversarialType, label: String?)
        /// Int or String payloads (`count` 1 or 2), each with an optional label.
        case values([(label: String?, type: String)])
        /// A generic enum's payloads naming its parameters (`Value`, `[Value]`, `Value?`, `[String: Value]`).
        case parameters([(label: String?, parameter: Int, form: GenericForm)])
    }

    enum GenericForm: CaseIterable {
        case plain, array, optional, dictionary

        /// `type` (a parameter as written in the app, or a concrete type for the usage files) in this form;
        /// `string` is how `String` is written there.
        func spelled(_ type: String, string: String) -> String {
            switch self {
            case .plain: return type
            case .array: return "[\(type)]"
            case .optional: return "\(type)?"
            case .dictionary: return "[\(string): \(type)]"
            }
        }
    }

    var name: String
    var payload: Payload
}

/// One drawn program: its declarations, rendered into app sources and usage trees.
struct AdversarialProgram {
    let seed: UInt64
    private(set) var topLevel: [AdversarialType] = []
    private(set) var roots: [AdversarialType] = []
    private var rng: AdversarialRNG
    /// Draws generic structs and their arguments (see `genericScopePercent`).
    private var scopeRNG: AdversarialRNG
    /// Draws typealiases (see `aliasPercent`).
    private var aliasRNG: AdversarialRNG
    /// Draws the aliases RexGen does not follow (see `unfollowedAliasPercent`).
    private var unfollowedAliasRNG: AdversarialRNG
    private let pools: AdversarialNamePools
    /// What `lookUp` finds for a generic parameter: no type of the program.
    private let genericParameter = AdversarialType(name: "<generic parameter>", kind: .shadowStruct, parent: nil)

    init(seed: UInt64, pools: AdversarialNamePools) {
        self.seed = seed
        self.pools = pools
        rng = AdversarialRNG(seed: seed)
        scopeRNG = AdversarialRNG(seed: seed ^ 0x5C0B_E000_0029_0000)
        aliasRNG = AdversarialRNG(seed: seed ^ 0xA11A_5000_0029_0000)
        unfollowedAliasRNG = AdversarialRNG(seed: seed ^ 0xA11A_5000_0029_0001)
        let shadows = rng.sample(pools.shadowTypes, count: rng.inRange(pools.shadowCount))
        for name in shadows { topLevel.append(AdversarialType(name: name, kind: .shadowStruct, parent: nil)) }
        let treeCount = rng.inRange(1...2)
        for _ in 0..<treeCount { growTree() }
        // Drawn from a generator of their own, so the trees of a seed stay what they were before generic enums.
        var genericRNG = AdversarialRNG(seed: seed ^ 0x6E6E_5249_4301_0000)
        swap(&rng, &genericRNG)
        for _ in 0..<rng.inRange(pools.genericEnumCount) { growGenericEnum() }
        swap(&rng, &genericRNG)
    }

    /// The program for `seed`, or, when that draw has no tree or a child its parent cannot name (every
    /// spelling shadowed), the first well-formed one drawn from seeds derived from it: still one program per seed.
    static func wellFormed(seed: UInt64, pools: AdversarialNamePools) -> AdversarialProgram {
        var attempt = 0
        while true {
            let drawn = attempt == 0 ? seed : AdversarialRNG.programSeed(base: seed, index: attempt)
            let program = AdversarialProgram(seed: drawn, pools: pools)
            if !program.roots.isEmpty, program.isWellFormed() { return program }
            attempt += 1
        }
    }

    // MARK: Drawing

    private mutating func growTree() {
        // The root: at top level (Feedback's example app: `enum Event`), or nested in a namespace (`Root.Event`).
        var root: AdversarialType?
        for _ in 0..<20 {
            let scope = rng.chance(45) ? nil : namespace(depthUpTo: 2)
            // A root inside a generic type gets no lifts (RexGen says so in a note): not what the trees are for.
            if scope?.path.contains(where: \.isGenericScope) == true { continue }
            let name = rng.chance(50) && scope != nil ? rng.pick(pools.nestedActionNames) : rng.pick(pools.typeNames)
            guard let candidate = makeType(name, kind: .action, in: scope) else { continue }
            let joined = Self.joinedName(candidate)
            if roots.contains(where: { Self.joinedName($0) == joined }) || topLevelNames.contains(joined + "Convertible") {
                remove(candidate)
                continue
            }
            root = candidate
            break
        }
        guard let root else { return }
        roots.append(root)
        let reserved = Self.camel(root)
        grow(root, depth: 0, root: root, reserved: reserved)
    }

    /// Cases for `node`; children carried by some of them, declared at top level, in a namespace, inside the
    /// parent, or inside another enum of the tree.
    private mutating func grow(_ node: AdversarialType, depth: Int, root: AdversarialType, reserved: String) {
        let caseCount = rng.inRange(depth == 0 ? 2...4 : 1...4)
        var used: Set<String> = [reserved]
        var carriesChild = false
        for index in 0..<caseCount {
            guard let name = drawName(from: pools.caseNames, avoiding: used) else { break }
            used.insert(name)
            // A case and a type declared in its enum may not share a name (`case Self`, `enum Self`).
            if node.members.contains(where: { $0.name == name }) { continue }
            let mustCarry = depth == 0 && index == caseCount - 1 && !carriesChild
            let roll = rng.below(100)
            if mustCarry || (depth < 3 && roll < 50) {
                // The case first, so that no type declared in `node` for it takes its name.
                node.cases.append(AdversarialCase(name: name, payload: .none))
                if let child = makeChild(of: node, root: root) {
                    carriesChild = true
                    let label = rng.chance(25) ? drawName(from: pools.caseNames, avoiding: []) : nil
                    node.cases[node.cases.count - 1].payload = .child(child, label: label)
                    drawAlias(for: child, carriedBy: node)
                    grow(child, depth: depth + 1, root: root, reserved: reserved)
                    continue
                }
                node.cases.removeLast()
            }
            if !node.genericParameters.isEmpty, roll < 75, rng.chance(50) {
                let payload = (label: String?.none, parameter: rng.below(node.genericParameters.count),
                               form: rng.pick(AdversarialCase.GenericForm.allCases))
                node.cases.append(AdversarialCase(name: name, payload: .parameters([payload])))
            } else if roll < 75 {
                let count = rng.chance(70) ? 1 : 2
                var values: [(label: String?, type: String)] = []
                for _ in 0..<count {
                    let label = rng.chance(50) ? drawName(from: ["count", "name", "id", "page", "title"], avoiding: Set(values.compactMap(\.label))) : nil
                    values.append((label, rng.pick(["Int", "String"])))
                }
                node.cases.append(AdversarialCase(name: name, payload: .values(values)))
            } else {
                node.cases.append(AdversarialCase(name: name, payload: .none))
            }
        }
    }

    /// A generic action enum at top level, in a namespace or inside a node of a tree, whose cases carry its
    /// parameters, values or nothing.
    private mutating func growGenericEnum() {
        for _ in 0..<20 {
            let scope: AdversarialType?
            switch rng.below(3) {
            case 0: scope = nil
            case 1: scope = namespace(depthUpTo: 2)
            default: scope = roots.isEmpty ? nil : rng.pick(rng.pick(roots).treeNodes)
            }
            guard let type = makeType(rng.pick(pools.typeNames), kind: .genericAction, in: scope) else { continue }
            let outer = Set(scope?.path.flatMap(\.genericParameters) ?? [])
            type.genericParameters = rng.sample(pools.parameterNames.filter { !outer.contains($0) }, count: rng.inRange(1...3))
            var used: Set<String> = []
            for _ in 0..<rng.inRange(1...4) {
                guard let name = drawName(from: pools.caseNames, avoiding: used) else { break }
                used.insert(name)
                switch rng.below(10) {
                case 0..<6:
                    var payloads: [(label: String?, parameter: Int, form: AdversarialCase.GenericForm)] = []
                    for _ in 0..<(rng.chance(70) ? 1 : 2) {
                        let label = rng.chance(40) ? drawName(from: ["count", "name", "id", "page", "title"], avoiding: Set(payloads.compactMap(\.label))) : nil
                        payloads.append((label, rng.below(type.genericParameters.count), rng.pick(AdversarialCase.GenericForm.allCases)))
                    }
                    type.cases.append(AdversarialCase(name: name, payload: .parameters(payloads)))
                case 6..<8:
                    type.cases.append(AdversarialCase(name: name, payload: .values([(nil, rng.pick(["Int", "String"]))])))
                default:
                    type.cases.append(AdversarialCase(name: name, payload: .none))
                }
            }
            return
        }
    }

    private mutating func makeChild(of parent: AdversarialType, root: AdversarialType) -> AdversarialType? {
        for _ in 0..<20 {
            let scope: AdversarialType?
            switch rng.below(5) {
            case 0: scope = nil
            case 1: scope = namespace(depthUpTo: 2)
            case 2: scope = parent
            case 3: scope = rng.pick(root.treeNodes)
            default: scope = namespace(depthUpTo: 1)
            }
            // Inside a generic enum, only a case of that enum or of an enum inside it can name the child.
            if let generic = scope?.genericEnumAncestor, !parent.path.contains(where: { $0 === generic }) { continue }
            let nested = scope != nil && scope?.kind != .action && rng.chance(60)
            let name = nested ? rng.pick(pools.nestedActionNames) : rng.pick(pools.typeNames)
            guard let child = makeType(name, kind: .action, in: scope) else { continue }
            // Half the children of a generic child are generic too, so that parameters passed on get drawn.
            let genericPercent = parent.genericParameters.isEmpty ? pools.genericChildPercent : max(pools.genericChildPercent, 50)
            if pools.genericChildPercent > 0, rng.chance(genericPercent) {
                let outer = Set(scope?.path.flatMap(\.genericParameters) ?? [])
                child.genericParameters = rng.sample(pools.parameterNames.filter { !outer.contains($0) }, count: rng.inRange(1...2))
                // A generic parent may pass its own parameter on (`RowsAction<Item>` → `PageAction<Item>`), and so
                // may an enum inside a generic type (`RowsAction<Item>.SectionAction`).
                let passed = parametersInScope(at: parent)
                child.bind(child.genericParameters.map { _ in
                    !passed.isEmpty && rng.chance(60) ? rng.pick(passed) : rng.pick(["Int", "String", "Bool"])
                }, carriedBy: parent)
            }
            if let scope = child.genericScope {
                child.bindScope(parent.path.contains { $0 === scope } ? [] : scope.genericParameters.map { _ in
                    let passable = parametersInScope(at: parent)
                    return !passable.isEmpty && scopeRNG.chance(50) ? scopeRNG.pick(passable) : scopeRNG.pick(["Int", "String", "Bool"])
                }, carriedBy: parent)
            }
            return child
        }
        return nil
    }

    /// Sometimes carries `child` through a typealias (see `aliasPercent`). The alias's name never hides a generic
    /// parameter of the types around it, which cases there may name.
    private mutating func drawAlias(for child: AdversarialType, carriedBy parent: AdversarialType) {
        guard pools.aliasPercent > 0, aliasRNG.chance(pools.aliasPercent) else { return }
        // An alias that writes generic arguments is followed at top level too, when they are concrete and mean
        // there what they mean at the case (`typealias Tab = Picker<Int>.Event`); not in a namespace.
        let writesArguments = child.path.contains { !$0.genericParameters.isEmpty }
        let arguments = child.boundArguments + child.scopeArguments
        let concrete = (child.genericScope == nil || !child.scopeArguments.isEmpty) && arguments.allSatisfy { argument in
            !parent.path.contains { $0.genericParameters.contains(argument) } && lookUp(argument, from: nil) === lookUp(argument, from: parent)
        }
        var scopes: [AdversarialType?] = [parent]
        if !writesArguments || concrete { scopes.append(nil) }
        if !writesArguments {
            scopes += allTypes.filter { ($0.kind == .namespaceEnum || $0.kind == .namespaceStruct)
                && !$0.path.contains { !$0.genericParameters.isEmpty } }
        }
        var scope = aliasRNG.pick(scopes)
        // The shapes RexGen does not follow: a generic alias at top level, given the child's arguments by the case
        // (`typealias Pg<X> = Page<X>`, `case page(Pg<Int>)`), or, where the arguments mean what they mean at the
        // case, an alias in a namespace.
        var aliasParameters: [String] = []
        if writesArguments, unfollowedAliasRNG.chance(pools.unfollowedAliasPercent) {
            let ownArgumentsOnly = !child.boundArguments.isEmpty && !child.path.dropLast().contains { !$0.genericParameters.isEmpty }
            let namespaces = !concrete ? [] : allTypes.filter { namespace in
                (namespace.kind == .namespaceEnum || namespace.kind == .namespaceStruct)
                    && !namespace.path.contains { !$0.genericParameters.isEmpty }
                    && arguments.allSatisfy { lookUp($0, from: namespace) === lookUp($0, from: parent) }
            }
            if ownArgumentsOnly, namespaces.isEmpty || unfollowedAliasRNG.chance(50) {
                // Named unlike any step of the child's path, which the alias's target names.
                let free = pools.parameterNames.filter { parameter in !child.path.contains { $0.name == parameter } }
                if free.count >= child.boundArguments.count {
                    scope = nil
                    aliasParameters = unfollowedAliasRNG.sample(free, count: child.boundArguments.count)
                }
            } else if !namespaces.isEmpty {
                scope = unfollowedAliasRNG.pick(namespaces)
            }
        }
        let isUnfollowed = writesArguments && (scope != nil && scope !== parent || !aliasParameters.isEmpty)
        let hidden = Set((scope?.path.flatMap(\.genericParameters) ?? []) + aliasParameters)
        let name = aliasRNG.pick((pools.typeNames + pools.nestedActionNames).filter { !hidden.contains($0) })
        guard let alias = makeType(name, kind: .alias, in: scope) else { return }
        alias.aliasTarget = child
        alias.isUnfollowedAlias = isUnfollowed
        alias.genericParameters = aliasParameters
        child.carriedThrough = alias
        if !canName(child, from: parent) {
            child.carriedThrough = nil
            remove(alias)
        }
    }

    /// A namespace (new or existing) at most `depthUpTo` deep.
    private mutating func namespace(depthUpTo limit: Int) -> AdversarialType? {
        let existing = allTypes.filter { ($0.kind == .namespaceEnum || $0.kind == .namespaceStruct) && $0.path.count <= limit }
        if !existing.isEmpty, rng.chance(50) { return rng.pick(existing) }
        let outers = existing.filter { $0.path.count < limit }
        let outer: AdversarialType? = !outers.isEmpty && rng.chance(30) ? rng.pick(outers) : nil
        for _ in 0..<10 {
            if let type = makeType(rng.pick(pools.typeNames), kind: rng.chance(60) ? .namespaceEnum : .namespaceStruct, in: outer) {
                if type.kind == .namespaceStruct, pools.genericScopePercent > 0, outer?.genericScope == nil,
                   outer?.isGenericScope != true, scopeRNG.chance(pools.genericScopePercent) {
                    type.genericParameters = scopeRNG.sample(pools.parameterNames, count: scopeRNG.inRange(1...2))
                }
                return type
            }
        }
        return nil
    }

    /// A new type named `name` in `scope`, unless the scope already declares that name.
    private mutating func makeType(_ name: String, kind: AdversarialType.Kind, in scope: AdversarialType?) -> AdversarialType? {
        let siblings = scope?.members ?? topLevel
        guard !siblings.contains(where: { $0.name == name }) else { return nil }
        if !pools.reusesTypeNames {
            if scope?.path.contains(where: { $0.name == name }) == true { return nil }
            if pools.nestedActionNames.contains(name) {
                if scope == nil { return nil }
            } else if allTypes.contains(where: { $0.name == name }) {
                return nil
            }
        }
        // A case and a nested type with the same name: keep clear (our case names are mostly lowercase).
        if let scope, scope.cases.contains(where: { $0.name == name }) { return nil }
        // A case inside `scope` may already name a generic parameter `name` of a type around it, which the new
        // member type would hide there.
        if let scope, scope.path.contains(where: { $0.genericParameters.contains(name) }),
           allTypes.contains(where: { type in
               func writtenInside(_ carrier: AdversarialType?) -> Bool { carrier?.path.contains { $0 === scope } == true }
               return (writtenInside(type.carrier) && type.boundArguments.contains(name))
                   || (writtenInside(type.scopeCarrier) && type.scopeArguments.contains(name))
           }) { return nil }
        // Caseless enums whose name ends in Action/Event are action enums with no cases: legal, but noise.
        if kind == .namespaceEnum, name.hasSuffix("Action") || name.hasSuffix("Event") { return nil }
        let type = AdversarialType(name: name, kind: kind, parent: scope)
        if scope == nil { topLevel.append(type) }
        return type
    }

    private mutating func remove(_ type: AdversarialType) {
        // Only ever a just-made root or alias with no members and no cases.
        if type.parent == nil { topLevel.removeAll { $0 === type } }
        else { type.parent?.removeLastMember() }
    }

    private mutating func drawName(from names: [String], avoiding used: Set<String>) -> String? {
        let free = names.filter { !used.contains($0) }
        return free.isEmpty ? nil : rng.pick(free)
    }

    private var topLevelNames: Set<String> { Set(topLevel.map(\.name)) }

    /// Generic children whose carrying case passes them a generic parameter in scope there.
    var childrenGivenAParameterInScope: Int {
        allTypes.filter { type in
            type.carrier.map { carrier in
                type.boundArguments.contains { argument in carrier.path.contains { $0.genericParameters.contains(argument) } }
            } ?? false
        }.count
    }

    /// The generic parameters a case of `type` may name: its own and those of the types around it, unless a
    /// member type nearer the case has the name.
    private func parametersInScope(at type: AdversarialType) -> [String] {
        type.path.flatMap(\.genericParameters).filter { lookUp($0, from: type) === genericParameter }
    }

    /// Children named from outside the generic struct around them, with its arguments.
    var childrenGivenTheirScopesArguments: Int { allTypes.filter { !$0.scopeArguments.isEmpty }.count }

    /// Children whose case names a typealias of them.
    var childrenCarriedThroughAnAlias: Int { allTypes.filter { $0.carriedThrough != nil }.count }
    var childrenCarriedThroughAnUnfollowedAlias: Int { allTypes.filter { $0.carriedThrough?.isUnfollowedAlias == true }.count }
    var childrenCarriedThroughAGenericAlias: Int { allTypes.filter { $0.carriedThrough?.genericParameters.isEmpty == false }.count }

    var allTypes: [AdversarialType] {
        var result: [AdversarialType] = []
        func visit(_ type: AdversarialType) {
            result.append(type)
            type.members.forEach(visit)
        }
        topLevel.forEach(visit)
        return result
    }

    // MARK: Names RexGen derives

    /// `Root.Event` → `RootEvent` (RexGen joins the qualified name's components); a raw identifier's words
    /// are capitalised first (`` `Sign In`.Event `` → `SignInEvent`), and a leading digit gets an underscore.
    static func joinedName(_ root: AdversarialType) -> String {
        let joined = root.path.map { type in
            guard AdversarialSpelling.isRaw(type.name) else { return type.name }
            return type.name.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map { AdversarialSpelling.upperFirst(String($0)) }.joined()
        }.joined()
        return joined.first?.isNumber == true ? "_" + joined : joined
    }

    static func camel(_ root: AdversarialType) -> String { AdversarialSpelling.lowerFirst(joinedName(root)) }

    // MARK: Name lookup, as Swift does it


    /// What an unqualified type name means at the point of a case in `scope` (an enum's body): the innermost
    /// enclosing type declaring a member of that name, else a top-level type; nil for stdlib types.
    func lookUp(_ name: String, from scope: AdversarialType?) -> AdversarialType? {
        var current: AdversarialType? = scope
        while let type = current {
            // A generic parameter comes before the type's members.
            if type.genericParameters.contains(name) { return genericParameter }
            if let member = type.members.first(where: { $0.name == name }) { return member }
            current = type.parent
        }
        return topLevel.first { $0.name == name }
    }

    /// How the app's source names `target` from inside `scope`: a qualified suffix of its path whose first
    /// component resolves there to the right type (the shortest that works, or a longer one at random).
    mutating func reference(to target: AdversarialType, from scope: AdversarialType?) -> String {
        let path = target.path
        let valid = spellings(of: target, from: scope)
        // The full path always works unless its first component is shadowed; then no spelling does, except
        // through the module name, which we do not use (rexgen does not know the module name).
        let chosen = valid.isEmpty ? path : (rng.chance(70) ? valid[0] : rng.pick(valid))
        return chosen.map { step in
            let name = AdversarialSpelling.source(step.name)
            guard step.isGenericScope, scope?.path.contains(where: { $0 === step }) != true else { return name }
            return name + "<" + target.scopeArguments.map {
                argumentSource($0, in: scope, meaningAt: target.scopeCarrier)
            }.joined(separator: ", ") + ">"
        }.joined(separator: ".")
    }

    /// The qualified suffixes of `target`'s path that name it from inside `scope`: their first component
    /// resolves there to the right type, and a generic type is in them only as the first component, from
    /// inside it (where its bare name means it with its own parameters), as the target (given arguments), or,
    /// a generic struct, anywhere from outside it (given the arguments the target's carrying case writes).
    func spellings(of target: AdversarialType, from scope: AdversarialType?) -> [[AdversarialType]] {
        let path = target.path
        var valid: [[AdversarialType]] = []
        for start in stride(from: path.count - 1, through: 0, by: -1) {
            let suffix = Array(path[start...])
            guard lookUp(suffix[0].name, from: scope) === suffix[0],
                  suffix.dropLast().enumerated().allSatisfy({ offset, step in
                      guard !step.genericParameters.isEmpty else { return true }
                      let fromInside = scope?.path.contains { $0 === step } == true
                      return fromInside ? offset == 0 : step.isGenericScope
                  })
            else { continue }
            valid.append(suffix)
        }
        return valid
    }

    /// True when every root carries a child (else it is no root) and every case can name its child (`canName`).
    func isWellFormed() -> Bool {
        if roots.contains(where: { $0.treeNodes.count == 1 }) { return false }
        for type in allTypes where type.kind == .action {
            for enumCase in type.cases {
                guard case let .child(child, _) = enumCase.payload else { continue }
                if !canName(child, from: type) { return false }
            }
        }
        return true
    }

    /// Whether a case in `parent` can name `child`: by some spelling, or through its typealias, which must be
    /// nameable there, its target where the alias is declared.
    private func canName(_ child: AdversarialType, from parent: AdversarialType) -> Bool {
        guard let alias = child.carriedThrough else { return !spellings(of: child, from: parent).isEmpty }
        return !spellings(of: alias, from: parent).isEmpty && !spellings(of: child, from: alias.parent).isEmpty
    }
}

private extension AdversarialType {
    func removeLastMember() { _ = members.popLast() }

    /// This enum and every action enum below it through cases.
    var treeNodes: [AdversarialType] {
        var result: [AdversarialType] = [self]
        for enumCase in cases {
            if case let .child(child, _) = enumCase.payload { result += child.treeNodes }
        }
        return result
    }
}

// MARK: - Rendering

extension AdversarialProgram {
    /// The module the app is compiled as; usage files qualify the app's types with it.
    static let moduleName = "AdversarialApp"

    /// The app's source files (relative path → text) and the trees for the usage files.
    mutating func render() -> (files: [String: String], trees: [AdversarialUsage.Tree], generics: [AdversarialUsage.Node],
                                userState: String?) {
        var files: [String: String] = [:]
        let shadows = topLevel.filter { $0.kind == .shadowStruct }
        if !shadows.isEmpty {
            files["App/Shadows.swift"] = "// User types named like what generated code names.\n"
                + shadows.map { "struct \(AdversarialSpelling.source($0.name)) {}\n" }.joined()
        }
        let others = topLevel.filter { $0.kind != .shadowStruct }
        for (index, type) in others.enumerated() {
            let file = "App/Types\(index % 3).swift"
            files[file, default: ""] += render(type, indent: "") + "\n"
        }
        let trees = roots.map(usageTree)
        let userState = shadows.contains { $0.name == "State" } ? "\(Self.moduleName).State" : nil
        let generics = allTypes.filter { $0.kind == .genericAction }.map(usageNode)
        return (files, trees, generics, userState)
    }

    private mutating func render(_ type: AdversarialType, indent: String) -> String {
        if type.kind == .alias, let target = type.aliasTarget {
            let name = AdversarialSpelling.source(type.name)
            guard !type.genericParameters.isEmpty else {
                return "\(indent)typealias \(name) = \(childReference(to: target, from: type.parent))\n"
            }
            let parameters = "<" + type.genericParameters.joined(separator: ", ") + ">"
            return "\(indent)typealias \(name)\(parameters) = \(reference(to: target, from: type.parent))\(parameters)\n"
        }
        var text = ""
        if type.kind == .action || type.kind == .genericAction, !type.name.hasSuffix("Action"), !type.name.hasSuffix("Event") {
            text += "\(indent)// rexgen: action\n"
        }
        let keyword = type.isEnum ? "enum" : "struct"
        let generics = type.genericParameters.isEmpty ? "" : "<" + type.genericParameters.joined(separator: ", ") + ">"
        text += "\(indent)\(keyword) \(AdversarialSpelling.source(type.name))\(generics) {\n"
        for enumCase in type.cases {
            text += "\(indent)    case \(AdversarialSpelling.source(enumCase.name))\(renderPayload(enumCase.payload, in: type))\n"
        }
        for member in type.members {
            text += render(member, indent: indent + "    ")
        }
        return text + "\(indent)}\n"
    }

    private mutating func renderPayload(_ payload: AdversarialCase.Payload, in scope: AdversarialType) -> String {
        switch payload {
        case .none:
            return ""
        case let .child(child, label):
            let named: String
            if let alias = child.carriedThrough {
                named = reference(to: alias, from: scope) + (alias.genericParameters.isEmpty ? ""
                    : "<" + child.boundArguments.map { argumentSource($0, in: scope) }.joined(separator: ", ") + ">")
            } else {
                named = childReference(to: child, from: scope)
            }
            return "(" + (label.map { "\(AdversarialSpelling.source($0)): " } ?? "") + named + ")"
        case let .values(values):
            let parts = values.map { value in
                (value.label.map { "\($0): " } ?? "") + valueTypeSource(value.type, in: scope)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case let .parameters(payloads):
            // A dictionary's key must be Hashable: the standard library's `String`, whatever the app names so.
            let string = lookUp("String", from: scope) == nil ? "String" : "Swift.String"
            let parts = payloads.map { payload in
                (payload.label.map { "\($0): " } ?? "")
                    + payload.form.spelled(scope.genericParameters[payload.parameter], string: string)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        }
    }

    /// A child as a case or typealias in `scope` names it, with the arguments its case gives it.
    private mutating func childReference(to child: AdversarialType, from scope: AdversarialType?) -> String {
        let reference = reference(to: child, from: scope)
        guard !child.boundArguments.isEmpty else { return reference }
        return reference + "<" + child.boundArguments.map {
            argumentSource($0, in: scope, meaningAt: child.carrier)
        }.joined(separator: ", ") + ">"
    }

    /// A generic argument as a case in `scope` writes it: a parameter in scope by its name, else a value type.
    /// - Parameter carrier: where the argument's meaning is read, the case that carries the child (a typealias
    ///   in another scope writes it so that it means the same there; the module's name is the last resort).
    private func argumentSource(_ argument: String, in scope: AdversarialType?, meaningAt carrier: AdversarialType? = nil) -> String {
        if scope?.path.contains(where: { $0.genericParameters.contains(argument) }) == true { return argument }
        guard let carrier, carrier !== scope else { return valueTypeSource(argument, in: scope) }
        let meant = lookUp(argument, from: carrier).flatMap { $0.kind == .shadowStruct ? $0 : nil }
        let found = lookUp(argument, from: scope)
        if let meant { return found === meant ? argument : "\(Self.moduleName).\(argument)" }
        return found == nil ? argument : "Swift.\(argument)"
    }

    /// `Int` as written in the app: plain, unless an action enum or namespace named `Int` is in scope.
    private func valueTypeSource(_ name: String, in scope: AdversarialType?) -> String {
        guard let found = lookUp(name, from: scope) else { return name }
        return found.kind == .shadowStruct ? name : "Swift.\(name)"
    }

    /// What the payload type means, spelled for the usage files.
    private func valueTypeUsage(_ name: String, in scope: AdversarialType) -> String {
        guard let found = lookUp(name, from: scope), found.kind == .shadowStruct else { return "Swift.\(name)" }
        return Self.usageName(found)
    }

    static func usageName(_ type: AdversarialType) -> String {
        ([moduleName] + type.path.map { AdversarialSpelling.usage($0.name) }).joined(separator: ".")
    }

    /// `AdversarialApp.\`Page\`<Swift.Int>.\`Inner\``: each generic type of the path with its arguments. Seen
    /// from `scope` (a case there names `type` by its bare name, a member of a type around it), the generic
    /// struct around `type` is the one around `scope`, with the arguments `scope` has.
    private func usageType(_ type: AdversarialType, seenFrom scope: AdversarialType? = nil) -> String {
        ([Self.moduleName] + type.path.map { step in
            let arguments = step.isGenericScope ? usageScopeArguments(of: scope ?? type) : usageArguments(of: step)
            return AdversarialSpelling.usage(step.name) + (arguments.isEmpty ? "" : "<" + arguments.joined(separator: ", ") + ">")
        }).joined(separator: ".")
    }

    /// The concrete type a generic enum nothing carries is used with for its `index`-th parameter: each
    /// parameter its own, so a property typed with the wrong parameter does not compile.
    static let genericArguments = ["Swift.Int", "Swift.String", "Swift.Bool"]

    /// A generic enum's arguments in the usage files: what its carrying case gives it, else `genericArguments`.
    private func usageArguments(of type: AdversarialType) -> [String] {
        guard !type.genericParameters.isEmpty else { return [] }
        if let carrier = type.carrier { return type.boundArguments.map { usageArgument($0, writtenIn: carrier) } }
        return Array(Self.genericArguments.prefix(type.genericParameters.count))
    }

    /// What a generic argument written in a case of `carrier` means, in the usage files: the argument given to
    /// the innermost type around the case that declares a parameter of that name, or a value type. A member
    /// type declared later, nearer the case, under the parameter's name, is what the name means there.
    private func usageArgument(_ argument: String, writtenIn carrier: AdversarialType) -> String {
        guard let declaring = carrier.path.last(where: { $0.genericParameters.contains(argument) }),
              let index = declaring.genericParameters.firstIndex(of: argument) else {
            return valueTypeUsage(argument, in: carrier)
        }
        if let member = lookUp(argument, from: carrier), member !== genericParameter {
            return usageType(member, seenFrom: carrier)
        }
        return declaring.isGenericScope ? usageScopeArguments(of: carrier)[index] : usageArguments(of: declaring)[index]
    }


    /// The arguments of the generic struct around `type` in the usage files: those its carrying case writes, or
    /// its carrier's when that case is inside the struct too; `genericArguments` for an enum nothing carries.
    private func usageScopeArguments(of type: AdversarialType) -> [String] {
        guard let scope = type.genericScope else { return [] }
        guard let carrier = type.scopeCarrier else { return Array(Self.genericArguments.prefix(scope.genericParameters.count)) }
        if type.scopeArguments.isEmpty { return usageScopeArguments(of: carrier) }
        return type.scopeArguments.map { usageArgument($0, writtenIn: carrier) }
    }

    /// A generic action enum nothing carries, as the usage files use it.
    private func usageNode(_ type: AdversarialType) -> AdversarialUsage.Node {
        AdversarialUsage.Node(type: usageType(type), cases: type.cases.map { usageCase($0, in: type) }, casePath: [])
    }

    private func usageCase(_ enumCase: AdversarialCase, in node: AdversarialType) -> AdversarialUsage.Case {
        func tuple(_ labelsAndTypes: [(label: String?, type: String)]) -> String {
            if labelsAndTypes.count == 1 { return labelsAndTypes[0].type }
            return "(" + labelsAndTypes.map { ($0.label.map { "\($0): " } ?? "") + $0.type }.joined(separator: ", ") + ")"
        }
        switch enumCase.payload {
        case .none:
            return AdversarialUsage.Case(name: enumCase.name, payload: "Swift.Void")
        case let .child(child, _):
            return AdversarialUsage.Case(name: enumCase.name, payload: usageType(child))
        case let .values(values):
            return AdversarialUsage.Case(name: enumCase.name, payload: tuple(values.map { ($0.label, valueTypeUsage($0.type, in: node)) }))
        case let .parameters(payloads):
            let arguments = usageArguments(of: node)
            return AdversarialUsage.Case(name: enumCase.name, payload: tuple(payloads.map {
                ($0.label, $0.form.spelled(arguments[$0.parameter], string: "Swift.String"))
            }))
        }
    }

    private func usageTree(_ root: AdversarialType) -> AdversarialUsage.Tree {
        var nodes: [AdversarialUsage.Node] = []
        func visit(_ node: AdversarialType, casePath: [String], belowUnfollowedAlias: String?) {
            let unfollowed = node.carriedThrough?.isUnfollowedAlias == true ? AdversarialUsage.plainName(usageType(node)) : nil
            var usageNode = AdversarialUsage.Node(type: usageType(node), cases: node.cases.map { usageCase($0, in: node) },
                                                  casePath: casePath)
            usageNode.carriedThroughUnfollowedAlias = belowUnfollowedAlias ?? unfollowed
            nodes.append(usageNode)
            for enumCase in node.cases {
                if case let .child(child, _) = enumCase.payload {
                    visit(child, casePath: casePath + [enumCase.name], belowUnfollowedAlias: usageNode.carriedThroughUnfollowedAlias)
                }
            }
        }
        // A root whose every branch goes through such an alias carries no action, so it is no root.
        let children = root.cases.compactMap { enumCase -> AdversarialType? in
            if case let .child(child, _) = enumCase.payload { return child } else { return nil }
        }
        let noRoot = !children.isEmpty && children.allSatisfy { $0.carriedThrough?.isUnfollowedAlias == true }
        visit(root, casePath: [], belowUnfollowedAlias: noRoot ? children.first.map { AdversarialUsage.plainName(usageType($0)) } : nil)
        return AdversarialUsage.Tree(root: usageType(root), joinedName: Self.joinedName(root), nodes: nodes)
    }
}

// MARK: - Usage files

/// Code that uses the generated API in its generic contexts, every type written in full (`Swift.Int`,
/// `SwiftRex.Reducer`, `AdversarialApp.Root.Event`), each result annotated with the type the lift must
/// produce: a lift that compiles but means the wrong type fails here.
enum AdversarialUsage {
    struct Case {
        var name: String
        /// The payload as the property's (and case path's) value type; `Swift.Void` for none.
        var payload: String
        var hasMembers: Bool { !AdversarialSpelling.unusableCaseNames.contains(name) }
        /// `\.never` is CasePathsCore's own `Case.never` (a real member wins over the dynamic member lookup
        /// through `AllCasePaths`), with or without RexGen: no case key path reaches a case named `never`.
        var hasCaseKeyPath: Bool { hasMembers && name != "never" }
    }

    struct Node {
        /// Module-qualified.
        var type: String
        var cases: [Case]
        /// Case names from the root down to this node; empty for the root.
        var casePath: [String]
        /// The enum (as `plainName` spells it) carried through a typealias RexGen does not follow, at or above
        /// this node: it and its subtree are no branch of the tree, with a warning that names that enum.
        var carriedThroughUnfollowedAlias: String?
    }

    struct Tree {
        var root: String
        /// `RootEvent` for `Root.Event`: `RootEventConvertible`, `init?(rootEvent:)`, `liftToRootEvent`.
        var joinedName: String
        /// The root first.
        var nodes: [Node]
        /// The nodes RexGen gives no lift conformance (with a warning or note), by type: their conversions and
        /// lifts are not used.
        var liftless: Set<String> = []

        /// `rootEvent`: the label of `init?(rootEvent:)`, the property and the case path's prefix. The harness
        /// reads it from the generated protocol (`naming(from:)`), so a change in how RexGen lowercases an
        /// acronym (`IO.State`) is not mistaken for a broken lift; this is only the fallback.
        var camel: String

        init(root: String, joinedName: String, nodes: [Node]) {
            self.root = root
            self.joinedName = joinedName
            self.nodes = nodes
            camel = AdversarialSpelling.lowerFirst(joinedName)
        }

        /// This tree with the camel-case name the generated `<Joined>Convertible` protocol uses, if found.
        func naming(from liftFile: String) -> Tree {
            guard let declaration = liftFile.range(of: "protocol \(joinedName)Convertible {"),
                  let initializer = liftFile.range(of: "init?(", range: declaration.upperBound..<liftFile.endIndex),
                  let colon = liftFile[initializer.upperBound...].firstIndex(of: ":") else { return self }
            var tree = self
            tree.camel = liftFile[initializer.upperBound..<colon].replacingOccurrences(of: "`", with: "")
            return tree
        }

        /// This tree with the nodes that have no lift conformance in `generated` marked.
        func conforming(in generated: GeneratedMembers) -> Tree {
            var tree = self
            tree.liftless = Set(nodes.map(\.type).filter {
                !generated.liftConformances.contains(plainName($0) + ": " + joinedName + "Convertible")
            })
            return tree
        }

        /// The nodes the lifts are used from: the root, the deepest node, one in the middle.
        var liftNodes: [Node] {
            let lifted = nodes.filter { !liftless.contains($0.type) }
            guard let root = lifted.first else { return [] }
            var chosen = [root]
            if let deepest = lifted.max(by: { $0.casePath.count < $1.casePath.count }), deepest.casePath.count > 0 {
                chosen.append(deepest)
            }
            if let middle = lifted.first(where: { $0.casePath.count == 1 }), !chosen.contains(where: { $0.type == middle.type }) {
                chosen.append(middle)
            }
            return chosen
        }
    }

    /// Which stand-in modules a usage file is compiled against.
    enum Group: String, CaseIterable {
        /// SwiftRex, CombineRex, RxSwiftRex, ReactiveSwiftRex and CasePathsCore (release generation).
        case swiftRexAndCasePaths
        /// CasePaths 0.x and CombineFeedback 0.7.0 (release generation).
        case combineFeedbackRelease
        /// CasePaths 0.x and CombineFeedback master (master generation).
        case combineFeedbackMaster
        /// ReactiveFeedback (release generation).
        case reactiveFeedback
    }

    private static func u(_ name: String) -> String { AdversarialSpelling.usage(name) }

    /// States and dependencies shared by every usage file. `userState`, when the app declares `struct State`,
    /// is the local state the lifts are used with.
    static func sharedTypes(userState: String?) -> String {
        """
        // Usage types: named so no adversarial name can be one of them.
        struct AdvLocal { init() {} }
        struct AdvGlobal {
            var local = \(userState ?? "AdvLocal")()
            init() {}
        }
        struct AdvDeps { init() {} }
        struct AdvWorld {
            var deps = AdvDeps()
            init() {}
        }

        """
    }

    static func localState(_ userState: String?) -> String { userState ?? "AdvLocal" }

    /// Conversions and enum properties of every node, and the enum properties of the generic enums: no framework.
    static func core(_ trees: [Tree], generics: [Node] = [], generated: GeneratedMembers? = nil) -> String {
        var text = "// The generated conversions and enum properties, used with the types they must mean.\n"
        var counter = 0
        for tree in trees {
            for node in tree.nodes {
                counter += 1
                text += "func advCore\(counter)(_ node: \(node.type), _ root: \(tree.root)) {\n"
                if !tree.liftless.contains(node.type) {
                    text += "    let _: \(tree.root) = node.\(u(tree.camel))\n"
                    text += "    let _: \(node.type)? = \(node.type)(\(AdversarialSpelling.label(tree.camel)): root)\n"
                }
                text += enumProperties(of: node, generated: generated) + "}\n"
            }
        }
        for node in generics {
            counter += 1
            text += "func advCore\(counter)(_ node: \(node.type)) {\n" + enumProperties(of: node, generated: generated) + "}\n"
        }
        return text
    }

    private static func enumProperties(of node: Node, generated: GeneratedMembers?) -> String {
        var text = ""
        for enumCase in node.cases where enumCase.hasMembers {
            if generated?.valueProperties.contains(plainName(node.type) + "." + enumCase.name) ?? true {
                text += "    let _: \(enumCase.payload)? = node.\(u(enumCase.name))\n"
            }
            text += "    let _: Swift.Bool = node.\(u("is" + AdversarialSpelling.upperFirst(enumCase.name)))\n"
        }
        return text
    }

    /// What the generated files declare, named as `core` and `casePaths` compare it (`AppAction.State`,
    /// `AppAction.State.load`: no module, no backticks). RexGen leaves some members out with a warning or a
    /// note (the conformance of an enum with a case named `allCasePaths`, the value property and case path of
    /// a payload whose type it cannot write), and those are then not used.
    struct GeneratedMembers {
        var casePathable: Set<String> = []
        var valueProperties: Set<String> = []
        var casePaths: Set<String> = []
        /// `Page.Inner: RootEventConvertible`, for each lift conformance.
        var liftConformances: Set<String> = []

        init(texts: [String]) {
            var extended = ""
            for line in texts.flatMap({ $0.split(separator: "\n") }) {
                if line.hasPrefix("extension ") {
                    let type = line.dropFirst("extension ".count)
                    if let conformance = type.range(of: ": CasePathsCore.CasePathable") {
                        casePathable.insert(plainName(String(type[..<conformance.lowerBound])))
                    }
                    if let colon = type.range(of: ": "),
                       let name = type[colon.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "{" }).first,
                       name.hasSuffix("Convertible") {
                        liftConformances.insert(plainName(String(type[..<colon.lowerBound])) + ": " + name)
                    }
                    extended = type.hasSuffix(" {") && !type.contains(": ") ? plainName(String(type.dropLast(2))) : ""
                } else if !extended.isEmpty, let name = Self.propertyName(line, indent: 4) {
                    valueProperties.insert(extended + "." + name)
                } else if !extended.isEmpty, let name = Self.propertyName(line, indent: 8),
                          line.contains(": CasePathsCore.AnyCasePath<") {
                    casePaths.insert(extended + "." + name)
                }
            }
        }

        /// `did tap` for `    public var \`did tap\`: Int? {` at that indent.
        private static func propertyName(_ line: Substring, indent: Int) -> String? {
            guard line.prefix(indent).allSatisfy({ $0 == " " }), line.dropFirst(indent).first != " ",
                  let found = line.range(of: " var ") else { return nil }
            let rest = line[found.upperBound...]
            if rest.hasPrefix("`") {
                return rest.dropFirst().firstIndex(of: "`").map { String(rest[rest.index(after: rest.startIndex)..<$0]) }
            }
            return rest.firstIndex(of: ":").map { String(rest[..<$0]) }
        }
    }

    /// `AdversarialApp.\`AppAction\`.\`State\`` → `AppAction.State`; `AdversarialApp.\`Page\`<Swift.Int>.\`Inner\`` → `Page.Inner`.
    static func plainName(_ type: String) -> String {
        var name = ""
        var depth = 0
        for character in type where character != "`" {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if depth == 0 { name.append(character) }
        }
        return name.hasPrefix("AdversarialApp.") ? String(name.dropFirst("AdversarialApp.".count)) : name
    }

    /// swift-case-paths 1.x: `AllCasePaths`, `[case:]`, `is`, iteration, and a case key path down the tree.
    static func casePaths(_ trees: [Tree], generics: [Node] = [], generated: GeneratedMembers? = nil) -> String {
        var text = "import CasePathsCore\n\n"
        var counter = 0
        let conforms = { (type: String) in generated?.casePathable.contains(plainName(type)) ?? true }
        let hasCasePath = { (type: String, name: String) in
            generated?.casePaths.contains(plainName(type) + "." + name) ?? true
        }
        for tree in trees {
            let wholeTreeConforms = tree.nodes.allSatisfy { conforms($0.type) }
            for node in tree.nodes where conforms(node.type) {
                counter += 1
                text += "func advCasePaths\(counter)(_ node: \(node.type)) {\n" + casePathUses(of: node, hasCasePath: hasCasePath)
                let reachable = node.casePath.indices.allSatisfy { depth in
                    let parent = tree.nodes.first { $0.casePath == Array(node.casePath.prefix(depth)) }
                    return Case(name: node.casePath[depth], payload: "").hasCaseKeyPath
                        && parent.map { hasCasePath($0.type, node.casePath[depth]) } ?? false
                }
                if !node.casePath.isEmpty, reachable, wholeTreeConforms {
                    text += "    let _: CasePathsCore.CaseKeyPath<\(tree.root), \(node.type)> = \\.\(node.casePath.map(u).joined(separator: "."))\n"
                }
                text += "}\n"
            }
        }
        for node in generics where conforms(node.type) {
            counter += 1
            text += "func advCasePaths\(counter)(_ node: \(node.type)) {\n" + casePathUses(of: node, hasCasePath: hasCasePath) + "}\n"
        }
        return text
    }

    private static func casePathUses(of node: Node, hasCasePath: (String, String) -> Bool) -> String {
        var text = "    let _: CasePathsCore.PartialCaseKeyPath<\(node.type)> = \(node.type).allCasePaths[node]\n"
        text += "    for _ in \(node.type).allCasePaths {}\n"
        for (index, enumCase) in node.cases.enumerated() where enumCase.hasMembers && hasCasePath(node.type, enumCase.name) {
            text += "    let _: CasePathsCore.AnyCasePath<\(node.type), \(enumCase.payload)> = \(node.type).allCasePaths.\(u(enumCase.name))\n"
            guard enumCase.hasCaseKeyPath else { continue }
            text += "    let path\(index): CasePathsCore.CaseKeyPath<\(node.type), \(enumCase.payload)> = \\.\(u(enumCase.name))\n"
            text += "    let _: \(enumCase.payload)? = node[case: path\(index)]\n"
            text += "    let _: Swift.Bool = node.is(path\(index))\n"
        }
        return text
    }

    static func swiftRex(_ trees: [Tree], userState: String?) -> String {
        let local = localState(userState)
        var text = """
            import SwiftRex
            import CombineRex
            import RxSwiftRex
            import ReactiveSwiftRex

            struct AdvMiddleware<I, O, S>: SwiftRex.MiddlewareProtocol {
                typealias InputActionType = I
                typealias OutputActionType = O
                typealias StateType = S
                func handle(action: I, from dispatcher: SwiftRex.ActionSource, state: @escaping SwiftRex.GetState<S>) -> SwiftRex.IO<O> {
                    .pure()
                }
            }


            """
        var counter = 0
        for tree in trees {
            let lift = u("liftTo" + tree.joinedName)
            let root = tree.root
            for node in tree.liftNodes {
                counter += 1
                let conforming = tree.nodes.filter { !tree.liftless.contains($0.type) }
                let other = conforming[counter % conforming.count].type
                let n = node.type
                func mw(_ output: String, _ state: String) -> String { "AdvMiddleware<\(n), \(output), \(state)>" }
                func lifted(_ state: String, _ middleware: String) -> String {
                    "SwiftRex.LiftMiddleware<\(root), \(root), \(state), \(middleware)>"
                }
                func reader(_ dependencies: String, _ state: String, _ middleware: String) -> String {
                    "SwiftRex.MiddlewareReader<\(dependencies), \(lifted(state, middleware))>"
                }
                text += """
                    func advSwiftRex\(counter)(
                        reducer: SwiftRex.Reducer<\(n), \(local)>,
                        middleware: \(mw(n, local)),
                        asymmetric: \(mw(other, local)),
                        silent: \(mw("Swift.Never", local)),
                        stateless: \(mw(n, "Swift.Void")),
                        silentStateless: \(mw("Swift.Never", "Swift.Void")),
                        reader: SwiftRex.MiddlewareReader<AdvDeps, \(mw(n, local))>,
                        silentReader: SwiftRex.MiddlewareReader<AdvDeps, \(mw("Swift.Never", local))>,
                        statelessReader: SwiftRex.MiddlewareReader<AdvDeps, \(mw(n, "Swift.Void"))>,
                        combineEffect: CombineRex.EffectMiddleware<\(n), \(n), \(local), AdvDeps>,
                        rxEffect: RxSwiftRex.EffectMiddleware<\(n), \(other), \(local), AdvDeps>,
                        reactiveEffect: ReactiveSwiftRex.EffectMiddleware<\(n), Swift.Never, \(local), AdvDeps>,
                        statelessEffect: CombineRex.EffectMiddleware<\(n), \(n), Swift.Void, AdvDeps>
                    ) {
                        let _: SwiftRex.Reducer<\(root), AdvGlobal> = reducer.\(lift)(state: \\AdvGlobal.local)
                        let _: SwiftRex.Reducer<\(root), \(local)> = reducer.\(lift)()
                        let _: \(lifted("AdvGlobal", mw(n, local))) = middleware.\(lift)(state: \\AdvGlobal.local)
                        let _: \(lifted(local, mw(n, local))) = middleware.\(lift)()
                        let _: \(lifted("AdvGlobal", mw(other, local))) = asymmetric.\(lift)(state: \\AdvGlobal.local)
                        let _: \(lifted("AdvGlobal", mw("Swift.Never", local))) = silent.\(lift)(state: \\AdvGlobal.local)
                        let _: \(lifted(local, mw("Swift.Never", local))) = silent.\(lift)()
                        let _: \(lifted("AdvGlobal", mw(n, "Swift.Void"))) = stateless.\(lift)()
                        let _: \(lifted("AdvGlobal", mw("Swift.Never", "Swift.Void"))) = silentStateless.\(lift)()
                        let _: \(reader("AdvDeps", "AdvGlobal", mw(n, local))) = reader.\(lift)(state: \\AdvGlobal.local)
                        let _: \(reader("AdvWorld", "AdvGlobal", mw(n, local))) = reader.\(lift)(state: \\AdvGlobal.local, dependencies: \\AdvWorld.deps)
                        let _: \(reader("AdvDeps", local, mw(n, local))) = reader.\(lift)()
                        let _: \(reader("AdvWorld", local, mw(n, local))) = reader.\(lift)(dependencies: \\AdvWorld.deps)
                        let _: \(reader("AdvDeps", "AdvGlobal", mw("Swift.Never", local))) = silentReader.\(lift)(state: \\AdvGlobal.local)
                        let _: \(reader("AdvWorld", local, mw("Swift.Never", local))) = silentReader.\(lift)(dependencies: \\AdvWorld.deps)
                        let _: \(reader("AdvDeps", "AdvGlobal", mw(n, "Swift.Void"))) = statelessReader.\(lift)()
                        let _: \(reader("AdvWorld", "AdvGlobal", mw(n, "Swift.Void"))) = statelessReader.\(lift)(dependencies: \\AdvWorld.deps)
                        let _: CombineRex.EffectMiddleware<\(root), \(root), AdvGlobal, AdvDeps> = combineEffect.\(lift)(state: \\AdvGlobal.local)
                        let _: CombineRex.EffectMiddleware<\(root), \(root), \(local), AdvDeps> = combineEffect.\(lift)()
                        let _: RxSwiftRex.EffectMiddleware<\(root), \(root), AdvGlobal, AdvDeps> = rxEffect.\(lift)(state: \\AdvGlobal.local)
                        let _: ReactiveSwiftRex.EffectMiddleware<\(root), \(root), AdvGlobal, AdvDeps> = reactiveEffect.\(lift)(state: \\AdvGlobal.local)
                        let _: CombineRex.EffectMiddleware<\(root), \(root), AdvGlobal, AdvDeps> = statelessEffect.\(lift)()
                    }
                    func advStore\(counter)<S: SwiftRex.StoreType>(_ store: S) where S.ActionType == \(root), S.StateType == AdvGlobal {
                        let _: SwiftRex.StoreProjection<\(n), \(local)> = store.projection(for: \(n).self, state: { $0.local })
                    }


                    """
            }
        }
        return text
    }

    static func combineFeedbackRelease(_ trees: [Tree], userState: String?) -> String {
        let local = localState(userState)
        var text = "import CasePaths\nimport CombineFeedback\n\n"
        var counter = 0
        for tree in trees {
            let pullback = u("pullbackTo" + tree.joinedName)
            let casePath = u(tree.camel + "CasePath")
            let root = tree.root
            for node in tree.liftNodes {
                counter += 1
                let n = node.type
                text += """
                    func advCombineFeedback\(counter)(
                        reducer: @escaping CombineFeedback.Reducer<\(local), \(n)>,
                        feedback: CombineFeedback.Feedback<\(local), \(n)>
                    ) {
                        let _: CombineFeedback.Reducer<AdvGlobal, \(root)> = \(AdversarialProgram.moduleName).\(pullback)(reducer, state: \\AdvGlobal.local)
                        let _: CombineFeedback.Feedback<AdvGlobal, \(root)> = feedback.\(pullback)(state: \\AdvGlobal.local)
                        let path: CasePaths.CasePath<\(root), \(n)> = \(n).\(casePath)
                        let _: CombineFeedback.Reducer<AdvGlobal, \(root)> = CombineFeedback.pullback(reducer, value: \\AdvGlobal.local, event: path)
                    }


                    """
            }
        }
        return text
    }

    static func combineFeedbackMaster(_ trees: [Tree], userState: String?) -> String {
        let local = localState(userState)
        var text = "import CasePaths\nimport CombineFeedback\n\n"
        var counter = 0
        for tree in trees {
            let pullback = u("pullbackTo" + tree.joinedName)
            let casePath = u(tree.camel + "CasePath")
            let root = tree.root
            for node in tree.liftNodes {
                counter += 1
                let n = node.type
                text += """
                    func advCombineFeedback\(counter)(
                        reducer: CombineFeedback.Reducer<\(local), \(n)>,
                        feedback: CombineFeedback.Feedback<\(local), \(n), AdvDeps>,
                        store: CombineFeedback.Store<AdvGlobal, \(root)>
                    ) {
                        let _: CombineFeedback.Reducer<AdvGlobal, \(root)> = reducer.\(pullback)(state: \\AdvGlobal.local)
                        let _: CombineFeedback.Feedback<AdvGlobal, \(root), AdvDeps> = feedback.\(pullback)(state: \\AdvGlobal.local)
                        let _: CombineFeedback.Feedback<AdvGlobal, \(root), AdvWorld> = feedback.\(pullback)(state: \\AdvGlobal.local, dependency: \\AdvWorld.deps)
                        let _: CombineFeedback.Store<\(local), \(n)> = store.scoped(to: \\AdvGlobal.local, event: \(n).self)
                        let path: CasePaths.CasePath<\(root), \(n)> = \(n).\(casePath)
                        let _: CombineFeedback.Reducer<AdvGlobal, \(root)> = reducer.pullback(state: \\AdvGlobal.local, event: path)
                    }


                    """
            }
        }
        return text
    }

    static func reactiveFeedback(_ trees: [Tree], userState: String?) -> String {
        let local = localState(userState)
        var text = "import ReactiveFeedback\n\n"
        var counter = 0
        for tree in trees {
            let pullback = u("pullbackTo" + tree.joinedName)
            let root = tree.root
            for node in tree.liftNodes {
                counter += 1
                let n = node.type
                text += """
                    func advReactiveFeedback\(counter)(
                        reducer: @escaping ReactiveFeedback.Reducer<\(local), \(n)>,
                        feedback: ReactiveFeedback.FeedbackLoop<\(local), \(n)>.Feedback,
                        store: ReactiveFeedback.Store<AdvGlobal, \(root)>
                    ) {
                        let _: ReactiveFeedback.Reducer<AdvGlobal, \(root)> = \(AdversarialProgram.moduleName).\(pullback)(reducer, state: \\AdvGlobal.local)
                        let _: ReactiveFeedback.FeedbackLoop<AdvGlobal, \(root)>.Feedback = feedback.\(pullback)(state: \\AdvGlobal.local)
                        let _: ReactiveFeedback.Store<\(local), \(n)> = store.view(value: \\AdvGlobal.local, event: \(n).self)
                    }


                    """
            }
        }
        return text
    }

    /// The usage files of `group`, by file name.
    static func files(for group: Group, trees: [Tree], generics: [Node] = [], userState: String?,
                      generated: GeneratedMembers? = nil) -> [String: String] {
        var files = ["UsageTypes.swift": sharedTypes(userState: userState)]
        switch group {
        case .swiftRexAndCasePaths:
            files["UsageCore.swift"] = core(trees, generics: generics, generated: generated)
            files["UsageCasePaths.swift"] = casePaths(trees, generics: generics, generated: generated)
            files["UsageSwiftRex.swift"] = swiftRex(trees, userState: userState)
        case .combineFeedbackRelease:
            files["UsageCombineFeedback.swift"] = combineFeedbackRelease(trees, userState: userState)
        case .combineFeedbackMaster:
            files["UsageCombineFeedback.swift"] = combineFeedbackMaster(trees, userState: userState)
        case .reactiveFeedback:
            files["UsageReactiveFeedback.swift"] = reactiveFeedback(trees, userState: userState)
        }
        return files
    }
}
