// Shapes the @CasePathable macro's own expansion tests cover: no payload, one value, several labelled values,
// defaults, a keyword name, a generic enum, a case under #if, a deprecated case, nested enums; and shapes of
// real modules: `Self` in payloads, `@usableFromInline`, `@_spi` and `package`.

public enum AppAction: Equatable {
    case started
    case movie(MovieAction)
    case rename(name: String, greeting: String)
    case defaulted(count: Int = 1)
    case `default`
    #if os(Windows)
    case windowsOnly
    #endif
    @available(*, deprecated, message: "use rename")
    case legacy(String)
}

public enum MovieAction: Equatable {
    case list(ListAction)
    case favorite(id: Int)
}

public enum ListAction: Equatable {
    case load(page: Int)
    case loaded([String])
}

// sourcery: Prism
public enum Wrapper<Value> {
    case value(Value)
    case pair(Value, String)
}

// rexgen: prism
public indirect enum Node: Equatable {
    case leaf(Int)
    case children([Self])
    case named([String: Self])
}

// rexgen: prism
@usableFromInline
enum Token: Equatable {
    case word(String)
    case end
}

@_spi(Experimental)
public enum BetaAction: Equatable {
    case on
    case off(Int)
}

package enum FlagAction {
    case raised
}
