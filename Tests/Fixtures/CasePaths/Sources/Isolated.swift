// Enums isolated to a global actor, by an attribute or by a protocol they conform to: `allCasePaths` is
// nonisolated, as Swift's synthesized `allCases` is, or the conformance would cross into the main actor.

@MainActor public protocol Screen {}

@MainActor
public enum ScreenAction: Equatable {
    case tap(Int)
    case close
}

public enum SheetAction: Equatable, Screen {
    case dismiss
}
