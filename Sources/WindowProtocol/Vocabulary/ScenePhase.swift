/// A window's scene phase, and the aggregate of all of them (SPEC section 1).
public enum ScenePhase: String, Sendable, Hashable, Codable, CaseIterable {
    case active, inactive, background
}
