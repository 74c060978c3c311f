import Foundation

/// Everything one run needs to know, whether it came from flags, `rexgen.yml` or a plugin.
public struct GenerationOptions: Sendable, Equatable {
    /// Files and directories whose action enums get generated code.
    public var sources: [String]
    /// Files and directories read only to resolve names across modules; nothing is generated for them.
    public var references: [String]
    public var selection: SelectionRules
    /// Which lift extensions to generate.
    public var lift: LiftStyle
    /// Root action enums by name; empty means every source action enum that has no parent.
    public var roots: [String]

    public init(sources: [String], references: [String] = [], selection: SelectionRules = SelectionRules(),
                lift: LiftStyle = .swiftRex, roots: [String] = []) {
        self.sources = sources
        self.references = references
        self.selection = selection
        self.lift = lift
        self.roots = roots
    }
}

public enum LiftStyle: String, Sendable, CaseIterable {
    /// No lift output.
    case none
    /// `<Root>Convertible` and `liftTo<Root>` for SwiftRex 0.8.
    case swiftRex = "swiftrex"
}

/// How long one stage took, for `--verbose`.
public struct StageTiming: Sendable, Equatable {
    public var stage: String
    public var seconds: Double
    /// What the stage handled, such as "42 files, 1.2 MB".
    public var detail: String

    public init(stage: String, seconds: Double, detail: String = "") {
        self.stage = stage
        self.seconds = seconds
        self.detail = detail
    }
}

struct Stopwatch {
    private let start = ContinuousClock.now

    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
