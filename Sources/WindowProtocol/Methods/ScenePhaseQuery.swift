/// `scene.phase`: the aggregate phase and every window's own.
public enum ScenePhaseQuery: RPCMethod {
    public static let name = "scene.phase"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        /// The aggregate phase.
        public var aggregate: ScenePhase
        /// Window id → phase.
        public var windows: [String: ScenePhase]
        public init(aggregate: ScenePhase, windows: [String: ScenePhase]) {
            self.aggregate = aggregate
            self.windows = windows
        }
    }
}
