/// `app.transition`: move the app state machine, if the transition is valid.
public enum AppTransition: RPCMethod {
    public static let name = "app.transition"

    public struct Params: Codable, Sendable {
        /// The state to move to.
        public var to: AppState
        public init(to: AppState) { self.to = to }
    }

    public struct Result: Codable, Sendable {
        /// The new state.
        public var state: AppState
        /// The state before.
        public var previous: AppState
        public init(state: AppState, previous: AppState) {
            self.state = state
            self.previous = previous
        }
    }
}
