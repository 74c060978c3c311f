// Names that need care: keywords used as case names (backticked in source and in the generated code),
// names Swift forbids as properties, and non-ASCII identifiers.

public enum NamesAction {
    case `default`
    case `switch`(Int)
    case `is`
    case `in`(label: String)
    case `self`
    case `Type`(String)
    case `init`
    case `protocol`
    case type
    case café
    case état(String)
    case 日本語(Int)
    case ñandú, `where`
    case _private
    case __doubleUnderscore(Int)
}

// A type named like a keyword needs backticks in the `extension` line too.
public enum `Protocol` {
    public enum Action {
        case `Any`
    }
}
