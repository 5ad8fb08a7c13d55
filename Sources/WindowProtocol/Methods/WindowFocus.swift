/// `window.focus`: bring a window to front (its presenter receives `window.focus`).
public enum WindowFocus: RPCMethod {
    public static let name = "window.focus"
    public typealias Params = WindowIDParams
    public typealias Result = WindowResult
}
