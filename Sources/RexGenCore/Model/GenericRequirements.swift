/// What a generic declaration's requirements say of `Sendable`, read from their text: Swift checks a generic
/// type's `Sendable` requirements where a property names it, but not in an enum case's payload (see
/// `UncheckedSendableRequirement`).
enum GenericRequirements {
    /// The names of `parameters` (`Bytes: GRPCContiguousBytes & Sendable`) and of the requirements of
    /// `whereClause` (`Bytes: Sendable`) that state `Sendable`.
    static func sendableParameters(_ parameters: [String], whereClause: String?) -> Set<Substring> {
        let requirements = parameters + (whereClause.map { $0[...].itemsAtTopLevel } ?? [])
        var names = Set<Substring>()
        for requirement in requirements {
            guard let colon = requirement.firstIndex(of: ":"), namesSendable(requirement[requirement.index(after: colon)...])
            else { continue }
            names.insert(Substring(EnumDeclaration.genericParameterName(String(requirement[..<colon]))))
        }
        return names
    }

    /// Whether `text` has the identifier `Sendable` (`Swift.Sendable`, `P & Sendable`).
    static func namesSendable(_ text: Substring) -> Bool {
        text.utf8.split(whereSeparator: { !$0.isIdentifierContinuation }).contains { $0.elementsEqual("Sendable".utf8) }
    }
}

extension Substring {
    /// `A: P, B == Q<C, D>` → `["A: P", " B == Q<C, D>"]`: split at the commas outside brackets.
    var itemsAtTopLevel: [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in self {
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
