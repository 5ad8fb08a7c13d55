/// `window.close`: close a window; its presenter is dismissed and its storage destroyed.
public enum WindowClose: RPCMethod {
    public static let name = "window.close"
    public typealias Params = WindowIDParams
    public typealias Result = WindowResult
}
