// Swift 6.2's raw identifiers (SE-0451): names that only backticks make names, with spaces, a leading digit or
// punctuation. Generated code writes them between backticks wherever it names them.

public enum `Sign In Action`: Equatable {
    case `did tap`(`button id`: Int)
    case `2fa`(code: String)
    case `a, b`
}

public struct `My Feature` {
    public enum Action: Equatable {
        case `go (back)`(`Sign In Action`)
        case reset
    }
}
