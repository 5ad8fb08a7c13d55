/// `scene.setPhase`: set one window's phase.
public enum SceneSetPhase: RPCMethod {
    public static let name = "scene.setPhase"

    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// Its new phase.
        public var phase: ScenePhase
        public init(id: String, phase: ScenePhase) {
            self.id = id
            self.phase = phase
        }
    }

    public struct Result: Codable, Sendable {
        /// The window after the change.
        public var window: WindowInfo
        /// The aggregate phase after the change.
        public var aggregate: ScenePhase
        public init(window: WindowInfo, aggregate: ScenePhase) {
            self.window = window
            self.aggregate = aggregate
        }
    }
}
