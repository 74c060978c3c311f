/// A position in a source file, 1-based, as compilers and editors report it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A message for the user. Stages collect these as values; only the executable prints them.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var message: String
    /// `nil` for problems that belong to no file (a bad flag, a missing config file).
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public static func note(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// Compiler format, so Xcode and SwiftPM show it inline: `path:line:col: warning: message`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? "rexgen: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics in a stable order: by file and position, located ones after the global ones.
    public func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case (nil, nil): return lhs.offset < rhs.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (l?, r?): return l == r ? lhs.offset < rhs.offset : l < r
            }
        }.map(\.element)
    }
}
