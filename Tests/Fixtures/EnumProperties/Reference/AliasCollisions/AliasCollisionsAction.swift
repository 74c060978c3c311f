// A member the user declared through a typealias is still a member of the enum: the generator must see
// it, as it sees members declared under the enum's own name (Reference/Collisions).

public struct AliasCollisionsFeature {
    public enum Action {
        case load
        case loaded(Int)
        case close
    }
}

public typealias AliasCollisionsAction = AliasCollisionsFeature.Action
