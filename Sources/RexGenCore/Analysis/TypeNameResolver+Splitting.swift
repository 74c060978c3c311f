/// Splitting a payload's type text into the names Swift looks up: its components and the generic arguments
/// given along the way.
extension TypeNameResolver {
    /// `Feature.Wrapper<Movie, Int>` → (["Feature", "Wrapper"], ["Movie", "Int"]), with the arguments given to a
    /// generic type along the way by component (`Outer<Int>.Sheet` → (["Outer", "Sheet"], [], [0: ["Int"]]));
    /// nil for anything that is not a plain (possibly generic) type name, such as optionals, tuples and
    /// function types.
    static func split(_ typeText: String)
        -> (components: [String], arguments: [String], scopeArguments: [Int: [String]])? {
        switch quickShape(typeText) {
        case .dottedName(let dots):
            // Most payloads are one plain name (`MovieAction`): no splitting at all.
            if dots == 0 { return ([typeText], [], [:]) }
            let components = typeText.split(separator: ".", omittingEmptySubsequences: false)
            guard components.allSatisfy({ !$0.isEmpty }) else { return nil }
            return (components.map(String.init), [], [:])
        case .notAName: return nil
        case .other: break
        }
        guard let pieces = Self.pieces(of: typeText) else { return nil }
        var components: [String] = []
        var arguments: [String] = []
        var scopeArguments: [Int: [String]] = [:]
        for (index, piece) in pieces.enumerated() {
            if let inner = piece.arguments {
                let given = inner.itemsAtTopLevel.map(\.trimmingSpaces)
                if index == pieces.count - 1 { arguments = given } else { scopeArguments[index] = given }
            }
            let component = piece.name.trimmingSpaces
            // Between backticks anything is a name (Swift 6.2's raw identifiers: `` `My Feature` ``).
            if component.count > 2, component.hasPrefix("`"), component.hasSuffix("`") {
                components.append(component.trimmingBackticks)
                continue
            }
            guard !component.isEmpty, component.unicodeScalars.allSatisfy({
                $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }) else { return nil }
            components.append(component)
        }
        return (components, arguments, scopeArguments)
    }

    /// What stands between two dots outside generic arguments and backticks: a name and the text of its
    /// generic arguments (`Outer<Int>` → `Outer`, `Int`).
    private struct Piece { var name: Substring; var arguments: Substring? }

    /// `Outer<Int>.Page<A.B>` → (`Outer`, `Int`), (`Page`, `A.B`); nil when the brackets do not balance or
    /// anything but spaces follows a name's arguments (`Page<A>B`, `Page<A><B>`).
    private static func pieces(of text: String) -> [Piece]? {
        var pieces: [Piece] = []
        var start = text.startIndex
        var open: String.Index?
        var close: String.Index?
        var depth = 0
        var isInBackticks = false
        var previous: Character = " "
        func finishPiece(at end: String.Index) {
            pieces.append(Piece(name: text[start..<(open ?? end)], arguments: open.map { text[text.index(after: $0)..<close!] }))
        }
        for index in text.indices {
            let character = text[index]
            defer { previous = character }
            if depth == 0, close != nil, character != " ", character != "." { return nil }
            if character == "`" { isInBackticks.toggle() }
            guard !isInBackticks, character != "`" else { continue }
            if character == "<" {
                if depth == 0 { open = index }
                depth += 1
            } else if character == ">", previous != "-" {  // not the arrow of a function type
                depth -= 1
                if depth < 0 { return nil }
                if depth == 0 { close = index }
            } else if character == ".", depth == 0 {
                finishPiece(at: index)
                start = text.index(after: index)
                open = nil
                close = nil
            }
        }
        guard depth == 0, !isInBackticks else { return nil }
        finishPiece(at: text.endIndex)
        return pieces
    }

    private enum QuickShape { case dottedName(dots: Int), notAName, other }

    /// Most payload types are plain ASCII names (`MovieAction`, `Feature.Action`) or plainly not names
    /// (`[String]`, `(Int) -> Void`): one pass over the bytes tells which, before any `Character` work.
    private static func quickShape(_ text: String) -> QuickShape {
        var isDottedName = true
        var hasForeignByte = false
        var hasAngle = false
        var dots = 0
        var text = text
        // A pointer and comparisons, not `for byte in text.utf8` and range patterns: both are generic calls
        // per byte in the debug build the build plugin runs, and every payload of every action enum is looked at.
        text.withUTF8 { utf8 in
            guard let bytes = utf8.baseAddress else { return }
            var index = 0
            while index < utf8.count {
                let byte = bytes[index]
                index += 1
                if byte < 0x80, byte.isIdentifierContinuation { continue }
                if byte == .dot {
                    dots += 1
                    continue
                }
                isDottedName = false
                if byte == .lessThan {
                    hasAngle = true
                } else if byte != .space, byte != .backtick, byte < 0x80 {
                    hasForeignByte = true
                }
            }
        }
        if isDottedName { return text.isEmpty ? .notAName : .dottedName(dots: dots) }
        // Without generic arguments the whole text must be a name, and an ASCII byte such as `[` or `(`
        // is not allowed in one.
        return hasForeignByte && !hasAngle ? .notAName : .other
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }

    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : String(self)
    }
}
