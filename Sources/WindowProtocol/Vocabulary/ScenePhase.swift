/// A window's scene phase, and the aggregate of all of them (windowd(8)).
public enum ScenePhase: String, Sendable, Hashable, WireEnum {
    /// SwiftUI's phases; a window without a presenter is always `background`.
    case active, inactive, background
}
