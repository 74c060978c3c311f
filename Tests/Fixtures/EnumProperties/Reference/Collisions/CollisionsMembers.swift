// The user's own members, in another file than the enum: the generator must not redeclare them.

extension CollisionsAction {
    public var movie: String { "user-defined movie" }

    public var isRating: Bool { false }

    // Static members live apart from instance properties, so this one does not block `isStarted`.
    public static var isStarted: Bool { true }
}
