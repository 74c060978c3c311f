/// Spelling rules for names RexGen writes into Swift code.
package enum SwiftNames {
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

    /// Nested type names that must be backticked after a dot: `Outer.Type` is the metatype.
    static let memberTypeNamesNeedingBackticks: Set<String> = ["Type", "Protocol", "self", "Self", "init"]

    /// An argument or tuple label as generated code writes it: every keyword may be a label as it is
    /// (`.search(in:)`; escaping them warns) but `inout`, which must be backticked, as a raw identifier must.
    package static func label(_ name: String) -> String {
        name == "inout" || !isPlainIdentifier(name) ? "`\(name)`" : name
    }

    /// A name as generated code writes it where a keyword must be backticked (a property, a case in a pattern,
    /// a type): backticked when it is a keyword or a raw identifier.
    package static func escaped(_ name: String) -> String {
        reservedWords.contains(name) || !isPlainIdentifier(name) ? "`\(name)`" : name
    }

    /// False for a raw identifier (Swift 6.2's `` `1080p` ``, `` `sign in` ``), which is only a name between
    /// backticks. Non-ASCII names are judged by Unicode's identifier properties, loosely: backticks around a
    /// plain name do no harm.
    static func isPlainIdentifier(_ name: String) -> Bool {
        // Bytes through a pointer first, as in `upperFirstLetter`: three calls per case of every enum, in the
        // debug build the build plugin runs, where iterating `unicodeScalars` is generic work per scalar.
        var name = name
        let ascii: Bool? = name.withUTF8 { utf8 in
            guard let bytes = utf8.baseAddress, utf8.count > 0 else { return false }
            var index = 0
            while index < utf8.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                let lowered = byte | 0x20
                let isLetter = (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                guard isLetter || (isDigit && index > 0) else { return false }
                index += 1
            }
            return true
        }
        if let ascii { return ascii }
        var isFirst = true
        for scalar in name.unicodeScalars {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            guard isFirst ? scalar.properties.isXIDStart || scalar == "_" : scalar.properties.isXIDContinue || isDigit
            else { return false }
            isFirst = false
        }
        return true
    }

    /// `started` → `isStarted`; `état` → `isÉtat`.
    static func isPropertyName(for name: String) -> String {
        upperFirstLetter(name, prefix: "is")
    }

    package static func upperFirstLetter(_ text: String) -> String {
        upperFirstLetter(text, prefix: "")
    }

    /// Most names start with an ASCII letter: the result is built in one go, changing one byte, instead of
    /// going through `Character` (called for every case of every enum).
    private static func upperFirstLetter(_ text: String, prefix: StaticString) -> String {
        guard let first = text.utf8.first, first < 0x80 else {
            guard let first = text.first else { return prefix.description + text }
            return prefix.description + first.uppercased() + text.dropFirst()
        }
        var text = text
        return text.withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + utf8.count) { buffer in
                var offset = 0
                for byte in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) {
                    buffer[offset] = byte
                    offset += 1
                }
                for (index, byte) in utf8.enumerated() {
                    let isLowercaseASCII = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                    buffer[offset] = index == 0 && isLowercaseASCII ? byte - 32 : byte
                    offset += 1
                }
                return offset
            }
        }
    }

    package static func lowerFirstLetter(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
