/// A window's scene phase, and the aggregate of all of them (SPEC section 1).
public enum ScenePhase: String, Sendable, Hashable, WireEnum {
    case active, inactive, background
}
