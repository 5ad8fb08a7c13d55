/// `app.transition`: move the app state machine, if the transition is valid.
public enum AppTransition: RPCMethod {
    /// The wire name.
    public static let name = "app.transition"

    /// The state to move to, in its JSON form.
    public struct Params: Codable, Sendable {
        /// The state to move to.
        public var to: AppState
        /// Params asking for a move to `to`.
        public init(to: AppState) { self.to = to }
    }

    /// The reply: both ends of the transition, as the `app.state` event reports them.
    public struct Result: Codable, Sendable {
        /// The new state.
        public var state: AppState
        /// The state before.
        public var previous: AppState
        /// A reply for the move from `previous` to `state`.
        public init(state: AppState, previous: AppState) {
            self.state = state
            self.previous = previous
        }
    }
}
