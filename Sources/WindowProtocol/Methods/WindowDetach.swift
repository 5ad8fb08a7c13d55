/// `window.detach`: stop presenting; the window stays, in `background`.
public enum WindowDetach: RPCMethod {
    /// The wire name.
    public static let name = "window.detach"
    /// Takes no params: a connection presents at most one window.
    public typealias Params = NoParams
    /// The window no longer presented.
    public typealias Result = WindowResult
}
