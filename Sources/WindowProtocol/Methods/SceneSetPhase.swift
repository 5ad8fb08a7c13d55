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
        /// `true` from a presenter about to stop (Ctrl-Z), with `background`: until it reports a
        /// phase again, `window.open` of its value says `stopped` (windowd-protocol(7),
        /// scene.setPhase). Absent (sent only when `true`) for a presenter that runs.
        public var stopped: Bool?
        /// Params setting window `id` to `phase`, its presenter `stopped` or not.
        public init(id: String, phase: ScenePhase, stopped: Bool = false) {
            self.id = id
            self.phase = phase
            self.stopped = stopped ? true : nil
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
