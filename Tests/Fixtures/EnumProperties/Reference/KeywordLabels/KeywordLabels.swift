// Keywords used as payload labels. Swift accepts them unescaped in argument lists and tuples, and warns
// ("keyword 'in' does not need to be escaped in argument list") when they are backticked there.

public enum KeywordLabelsAction {
    case search(in: String)
    case loop(for: Int, in: [Int])
    case fallback(default: Int, value: Int)
}
