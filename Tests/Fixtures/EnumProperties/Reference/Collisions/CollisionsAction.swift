// Properties that would clash are left out with a warning at the case: overloaded base names, a case
// named like another case's `is` property, and members the user declared (see CollisionsMembers.swift).

public enum CollisionsAction {
    case foo(a: Int)
    case foo(b: String)
    case bar
    case isBar
    case movie(String)
    case rating(Int)
    case describe
    case started

    public func describe(verbose: Bool) -> String {
        verbose ? "verbose" : "short"
    }
}
