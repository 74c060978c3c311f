/// Names standing in for generic arguments that are already written as the lift file means them, while the
/// text around them is read as another module reads it (`ForeignNames.rewritten`), then put back: the
/// sources' `Movie`, passed on from `ListAction<Movie>` to the `RowAction<Item>` that `ListFeature` writes,
/// is not `ListFeature`'s `Movie`. Each is an identifier no module declares.
struct ArgumentPlaceholders {
    private var arguments: [String] = []

    /// A placeholder for each of `arguments`.
    mutating func standIns(for arguments: [String]) -> [String] {
        arguments.map { argument in
            self.arguments.append(argument)
            return Self.name(self.arguments.count - 1)
        }
    }

    /// `text` with each placeholder replaced by its argument.
    func filledIn(_ text: String) -> String {
        guard !arguments.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.indices.first(where: { rest[$0...].hasPrefix(Self.prefix) }) {
            let digits = rest[start...].dropFirst(Self.prefix.count).prefix(while: \.isNumber)
            guard let index = Int(digits), arguments.indices.contains(index),
                  rest[digits.endIndex...].hasPrefix("__") else { break }
            result += rest[..<start]
            result += arguments[index]
            rest = rest[rest.index(digits.endIndex, offsetBy: 2)...]
        }
        return result + rest
    }

    /// Whether `name` is a placeholder.
    static func isPlaceholder(_ name: Substring) -> Bool { name.hasPrefix(prefix) }

    private static let prefix = "__rexgenArgument"
    private static func name(_ index: Int) -> String { prefix + String(index) + "__" }
}
