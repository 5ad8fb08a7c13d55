/// `daemon.status`: what the daemon holds and serves.
public enum DaemonStatus: RPCMethod {
    /// The wire name.
    public static let name = "daemon.status"
    /// Takes no params.
    public typealias Params = NoParams

    /// The reply: the counts and states that `winctl status` and the systemd `STATUS=` line show.
    public struct Result: Codable, Sendable {
        /// The daemon's software version (`ProtocolVersion.software`).
        public var version: String
        /// Seconds since start.
        public var uptime: Double
        /// Windows registered.
        public var windows: Int
        /// Windows with a presenter.
        public var attached: Int
        /// Connected clients.
        public var clients: Int
        /// The aggregate phase.
        public var phase: ScenePhase
        /// The app state.
        public var state: AppState
        /// A status reply as it goes on the wire.
        public init(
            version: String,
            uptime: Double,
            windows: Int,
            attached: Int,
            clients: Int,
            phase: ScenePhase,
            state: AppState
        ) {
            self.version = version
            self.uptime = uptime
            self.windows = windows
            self.attached = attached
            self.clients = clients
            self.phase = phase
            self.state = state
        }
    }
}
