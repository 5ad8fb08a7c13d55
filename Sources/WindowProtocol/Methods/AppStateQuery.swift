/// `app.state`: the current app state.
public enum AppStateQuery: RPCMethod {
    public static let name = "app.state"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        /// The app state.
        public var state: AppState
        public init(state: AppState) { self.state = state }
    }
}
