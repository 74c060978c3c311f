// Declared through the alias, in another file than the enum.

extension AliasCollisionsAction {
    public var loaded: String { "user-defined loaded" }

    public var isClose: Bool { false }
}
