// Draws a Swift parse error, which must be reported together with the header's error.
enum UnclosedAction {
    case load(Int
}
