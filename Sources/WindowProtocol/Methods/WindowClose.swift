/// `window.close`: close a window; its presenter is dismissed and its storage destroyed.
public enum WindowClose: RPCMethod {
    /// The wire name.
    public static let name = "window.close"
    /// The window to close, by id.
    public typealias Params = WindowIDParams
    /// The window as it was closed: detached and `background`.
    public typealias Result = WindowResult
}
