// Generated members carry the enum's effective access level: its own, capped by every enclosing type's.

public enum PublicAccessAction {
    case tapped
}

open class OpenAccessScreen {
    // `open` does not apply to enums' members: the properties are `public`.
    public enum Action {
        case opened(Int)
    }
}

enum InternalAccessAction {
    case tapped
}

package enum PackageAccessAction {
    case tapped(id: Int)
}

struct InternalAccessContainer {
    // Declared `public`, but only as visible as the internal struct around it.
    public enum InnerAction {
        case tapped
    }
}

package struct PackageAccessContainer {
    public enum InnerAction {
        case tapped
    }
}

public struct PublicAccessFeature {}

public extension PublicAccessFeature {
    // Members of a `public extension` default to public.
    enum Action {
        case started(String)
    }
}

extension PublicAccessFeature {
    // A plain extension's members default to internal, whatever the extended type's level.
    enum Event {
        case stopped
    }
}

public enum PublicAccessOuter {
    public enum Middle {
        // No modifier: internal, although every enclosing type is public.
        enum InnerAction {
            case tapped
        }
    }
}
