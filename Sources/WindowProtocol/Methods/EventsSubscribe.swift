/// `events.subscribe`: receive events, with a snapshot taken atomically with the subscription.
public enum EventsSubscribe: RPCMethod {
    public static let name = "events.subscribe"

    public struct Params: Codable, Sendable {
        /// Only these event names; all when absent.
        public var types: [String]?
        public init(types: [String]? = nil) { self.types = types }
    }

    public struct Result: Codable, Sendable {
        /// The number of the last event sent on this connection before the subscription.
        public var seq: UInt64
        /// The state the events that follow start from.
        public var snapshot: Snapshot
        public init(seq: UInt64, snapshot: Snapshot) {
            self.seq = seq
            self.snapshot = snapshot
        }
    }

    /// The app state, aggregate phase and windows at the moment of subscribing.
    public struct Snapshot: Codable, Sendable {
        public var state: AppState
        public var phase: ScenePhase
        public var windows: [WindowInfo]
        public init(state: AppState, phase: ScenePhase, windows: [WindowInfo]) {
            self.state = state
            self.phase = phase
            self.windows = windows
        }
    }
}
