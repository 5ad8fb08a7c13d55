/// A request to bring a scene's window to front (`window.focus`): someone opened its value
/// again, or focused it by id.
///
/// When one arrives, the scene has already brought its terminal to front at its place (the tmux
/// window and pane, the kitty, X11, i3 or sway window). Listen to show it in the view, or, where
/// the place is `terminal` (no interface to raise it), to ask the user with the title and bell:
///
/// ```swift
/// for await request in scene.focusRequests {
///     highlight()                                    // what the view shows
///     if request.window.place?.kind ?? .terminal == .terminal { ringTheBell() }
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
