/// A payload type for the property test, written token by token with random whitespace and comments
/// between the tokens where Swift allows them, and the text the reader must recover: its tokens, one
/// space wherever the source had any whitespace or comment, and never a comment's text.
indirect enum TypeShape {
    case named(String)              // Int, T
    case qualified                  // Swift.Int
    case array(TypeShape)           // [T]
    case dictionary(TypeShape)      // [String: T]
    case optional(TypeShape)        // T?
    case generic(String, [TypeShape])  // Set<Int>, Result<T, any Error>
    case tuple([TypeShape], labeled: Bool)
    case function(TypeShape, sendable: Bool)
    case existential                // any Error

    static func random(using random: inout SeededGenerator, typeNames: [String], depth: Int = 0) -> TypeShape {
        let leaves = ["Int", "String", "Bool", "Double"] + typeNames
        guard depth < 3, Int.random(in: 0..<10, using: &random) >= 4 else {
            return Int.random(in: 0..<10, using: &random) == 0 ? .qualified
                : .named(leaves[Int.random(in: 0..<leaves.count, using: &random)])
        }
        func inner() -> TypeShape { TypeShape.random(using: &random, typeNames: typeNames, depth: depth + 1) }
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return .array(inner())
        case 1: return .dictionary(inner())
        case 2: return .optional(inner())
        case 3: return .generic("Set", [.named("Int")])
        case 4: return Bool.random(using: &random) ? .generic("Result", [inner(), .existential])
            : .generic("Dictionary", [.named("String"), inner()])
        case 5: return .tuple([inner(), inner()], labeled: Bool.random(using: &random))
        case 6: return .function(inner(), sendable: Bool.random(using: &random))
        case 7: return .existential
        default: return .optional(.function(.named("Int"), sendable: false))
        }
    }

    /// A literal of this type for a payload default, when one is simple to write.
    var defaultValue: String? {
        switch self {
        case .named("Int"): "0"
        case .named("String"): "\"\""
        case .named("Bool"): "false"
        case .named("Double"): "1.5"
        case .optional: "nil"
        case .array: "[]"
        case .dictionary: "[:]"
        default: nil
        }
    }

    /// One token and whether whitespace may stand before it (`?`, `.`, generic `<` are bound to what
    /// precedes them; what follows `any` or an attribute is always one plain space).
    struct Token {
        var text: String
        var spacing: Spacing
        enum Spacing { case free, none, oneSpace }
    }

    var tokens: [Token] {
        func token(_ text: String, _ spacing: Token.Spacing = .free) -> Token { Token(text: text, spacing: spacing) }
        switch self {
        case .named(let name): return [token(name)]
        case .qualified: return [token("Swift"), token(".", .none), token("Int", .none)]
        case .array(let element): return [token("[")] + element.tokens + [token("]")]
        case .dictionary(let value): return [token("["), token("String"), token(":")] + value.tokens + [token("]")]
        case .optional(let wrapped):
            switch wrapped {
            case .function, .existential: return [token("(")] + wrapped.tokens + [token(")"), token("?", .none)]
            default: return wrapped.tokens + [token("?", .none)]
            }
        case .generic(let name, let arguments):
            var result = [token(name), token("<", .none)]
            for (index, argument) in arguments.enumerated() {
                if index > 0 { result.append(token(",")) }
                result += argument.tokens
            }
            return result + [token(">")]
        case .tuple(let elements, let labeled):
            var result = [token("(")]
            for (index, element) in elements.enumerated() {
                if index > 0 { result.append(token(",")) }
                if labeled { result += [token("e\(index)"), token(":")] }
                result += element.tokens
            }
            return result + [token(")")]
        case .function(let parameter, let sendable):
            let attribute = sendable ? [token("@"), token("Sendable", .none)] : []
            return attribute + [token("(", sendable ? .oneSpace : .free)] + parameter.tokens
                + [token(")"), token("->"), token("Void")]
        case .existential: return [token("any"), token("Error", .oneSpace)]
        }
    }

    private static let trivia = [" ", "  ", "\t", "\n            ", " /* note */ ", "/* ) -> Void, evil: */",
                                 " // line comment, ) -> Never\n            "]

    /// The text to write, the text the reader must report, and a default value if there is a simple one.
    func render(using random: inout SeededGenerator) -> (written: String, expected: String, defaultValue: String?) {
        var written = "", expected = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 {
                switch token.spacing {
                case .none: break
                case .oneSpace:
                    written += " "
                    expected += " "
                case .free:
                    if Int.random(in: 0..<10, using: &random) < 3 {
                        written += Self.trivia[Int.random(in: 0..<Self.trivia.count, using: &random)]
                        expected += " "
                    }
                }
            }
            written += token.text
            expected += token.text
        }
        return (written, expected, defaultValue)
    }
}
