/// The `@available` attributes an extension (or a declaration at file scope) must carry to name types and
/// cases declared with them: Swift does not give an extension the availability of the type it extends
/// (`extension ModernAction {}` for an `@available(iOS 16, *)` enum is an error below iOS 16), and naming a
/// deprecated or unavailable declaration is only silent in a declaration marked the same.
///
/// Each platform's introduction is the latest of those the attributes give (the declaration is no more
/// available than any of the types it names), written once, in one shorthand attribute: no platform is named
/// by two attributes, whose precedence Swift does not document. The other attributes (`deprecated`,
/// `unavailable`, `obsoleted`, a Swift version) are kept as written, without their `introduced:` argument.
public enum ExtensionAvailability {
    /// - Parameter attributes: every attribute of the declarations named (others than `@available` are
    ///   ignored), in any order.
    public static func attributes(merging attributes: [String]) -> [String] {
        var introductions: [(platform: Substring, version: Substring)] = []
        var others: [String] = []
        for attribute in attributes where attribute.hasPrefix("@available(") && attribute.hasSuffix(")") {
            let arguments = Self.arguments(of: attribute)
            guard let first = arguments.first else { continue }
            if arguments.contains(where: { $0.contains(":") || $0 == "unavailable" || $0 == "deprecated" }) || first == "*" {
                // The long form: `@available(iOS, introduced: 16, deprecated: 17)`, `@available(*, deprecated)`.
                var kept = arguments
                if Self.isPlatform(first), let index = kept.firstIndex(where: { $0.hasPrefix("introduced:") }) {
                    introduce(first, Self.value(of: kept.remove(at: index)), into: &introductions)
                }
                guard kept.count > 1 else { continue }
                let text = "@available(" + kept.joined(separator: ", ") + ")"
                if !others.contains(text) { others.append(text) }
            } else {
                // The shorthand: `@available(iOS 16, macOS 13, *)`; one naming a Swift version is kept whole.
                let items = arguments.filter { $0 != "*" }.map { $0.split(separator: " ", maxSplits: 1) }
                guard items.allSatisfy({ $0.count == 2 && isPlatform($0[0]) }) else {
                    if !others.contains(attribute) { others.append(attribute) }
                    continue
                }
                for item in items { introduce(item[0], item[1], into: &introductions) }
            }
        }
        guard !introductions.isEmpty else { return others }
        let shorthand = "@available(" + introductions.map { "\($0.platform) \($0.version)" }.joined(separator: ", ") + ", *)"
        return [shorthand] + others
    }

    /// Whether a declaration with these attributes may be unavailable where the generated code is compiled:
    /// unavailable everywhere or on a platform, obsoleted, or introduced in a language version after Swift 5
    /// (the oldest the generated code is compiled in). Swift does not let code construct such an enum case,
    /// even inside a declaration marked the same.
    public static func mayBeUnavailable(_ attributes: [String]) -> Bool {
        attributes.contains { attribute in
            guard attribute.hasPrefix("@available(") && attribute.hasSuffix(")") else { return false }
            let arguments = Self.arguments(of: attribute)
            if arguments.contains(where: { $0 == "unavailable" || $0.hasPrefix("obsoleted:") }) { return true }
            // `@available(swift 6)`, `@available(swift, introduced: 6)`.
            let words = arguments.first?.split(separator: " ") ?? []
            guard let name = words.first, name != "*", !isPlatform(name) else { return false }
            let introduced = arguments.count == 1 ? words.dropFirst().first
                : arguments.first { $0.hasPrefix("introduced:") }.map(value(of:))
            return introduced.map { isLater($0, than: "5") } ?? false
        }
    }

    /// `swift` and `_PackageDescription` name versions of a language, not platforms.
    private static func isPlatform(_ name: Substring) -> Bool {
        name != "*" && name != "swift" && name != "_PackageDescription"
    }

    private static func introduce(_ platform: Substring, _ version: Substring,
                                  into introductions: inout [(platform: Substring, version: Substring)]) {
        guard isPlatform(platform) else { return }
        if let index = introductions.firstIndex(where: { $0.platform == platform }) {
            if isLater(version, than: introductions[index].version) { introductions[index].version = version }
        } else {
            introductions.append((platform, version))
        }
    }

    /// `16.4` is later than `16` and than `16.0.1`; numbers are compared part by part.
    static func isLater(_ version: Substring, than other: Substring) -> Bool {
        let parts = { (text: Substring) in text.split(separator: ".").map { Int($0) ?? 0 } }
        var (left, right) = (parts(version), parts(other))
        let count = max(left.count, right.count)
        left += Array(repeating: 0, count: count - left.count)
        right += Array(repeating: 0, count: count - right.count)
        return right.lexicographicallyPrecedes(left)
    }

    /// `introduced: 16` → `16`.
    private static func value(of argument: Substring) -> Substring {
        argument.split(separator: ":", maxSplits: 1).last.map { $0.drop { $0 == " " } } ?? ""
    }

    /// The arguments between the parentheses, trimmed: `@available(*, message: "a, b")` → `*`,
    /// `message: "a, b"`.
    static func arguments(of attribute: String) -> [Substring] {
        attribute.dropFirst("@available(".count).dropLast().itemsAtTopLevel.map { Substring($0.trimmingSpaces) }
            .filter { !$0.isEmpty }
    }
}
