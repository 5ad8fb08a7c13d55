/// A request to bring a scene's window to front (`window.focus`): someone opened its value
/// again, or focused it by id.
///
/// ```swift
/// for await request in scene.focusRequests {
///     selectMyTmuxWindow()   // the scene decides how it comes to front
/// }
/// ```
public struct FocusRequest: Sendable, Hashable {
    /// The window to bring to front, as it is now.
    public var window: WindowInfo

    /// A request to bring `window` to front.
    public init(window: WindowInfo) {
        self.window = window
    }
}
