/// What a generic declaration's requirements say, read from their text: of `Sendable` (Swift checks a generic
/// type's `Sendable` requirements where a property names it, but not in an enum case's payload: see
/// `UncheckedSendableRequirement`), and of conformances a `@Sendable` closure would capture.
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

    /// The first requirement of `parameters` (`T: Equatable`) or `whereClause` (`T.Element: Hashable`) that
    /// needs a witness table: a conformance to anything but the marker protocols and `AnyObject`. A `@Sendable`
    /// closure in such a generic context captures the parameter's metatype, which Swift 6 warns about unless
    /// it is `SendableMetatype` (SE-0470). Same-type requirements need none.
    static func firstConformanceRequirement(_ parameters: [String], whereClause: String?) -> String? {
        let requirements = parameters + (whereClause.map { $0[...].itemsAtTopLevel } ?? [])
        let trimmed = { (text: Substring) -> Substring in
            var text = text.drop { $0 == " " }
            while text.last == " " { text = text.dropLast() }
            return text
        }
        return requirements.first { requirement in
            guard let colon = requirement.firstIndex(of: ":") else { return false }
            return requirement[requirement.index(after: colon)...].split(separator: "&").contains {
                !requirementsWithoutWitnesses.contains(trimmed($0))
            }
        }.map { String(trimmed($0[...])) }
    }

    static let requirementsWithoutWitnesses: Set<Substring> = [
        "Sendable", "Swift.Sendable", "SendableMetatype", "Swift.SendableMetatype", "AnyObject", "Swift.AnyObject",
        "BitwiseCopyable", "Swift.BitwiseCopyable", "Copyable", "~Copyable", "Escapable", "~Escapable",
    ]

    /// Whether `text` has the identifier `Sendable` (`Swift.Sendable`, `P & Sendable`).
    static func namesSendable(_ text: Substring) -> Bool {
        text.utf8.split(whereSeparator: { !$0.isIdentifierContinuation }).contains { $0.elementsEqual("Sendable".utf8) }
    }
}

extension Substring {
    /// `A: P, B == Q<C, D>` → `["A: P", " B == Q<C, D>"]`: split at the commas outside brackets and string
    /// literals (`*, message: "a, b"`).
    var itemsAtTopLevel: [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var inString = false
        var escaped = false
        for character in self {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                current.append(character)
                continue
            }
            switch character {
            case "\"": inString = true
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
