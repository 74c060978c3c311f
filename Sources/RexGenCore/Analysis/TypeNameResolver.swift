#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Resolves a payload's type text to a selected action enum (or a property's type to a Reactor state), the
/// way Swift's name lookup would for the names that matter: nested names from the enclosing scopes outward,
/// module-qualified names, and typealiases declared in the scanned sources.
struct TypeNameResolver {
    private let nodesByName: [String: Int]
    private let aliases: [String: TypeAliasDeclaration]
    let types: TypeIndex
    /// The last name component of every node and alias: a type whose last component is none of these
    /// resolves to nothing, which most payload types (`Int`, `String`, `Bool`) are found out by at once.
    private let lastComponents: Set<Substring>
    /// Whether a type of the sources that is none of the names hides the names further out, as in Swift
    /// (`RPGState.Player` hides a top-level `Player` inside `RPGState`).
    private let otherTypesHide: Bool
    /// Another module cannot see the sources' types: for a name whose first node or typealias is the
    /// sources', the first of the references' (if any), which a reference's payload names instead.
    private let referenceNodesBehindSources: [String: Int?]
    private let referenceAliasesBehindSources: [String: TypeAliasDeclaration?]
    /// For a name that nodes of several modules declare (`--reference-module`), the first node of each
    /// module: a module's own declaration comes before those of the modules it imports, and a module-qualified
    /// name (`GridFeature.RowAction`) means that module's. Empty in most apps, whose names are one module's each.
    private let nodesByModule: [String: [String: Int]]
    /// As `nodesByModule`, for the references' typealiases.
    private let aliasesByModule: [String: [String: TypeAliasDeclaration]]
    /// Which module a reference's file is, asked only of a name in `nodesByModule`.
    let referenceModules: ReferenceModules
    /// What each file sees of the references' modules: a reference's node or typealias that a file does
    /// not see is no type its payloads name. Empty without `--reference-module`.
    let sight: FileSight
    /// The nodes, whose module and attributes `sight` is asked about (none for Reactor's states).
    let nodes: [ActionTree.Node]
    /// How many of `types`' files are sources, whose types another module does not see.
    let sourceFileCount: Int
    let readsReferences: Bool
    /// Asked which modules they import, only of a module-qualified payload (`namesAModuleNotRead`).
    let sourceFiles: [ParsedFile]

    /// - Parameter sight: `FileSight(model:referenceModules:)`, worked out once for every resolver of a run.
    init(nodes: [ActionTree.Node], model: SourceModel, referenceModules: ReferenceModules = ReferenceModules(),
         sight: FileSight = FileSight()) {
        // `while` loops over ten thousand nodes and files: in the debug build the build plugin runs,
        // `enumerated()`, `flatMap` and `map` are unspecialised generic calls.
        var names: [String] = []
        names.reserveCapacity(nodes.count)
        // Which are references' matters only where references are read (see `referenceNodesBehindSources`).
        let readsReferences = !model.referenceFiles.isEmpty
        var referenceNames: [Bool] = []
        if readsReferences { referenceNames.reserveCapacity(nodes.count) }
        var index = 0
        while index < nodes.count {
            names.append(nodes[index].declaration.qualifiedName)
            if readsReferences { referenceNames.append(nodes[index].isReference) }
            index += 1
        }
        self.init(qualifiedNames: names, isReference: readsReferences ? referenceNames : nil, model: model,
                  otherTypesHide: false, referenceModules: referenceModules, moduleOfName: { index in
                      nodes[index].isReference ? referenceModules.module(ofFile: nodes[index].declaration.location.file) : nil
                  }, nodes: nodes, sight: sight)
    }

    /// Resolves to an index into `names`, qualified names of types declared in the model.
    /// - Parameter isReference: whether each name is a reference's (nil: none is).
    /// - Parameter moduleOfName: the module of the name at an index, asked only of names declared more than once
    ///   and only with `referenceModules`.
    /// - Parameter nodes: the nodes `names` are of, if they are nodes.
    init(qualifiedNames names: [String], isReference: [Bool]? = nil, model: SourceModel, otherTypesHide: Bool,
         referenceModules: ReferenceModules = ReferenceModules(), moduleOfName: ((Int) -> String?)? = nil,
         nodes: [ActionTree.Node] = [], sight: FileSight = FileSight()) {
        self.referenceModules = referenceModules
        let moduleOfName = referenceModules.isEmpty ? nil : moduleOfName
        var byName: [String: Int] = [:]
        byName.reserveCapacity(names.count)
        var lastComponents = Set<Substring>()
        lastComponents.reserveCapacity(names.count)
        var behindSources: [String: Int?] = [:]
        var declaredTwice = Set<String>()
        var index = 0
        while index < names.count {
            let name = names[index]
            if let first = byName[name] {
                if moduleOfName != nil { declaredTwice.insert(name) }
                if let isReference, isReference[index], !isReference[first], behindSources[name] == .some(nil) {
                    behindSources[name] = index
                }
            } else {
                byName[name] = index
                lastComponents.insert(Self.lastComponent(name))
                if let isReference, !isReference[index] { behindSources[name] = .some(nil) }
            }
            index += 1
        }
        nodesByName = byName
        var byModule: [String: [String: Int]] = [:]
        if let moduleOfName, !declaredTwice.isEmpty {
            index = 0
            while index < names.count {
                if declaredTwice.contains(names[index]), let module = moduleOfName(index),
                   byModule[names[index], default: [:]][module] == nil {
                    byModule[names[index], default: [:]][module] = index
                }
                index += 1
            }
        }
        nodesByModule = byModule
        self.sight = sight
        self.nodes = nodes
        var aliases: [String: TypeAliasDeclaration] = [:]
        var aliasesBehindSources: [String: TypeAliasDeclaration?] = [:]
        var aliasDeclaredTwice = Set<String>()
        let files = model.allFiles
        index = 0
        let readsReferences = !model.referenceFiles.isEmpty
        while index < files.count {
            let isSource = index < model.files.count
            for alias in files[index].typeAliases {
                if aliases[alias.qualifiedName] == nil {
                    aliases[alias.qualifiedName] = alias
                    lastComponents.insert(Self.lastComponent(alias.qualifiedName))
                    if isSource, readsReferences { aliasesBehindSources[alias.qualifiedName] = .some(nil) }
                } else {
                    if !isSource, aliasesBehindSources[alias.qualifiedName] == .some(nil) {
                        aliasesBehindSources[alias.qualifiedName] = alias
                    }
                    if !isSource, !referenceModules.isEmpty { aliasDeclaredTwice.insert(alias.qualifiedName) }
                }
            }
            index += 1
        }
        var aliasesByModule: [String: [String: TypeAliasDeclaration]] = [:]
        index = model.files.count
        while !aliasDeclaredTwice.isEmpty, index < files.count {
            for alias in files[index].typeAliases where aliasDeclaredTwice.contains(alias.qualifiedName) {
                if let module = referenceModules.module(ofFile: alias.location.file),
                   aliasesByModule[alias.qualifiedName, default: [:]][module] == nil {
                    aliasesByModule[alias.qualifiedName, default: [:]][module] = alias
                }
            }
            index += 1
        }
        self.aliasesByModule = aliasesByModule
        self.aliases = aliases
        referenceAliasesBehindSources = aliasesBehindSources
        referenceNodesBehindSources = behindSources
        types = model.types
        sourceFileCount = model.files.count
        sourceFiles = model.files
        self.readsReferences = readsReferences
        self.lastComponents = lastComponents
        self.otherTypesHide = otherTypesHide
    }

    /// `Feature.Action` → `Action`.
    static func lastComponent(_ name: String) -> Substring {
        // `strrchr` rather than `utf8.lastIndex(of:)`, which is generic work in a debug build.
        let dot = name.withCString { start in strrchr(start, 0x2E).map { UnsafePointer($0) - start } }
        guard let dot else { return Substring(name) }
        let utf8 = name.utf8
        return name[utf8.index(utf8.startIndex, offsetBy: dot + 1)...]
    }

    /// The node a type names and the generic arguments it passes, or nil when it names no action enum.
    /// - Parameter parameters: the generic parameters declared along `contextPath` (`genericParameters(along:)`):
    ///   inside `enum Page<ListAction>`, `ListAction` is the parameter, whatever enum has that name.
    /// - Returns: also the arguments the text gives generic types the node is declared in, by their qualified
    ///   names (`Outer<Int>.SheetAction` → `["Outer": ["Int"]]`).
    /// - Parameter inReference: whether the text is a reference's, written in another module, which sees no
    ///   type of the sources.
    /// - Parameter file: the file the text is written in: a reference's module's own enums come before those
    ///   of the modules it imports.
    func resolve(_ typeText: String, from contextPath: [String], parameters: ScopeParameters? = nil,
                 inReference: Bool = false, file: String? = nil) -> Resolved? {
        var unfollowed: UnfollowedAlias?
        return resolve(typeText, from: contextPath, parameters: parameters, inReference: inReference, file: file,
                       remainingAliasHops: 8, unfollowed: &unfollowed)
    }

    /// The node a type text names, with the arguments it gives the node and the generic types around it.
    struct Resolved {
        var node: Int
        var genericArguments: [String]
        var scopeArguments: [String: [String]]
        /// The arguments are a top-level typealias's, written at file scope (see `ActionTree.Edge`).
        var argumentsReadAtFileScope = false
    }

    /// A typealias that leads to a node but that `resolve` does not follow where it is named, and that node.
    struct UnfollowedAlias {
        let alias: TypeAliasDeclaration
        let node: Int
    }

    /// Why `typeText`, which names no node, would name one but for a typealias that passes generic arguments
    /// (`Pg<Int>` for `typealias Pg<X> = Picker<X>.Event`, or such an alias declared in another type): nil
    /// when it names a node, or names none through any alias.
    func unfollowedAlias(in typeText: String, from contextPath: [String], parameters: ScopeParameters?)
        -> UnfollowedAlias? {
        var unfollowed: UnfollowedAlias?
        guard resolve(typeText, from: contextPath, parameters: parameters, inReference: false, file: nil,
                      remainingAliasHops: 8, unfollowed: &unfollowed) == nil else { return nil }
        return unfollowed
    }

    /// The generic parameters of each type along a path, outermost first (`["Outer", "Page"]` → Outer's, then
    /// Page's); nil when none of them is generic, as for most enums.
    typealias ScopeParameters = [[String]]

    /// The generic parameters along `path`; `own` are those of the type the path names, when the caller has
    /// its declaration (a top-level enum then costs no look-up).
    func genericParameters(along path: [String], own: [String]? = nil) -> ScopeParameters? {
        // Most enums are top-level and not generic: no look-up, no allocation.
        if path.count == 1, own?.isEmpty == true { return nil }
        let parameters = types.scopes(along: path, own: own).map(\.genericParameters)
        return parameters.contains { !$0.isEmpty } ? parameters : nil
    }

    private func resolve(_ typeText: String, from contextPath: [String], parameters: ScopeParameters?,
                         inReference: Bool, file: String?, remainingAliasHops: Int, unfollowed: inout UnfollowedAlias?)
        -> Resolved? {
        let seesEverything = !inReference || (referenceNodesBehindSources.isEmpty && referenceAliasesBehindSources.isEmpty)
        guard let (components, arguments, argumentsByComponent) = Self.split(typeText),
              let last = components.last, lastComponents.contains(Substring(last)) else { return nil }
        // The name as written, then (module-qualified?) without a first component that names no known type.
        // `Swift.String` is the standard library's, never a type of the sources named `String`; in another
        // module, `Event.RowAction` names module Event's even where the sources declare a type `Event`.
        let dropsModule = components.count > 1 && components[0] != "Swift"
            && (types[components[0]] == nil || inReference && types.isDeclaredOnly(inFirst: sourceFileCount, components[0]))
        var candidate = 0
        while candidate < (dropsModule ? 2 : 1) {
            // `GridFeature.ItemAction` with `GridFeature` a module RexGen does not read is none of the nodes,
            // whatever the sources or the references declare.
            if candidate == 1, !referenceModules.contains(module: Substring(components[0])),
               namesAModuleNotRead(components[0], inReference: inReference, file: file) {
                break
            }
            let written = Self.joined(components, from: candidate)
            // Innermost scope first; `while` loops and plain appends rather than `stride` and `joined`, which
            // are generic work in the debug build the build plugin runs.
            // Without its module's name (`ListFeature.MovieAction`), the name is that module's top-level one,
            // never a member of a type around the case (`Detail.MovieAction`).
            var depth = candidate == 1 ? 0 : contextPath.count
            // With `--reference-module`, a node or typealias that the module's name is dropped from must be that
            // module's: `Row.ItemAction` is no other module's `ItemAction`.
            let namedModule = candidate == 1 && !nodes.isEmpty && referenceModules.contains(module: Substring(components[0]))
                ? components[0] : nil
            while depth >= 0 {
                var name = ""
                var scope = 0
                while scope < depth {
                    name += contextPath[scope]
                    name += "."
                    scope += 1
                }
                name += written
                // A type's generic parameter hides its members and every name further out (Swift looks the
                // parameters up first); then the name is no type of the sources but whatever it is bound to.
                if let parameters, depth > 0, parameters[depth - 1].contains(components[0]) { return nil }
                // `GridFeature.RowAction` names GridFeature's; a name alone, the reference's own module's first.
                var moduleNode: Int?
                if !nodesByModule.isEmpty, let byModule = nodesByModule[name] {
                    moduleNode = inModule(byModule, named: candidate == 1 ? components[0] : nil, inReference: inReference,
                                          file: file, declaredBySources: referenceNodesBehindSources[name] != nil) {
                        (nodes[$0].declaration.location.file, nodes[$0].declaration.attributes)
                    }
                }
                if let node = moduleNode
                    ?? (seesEverything ? nodesByName[name] : referenceNodesBehindSources[name] ?? nodesByName[name]),
                   !isHidden(node: node, from: file),
                   depth > 0 ? !isAnotherModulesMember(node, name: name, written: written, inReference: inReference, file: file)
                    : candidate == 1 || nodes.isEmpty || !isHiddenByOwnModulesType(
                        declaredIn: nodes[node].declaration.location.file, isReference: nodes[node].isReference,
                        typeName: components[0], inReference: inReference, file: file),
                   candidate == 0 || nodes.isEmpty || isMeant(declaredIn: nodes[node].declaration.location.file,
                                                               isReference: nodes[node].isReference, namedModule: namedModule) {
                    return Resolved(node: node, genericArguments: arguments, scopeArguments: argumentsByComponent.isEmpty ? [:]
                        : Self.scopeArguments(argumentsByComponent, of: components, from: candidate,
                                              after: contextPath.prefix(depth)))
                }
                var moduleAlias: TypeAliasDeclaration?
                if !aliasesByModule.isEmpty, let byModule = aliasesByModule[name] {
                    moduleAlias = inModule(byModule, named: candidate == 1 ? components[0] : nil, inReference: inReference,
                                           file: file, declaredBySources: referenceAliasesBehindSources[name] != nil) {
                        ($0.location.file, $0.spiAttributes)
                    }
                }
                if let alias = moduleAlias
                    ?? (seesEverything ? aliases[name] : referenceAliasesBehindSources[name] ?? aliases[name]),
                   remainingAliasHops > 0, !isHidden(alias: alias, from: file)
                    && !(depth > 0 && readsReferences && referenceAliasesBehindSources[name] == nil
                         && sourcesDeclare(scopeOf: name, written))
                    && !(depth == 0 && candidate == 0 && !nodes.isEmpty && isHiddenByOwnModulesType(
                        declaredIn: alias.location.file, isReference: readsReferences && referenceAliasesBehindSources[name] == nil,
                        typeName: components[0], inReference: inReference, file: file)),
                   candidate == 0 || nodes.isEmpty || isMeant(declaredIn: alias.location.file,
                                                               isReference: readsReferences && referenceAliasesBehindSources[name] == nil,
                                                               namedModule: namedModule) {
                    let aliasContext = Array(alias.qualifiedName.split(separator: ".").dropLast().map(String.init))
                    // The target reads as the alias's module reads it (`typealias Child = CounterEvent` means its
                    // own module's `CounterEvent`), wherever the alias is named from.
                    let aliasInReference = inReference || readsReferences && referenceAliasesBehindSources[name] == nil
                    guard var found = resolve(alias.targetText, from: aliasContext,
                                              parameters: genericParameters(along: aliasContext), inReference: aliasInReference,
                                              file: aliasInReference ? alias.location.file : file,
                                              remainingAliasHops: remainingAliasHops - 1, unfollowed: &unfollowed)
                    else { return nil }
                    // The target's arguments are written where the alias is: followed only for an alias at top
                    // level (its arguments read at file scope, as a conformance states them) or in that enum
                    // (they read as the payload's do), given no arguments of its own or of a type around it
                    // (`Pg<Int>` for `Pg<X> = Page<X>`).
                    if found.genericArguments.isEmpty, found.scopeArguments.isEmpty { return found }
                    guard arguments.isEmpty, argumentsByComponent.isEmpty,
                          aliasContext.isEmpty || aliasContext == contextPath else {
                        unfollowed = UnfollowedAlias(alias: alias, node: found.node)
                        return nil
                    }
                    if aliasContext.isEmpty { found.argumentsReadAtFileScope = true }
                    return found
                }
                if otherTypesHide, types[name] != nil { return nil }
                depth -= 1
            }
            candidate += 1
        }
        return nil
    }

    /// The arguments written for the types along `components` (from `start`, found inside `scope`), by the
    /// qualified names of those types.
    private static func scopeArguments(_ byComponent: [Int: [String]], of components: [String], from start: Int,
                                       after scope: ArraySlice<String>) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (index, arguments) in byComponent where index >= start {
            result[(scope + components[start...index]).joined(separator: ".")] = arguments
        }
        return result
    }

    private static func joined(_ components: [String], from start: Int) -> String {
        if components.count == start + 1 { return components[start] }
        var name = components[start]
        var index = start + 1
        while index < components.count {
            name += "."
            name += components[index]
            index += 1
        }
        return name
    }
}
