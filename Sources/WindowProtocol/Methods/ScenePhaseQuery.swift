/// `scene.phase`: the aggregate phase and every window's own.
public enum ScenePhaseQuery: RPCMethod {
    /// The wire name, shared with the event that reports changes of the aggregate.
    public static let name = "scene.phase"
    /// Takes no params.
    public typealias Params = NoParams

    /// The reply: the aggregate and what it was computed from.
    public struct Result: Codable, Sendable {
        /// The aggregate phase.
        public var aggregate: ScenePhase
        /// Window id → phase.
        public var windows: [String: ScenePhase]
        /// A reply with the aggregate and each window's phase.
        public init(aggregate: ScenePhase, windows: [String: ScenePhase]) {
            self.aggregate = aggregate
            self.windows = windows
        }
    }
}
