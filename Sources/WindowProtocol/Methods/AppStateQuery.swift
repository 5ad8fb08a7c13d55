/// `app.state`: the current app state.
public enum AppStateQuery: RPCMethod {
    /// The wire name, shared with the event that reports changes of the same state.
    public static let name = "app.state"
    /// Takes no params.
    public typealias Params = NoParams

    /// The reply: the state alone, in its JSON form.
    public struct Result: Codable, Sendable {
        /// The app state.
        public var state: AppState
        /// A reply holding `state`.
        public init(state: AppState) { self.state = state }
    }
}
