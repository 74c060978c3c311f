/// The case names Swift's Clang importer gives a C enum's constants, following its rules
/// (swift/lib/ClangImporter/ImportEnumInfo.cpp, checked against `swift-synthesize-interface`):
/// - the words all constants share are the candidate prefix (for a lone constant, its whole name);
/// - a leading `k` (`kModeFast`) is set aside, and the prefix is cut back to the words it shares with the
///   enum's C name, plus an `_` that follows them (`EnumName_Constant`);
/// - the prefix backs off a word while it would leave a name empty or starting with a digit;
/// - when something was stripped, the first word of the rest is lowercased (`PlayerStateIdle` → `idle`,
///   `kDirUp` → `dirUp`), except a name that is one all-capital word (`URLKindHTTP` → `HTTP`);
///   when nothing was stripped the names stay as written (`Cat`, `Nums1`, `SHAPE_CIRCLE`).
enum SwiftImportNaming {
    static func caseNames(enumName: String, constants: [String]) -> [String] {
        guard !constants.isEmpty else { return [] }
        let words = constants.map(self.words)
        var prefix = words.count == 1 ? words[0] : commonPrefix(words)
        let hasK = prefix.first == "k"
        let checked = hasK ? Array(prefix.dropFirst()) : prefix
        // A constant's word matches the type's with or without the `_` that follows it (`Tool_Saw` in `Tool`).
        let enumWords = self.words(enumName)
        var shared = 0
        while shared < checked.count, shared < enumWords.count,
              checked[shared] == enumWords[shared] || checked[shared] == enumWords[shared] + "_" {
            shared += 1
        }
        prefix = (hasK ? ["k"] : []) + checked.prefix(shared)
        while !prefix.isEmpty, words.contains(where: { rest in
            let remainder = Array(rest.dropFirst(prefix.count))
            return remainder.isEmpty || remainder[0].first!.isNumber
        }) {
            prefix.removeLast()
        }
        guard !prefix.isEmpty else { return constants }
        return words.map { lowerFirstWord(Array($0.dropFirst(prefix.count))) }
    }

    /// `kPlayerStateIdle` → `k`, `Player`, `State`, `Idle`; `URLKindHTTP` → `URL`, `Kind`, `HTTP`;
    /// `MY_ENUM_A` → `MY_`, `ENUM_`, `A` (an underscore stays with the word before it); `Nums1` is one word.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            var startsWord = false
            if let previous, !current.isEmpty {
                if previous == "_" {
                    startsWord = character != "_"
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

    private static func commonPrefix(_ lists: [[String]]) -> [String] {
        guard let first = lists.first else { return [] }
        var count = 0
        while count < first.count, lists.allSatisfy({ $0.count > count && $0[count] == first[count] }) { count += 1 }
        return Array(first.prefix(count))
    }

    private static func lowerFirstWord(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        let isOneCapitalWord = words.count == 1 && first.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
        return (isOneCapitalWord ? first : LiftNaming.lowerCamel(first)) + words.dropFirst().joined()
    }
}
