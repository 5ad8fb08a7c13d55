/// What ``AppClient/openWindow(group:value:)`` did: made a window, or brought one to front.
///
/// ```swift
/// let opened = try await app.openWindow(group: "detail", value: 42)
/// print(opened.created ? "opened \(opened.window.id)" : "brought to front")
/// ```
public struct OpenedWindow: Sendable, Hashable {
    /// The window made or found.
    public var window: WindowInfo
    /// `true` when a window was made (its group's launch command started); `false` when the
    /// window for this value existed and was brought to front instead.
    public var created: Bool

    /// The result of an open that made (`created`) or found `window`.
    public init(window: WindowInfo, created: Bool) {
        self.window = window
        self.created = created
    }

    /// Whether an existing window was brought to front.
    public var broughtToFront: Bool { !created }
}
