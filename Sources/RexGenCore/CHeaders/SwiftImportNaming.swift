/// The case names Swift's Clang importer gives a C enum's constants, ported from its rules
/// (swift/lib/ClangImporter/ImportEnumInfo.cpp and ImportName.cpp) and checked against
/// `swift-synthesize-interface` by the tests:
/// - the candidate prefix is the words every constant starts with (for a lone constant, its whole name),
///   backing off a word where the next one would start with a digit;
/// - a leading `k` (`kModeFast`) is set aside, and the prefix is cut back to what it shares with the enum's
///   C name, where a plural name matches singular constants (`Options`/`OptionFast`,
///   `Policies`/`PolicyAllow`), plus one `_` that follows (`Tool_Hammer` in `Tool`);
/// - a constant left with nothing is not imported as a case;
/// - when a prefix was stripped, the first word of the rest is lowercased (`PlayerStateIdle` → `idle`,
///   `VidHDR10Plus` → `hdr10Plus`), unless the rest has no lowercase letter at all (`HTTP`, `SQUARE_BOX`).
enum SwiftImportNaming {
    /// The Swift case name for each constant, or nil for a constant Swift does not import as a case.
    static func caseNames(enumName: String, constants: [String]) -> [String?] {
        guard let first = constants.first else { return [] }
        var prefix = words(first)
        var followedByNonIdentifier = false
        for constant in constants.dropFirst() {
            (prefix, followedByNonIdentifier) = commonWordPrefix(prefix, words(constant))
            if prefix.isEmpty { break }
        }
        if !prefix.isEmpty {
            let hasK = prefix[0] == "k" && (prefix.count > 1 ? prefix[1].first!.isUppercase : !followedByNonIdentifier)
            let checked = hasK ? Array(prefix.dropFirst()) : prefix
            var kept = commonPluralPrefix(checked, plural: enumName)
            if kept < checked.count, checked[kept] == "_", !followedByNonIdentifier { kept += 1 }
            prefix = Array(prefix.prefix(kept + (hasK ? 1 : 0)))
        }
        let stripped = prefix.joined()
        return constants.map { constant in
            guard !stripped.isEmpty else { return constant }
            let rest = String(constant.dropFirst(stripped.count))
            return rest.isEmpty ? nil : lowercasedFirstWord(rest)
        }
    }

    /// Swift's camel-case words: `kPlayerStateIdle` → `k`, `Player`, `State`, `Idle`; `URLKindHTTP` →
    /// `URL`, `Kind`, `HTTP`; `MY_ENUM_A` → `MY`, `_`, `ENUM`, `_`, `A`; digits stay with their word
    /// (`Nums1`, `HDR10`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            var startsWord = false
            if let previous, !current.isEmpty {
                if character == "_" || previous == "_" {
                    startsWord = true
                } else if character.isUppercase {
                    // `aB` starts a word at B; in `URLKind` the word starts at the K before `ind`.
                    startsWord = previous.isLowercase || previous.isNumber
                        || (previous.isUppercase && (next?.isLowercase ?? false))
                }
            }
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The shared leading words, backing off one where the next word of either would start with a digit.
    private static func commonWordPrefix(_ a: [String], _ b: [String]) -> (prefix: [String], followedByNonIdentifier: Bool) {
        var count = 0
        while count < a.count, count < b.count, a[count] == b[count] { count += 1 }
        let startsWithDigit = { (words: [String]) in count < words.count && words[count].first!.isNumber }
        if startsWithDigit(a) || startsWithDigit(b) {
            return (Array(a.prefix(max(0, count - 1))), true)
        }
        return (Array(a.prefix(count)), false)
    }

    /// How many words of `singular` the enum name shares, where a plural name matches a singular word:
    /// Swift's `getCommonPluralPrefix`.
    private static func commonPluralPrefix(_ singular: [String], plural: String) -> Int {
        guard !singular.isEmpty, !plural.isEmpty else { return 0 }
        let common = commonWordPrefix(singular, words(plural)).prefix.count
        guard common < singular.count, plural.hasSuffix("s") else { return common }
        let leftoverWord = singular[common]
        let singularText = singular.joined()
        var rest = String(plural.dropLast())
        if rest.hasSuffix(leftoverWord) { return common + 1 }
        guard rest.hasSuffix("e") else { return common }
        rest.removeLast()
        if rest.hasSuffix(leftoverWord) { return common + 1 }
        guard rest.hasSuffix("i"), singularText.hasSuffix("y") else { return common }
        rest.removeLast()
        return rest.hasSuffix(String(leftoverWord.dropLast())) ? common + 1 : common
    }

    private static func lowercasedFirstWord(_ name: String) -> String {
        guard name.contains(where: \.isLowercase) else { return name }
        let nameWords = words(name)
        guard let first = nameWords.first else { return name }
        let isInitialism = first.allSatisfy { $0.isUppercase || $0.isNumber }
        let lowered = isInitialism ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        return lowered + nameWords.dropFirst().joined()
    }
}
