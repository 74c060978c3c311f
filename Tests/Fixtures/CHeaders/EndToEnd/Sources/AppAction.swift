// The Swift side of the end-to-end fixture: an action enum whose cases carry C enums from Player.h.
// Carrying PlayerState, TrackKind and StreamQuality is what selects them.
public enum AppAction {
    case started
    case player(PlayerState)
    case track(kind: TrackKind)
    case quality(StreamQuality)
    case sound(SoundEvent, volume: Int)
}
