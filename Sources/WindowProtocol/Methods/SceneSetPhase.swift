/// `scene.setPhase`: set one window's phase.
public enum SceneSetPhase: RPCMethod {
    /// The wire name.
    public static let name = "scene.setPhase"

    /// Which window and the phase it should have; anything but `background` needs a presenter.
    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// Its new phase.
        public var phase: ScenePhase
        /// Params setting window `id` to `phase`.
        public init(id: String, phase: ScenePhase) {
            self.id = id
            self.phase = phase
        }
    }

    /// The reply: the window and the aggregate it led to, so a caller needs no second query.
    public struct Result: Codable, Sendable {
        /// The window after the change.
        public var window: WindowInfo
        /// The aggregate phase after the change.
        public var aggregate: ScenePhase
        /// A reply after a phase change.
        public init(window: WindowInfo, aggregate: ScenePhase) {
            self.window = window
            self.aggregate = aggregate
        }
    }
}
