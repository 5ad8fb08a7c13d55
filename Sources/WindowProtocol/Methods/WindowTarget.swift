/// Params naming one window by id.
public struct WindowIDParams: Codable, Sendable {
    /// The window's id.
    public var id: String
    /// Params naming window `id`.
    public init(id: String) { self.id = id }
}

/// A result holding one window.
public struct WindowResult: Codable, Sendable {
    /// The window acted on.
    public var window: WindowInfo
    /// A reply holding `window`.
    public init(window: WindowInfo) { self.window = window }
}
