/// `window.focus`: bring a window to front (its presenter receives `window.focus`).
public enum WindowFocus: RPCMethod {
    /// The wire name; the event its presenter then receives has the same name.
    public static let name = "window.focus"
    /// The window to bring to front, by id.
    public typealias Params = WindowIDParams
    /// The window, unchanged: focusing changes no phase, the presenter reports that.
    public typealias Result = WindowResult
}
