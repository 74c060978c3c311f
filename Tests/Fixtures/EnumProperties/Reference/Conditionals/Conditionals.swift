// `#if` clauses around cases and enums are rebuilt around the generated properties, and `@available`
// on a case is copied to both of its properties. The end-to-end build defines REXGEN_E2E, so the
// `#elseif REXGEN_E2E` branches are the ones compiled there.

public enum ConditionalAction {
    case always
    #if DEBUG
    case debugOnly(String)
    #elseif REXGEN_E2E
    case e2eOnly(Int)
    #else
    case releaseOnly
    #endif
    #if os(Linux) || os(macOS)
    #if REXGEN_E2E
    case nestedCondition(Bool)
    #endif
    #endif
    #if DEBUG
    case sameName(String)
    #else
    // Mutually exclusive with the case above, so the two never collide.
    case sameName(Int)
    #endif
    @available(*, deprecated, message: "use always")
    case legacy
    @available(macOS 13, iOS 16, *)
    case modern(Int)
    @available(swift, introduced: 5.0)
    @available(*, deprecated)
    case stacked(id: Int, name: String)
}

#if REXGEN_E2E
public enum ConditionalOnlyEvent {
    case happened
}
#elseif canImport(Darwin)
public enum ConditionalOnlyEvent {
    case happenedOnDarwin
}
#endif
