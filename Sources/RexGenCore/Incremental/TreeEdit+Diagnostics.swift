/// The last run's diagnostics (as printed lines, in `sortedForDisplay` order) with the lift planner's
/// warnings of the old tree taken out and those of the edited tree put in, where a whole run sorts them.
enum LiftDiagnosticSwap {
    /// Nil when an old warning is not among the lines, a line's place cannot be read, or a new warning's
    /// place is another diagnostic's too (a whole run orders those by the stage that found them).
    static func swapped(in lines: [String], removing old: [Diagnostic], adding new: [Diagnostic]) -> [String]? {
        guard old != new else { return lines }
        var remaining = lines
        for diagnostic in old {
            guard let index = remaining.firstIndex(of: diagnostic.description) else { return nil }
            remaining.remove(at: index)
        }
        var placed: [(line: String, location: SourceLocation?)] = []
        for line in remaining {
            guard let location = location(of: line) else { return nil }
            placed.append((line, location))
        }
        let otherPlaces = Set(placed.compactMap(\.location))
        for diagnostic in new {
            guard let location = diagnostic.location, !otherPlaces.contains(location) else { return nil }
            // After every line without a place and every one whose place is before or at this one's.
            let index = placed.firstIndex { other in other.location.map { location < $0 } ?? false } ?? placed.count
            placed.insert((diagnostic.description, location), at: index)
        }
        return placed.map(\.line)
    }

    /// A printed diagnostic's place: `.some(nil)` for one without a file (`rexgen: warning: …`), nil when
    /// the line is not a diagnostic as `Diagnostic.description` prints it.
    static func location(of line: String) -> SourceLocation?? {
        if line.hasPrefix("rexgen: ") { return .some(nil) }
        // The place ends where the severity begins: the first `: note: `, `: warning: ` or `: error: `.
        var end: String.Index?
        var index = line.startIndex
        while end == nil, index < line.endIndex {
            let rest = line[index...]
            if rest.hasPrefix(": note: ") || rest.hasPrefix(": warning: ") || rest.hasPrefix(": error: ") { end = index }
            index = line.index(after: index)
        }
        guard let end else { return nil }
        let place = line[..<end]
        guard let columnColon = place.lastIndex(of: ":"),
              let lineColon = place[..<columnColon].lastIndex(of: ":"),
              let column = Int(place[place.index(after: columnColon)...]),
              let number = Int(place[place.index(after: lineColon)..<columnColon]) else { return nil }
        return SourceLocation(file: String(place[..<lineColon]), line: number, column: column)
    }
}
