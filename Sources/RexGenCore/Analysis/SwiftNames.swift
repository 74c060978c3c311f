/// Spelling rules for names RexGen writes into Swift code.
enum SwiftNames {
    /// Words that must be backticked to be used as a property name.
    static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "self", "Self",
        "throws", "true", "try", "_",
    ]

    /// Names no generated property may have, even backticked, without meaning something else.
    static let unusablePropertyNames: Set<String> = ["self", "Self", "Type", "Protocol", "_"]

    static func escaped(_ name: String) -> String {
        reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// `started` → `isStarted`; `état` → `isÉtat`.
    static func isPropertyName(for name: String) -> String {
        "is" + upperFirstLetter(name)
    }

    static func upperFirstLetter(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func lowerFirstLetter(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
