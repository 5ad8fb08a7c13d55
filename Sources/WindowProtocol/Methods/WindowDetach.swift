/// `window.detach`: stop presenting; the window stays, in `background`.
public enum WindowDetach: RPCMethod {
    public static let name = "window.detach"
    public typealias Params = NoParams
    public typealias Result = WindowResult
}
