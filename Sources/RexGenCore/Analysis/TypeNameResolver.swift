/// Resolves a payload's type text to a selected action enum, the way Swift's name lookup would for the
/// names that matter: nested names from the enclosing scopes outward, module-qualified names, and
/// typealiases declared in the scanned sources.
struct TypeNameResolver {
    private let nodesByName: [String: Int]
    private let aliases: [String: TypeAliasDeclaration]
    private let types: [String: TypeDeclaration]
    /// The last name component of every node and alias: a type whose last component is none of these
    /// resolves to nothing, which most payload types (`Int`, `String`, `Bool`) are found out by at once.
    private let lastComponents: Set<Substring>

    init(nodes: [ActionTree.Node], model: SourceModel) {
        var byName: [String: Int] = [:]
        for (index, node) in nodes.enumerated() where byName[node.declaration.qualifiedName] == nil {
            byName[node.declaration.qualifiedName] = index
        }
        nodesByName = byName
        var aliases: [String: TypeAliasDeclaration] = [:]
        for alias in model.allFiles.flatMap(\.typeAliases) where aliases[alias.qualifiedName] == nil {
            aliases[alias.qualifiedName] = alias
        }
        self.aliases = aliases
        types = model.types
        lastComponents = Set(byName.keys.map(Self.lastComponent) + aliases.keys.map(Self.lastComponent))
    }

    /// `Feature.Action` → `Action`.
    static func lastComponent(_ name: String) -> Substring {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return Substring(name) }
        return name[name.utf8.index(after: dot)...]
    }

    /// The node a type names and the generic arguments it passes, or nil when it names no action enum.
    func resolve(_ typeText: String, from contextPath: [String]) -> (node: Int, genericArguments: [String])? {
        resolve(typeText, from: contextPath, remainingAliasHops: 8)
    }

    private func resolve(_ typeText: String, from contextPath: [String],
                         remainingAliasHops: Int) -> (node: Int, genericArguments: [String])? {
        guard let (components, arguments) = Self.split(typeText),
              let last = components.last, lastComponents.contains(Substring(last)) else { return nil }
        for candidate in candidates(components) {
            for depth in stride(from: contextPath.count, through: 0, by: -1) {
                let name = (contextPath.prefix(depth) + candidate).joined(separator: ".")
                if let node = nodesByName[name] { return (node, arguments) }
                if let alias = aliases[name], remainingAliasHops > 0 {
                    let aliasContext = Array(alias.qualifiedName.split(separator: ".").dropLast().map(String.init))
                    return resolve(alias.targetText, from: aliasContext, remainingAliasHops: remainingAliasHops - 1)
                }
            }
        }
        return nil
    }

    /// `MovieFeature.MovieAction` may be module-qualified: also try it without a first component that
    /// names no known type.
    private func candidates(_ components: [String]) -> [[String]] {
        var result = [components]
        if components.count > 1, types[components[0]] == nil {
            result.append(Array(components.dropFirst()))
        }
        return result
    }

    /// `Feature.Wrapper<Movie, Int>` → (["Feature", "Wrapper"], ["Movie", "Int"]); nil for anything that
    /// is not a plain (possibly generic) type name, such as optionals, tuples and function types.
    static func split(_ typeText: String) -> (components: [String], arguments: [String])? {
        switch quickShape(typeText) {
        case .dottedName:
            let components = typeText.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard components.allSatisfy({ !$0.isEmpty }) else { return nil }
            return (components.map { String($0)! }, [])
        case .notAName: return nil
        case .other: break
        }
        let text = typeText.trimmingSpaces
        var base = Substring(text)
        var arguments: [String] = []
        if let open = text.firstIndex(of: "<") {
            guard text.hasSuffix(">") else { return nil }
            base = text[..<open]
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            arguments = splitTopLevel(inner).map(\.trimmingSpaces)
        }
        let components = base.split(separator: ".", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces.trimmingBackticks
        }
        let isName = components.allSatisfy { component in
            !component.isEmpty && component.unicodeScalars.allSatisfy {
                $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
        }
        return isName ? (components, arguments) : nil
    }

    private enum QuickShape { case dottedName, notAName, other }

    /// Most payload types are plain ASCII names (`MovieAction`, `Feature.Action`) or plainly not names
    /// (`[String]`, `(Int) -> Void`): one pass over the bytes tells which, before any `Character` work.
    private static func quickShape(_ text: String) -> QuickShape {
        var isDottedName = true
        var hasForeignByte = false
        var hasAngle = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: "<"):
                hasAngle = true
            case UInt8(ascii: " "), UInt8(ascii: "`"), 0x80...:
                break
            default:
                hasForeignByte = true
            }
            isDottedName = false
        }
        if isDottedName { return text.isEmpty ? .notAName : .dottedName }
        // Without generic arguments the whole text must be a name, and an ASCII byte such as `[` or `(`
        // is not allowed in one.
        return hasForeignByte && !hasAngle ? .notAName : .other
    }

    private static func splitTopLevel(_ text: Substring) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }

    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : String(self)
    }
}
