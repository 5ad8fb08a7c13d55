/// `events.subscribe`: receive events, with a snapshot taken atomically with the subscription.
public enum EventsSubscribe: RPCMethod {
    /// The wire name.
    public static let name = "events.subscribe"

    /// An optional filter of event names.
    public struct Params: Codable, Sendable {
        /// Only these event names; all when absent.
        public var types: [String]?
        /// Params subscribing to `types`, or to every event subscribers receive.
        public init(types: [String]? = nil) { self.types = types }
    }

    /// The reply, written before every event numbered after its `seq`.
    public struct Result: Codable, Sendable {
        /// The number of the last event sent on this connection before the subscription.
        public var seq: UInt64
        /// The state the events that follow start from.
        public var snapshot: Snapshot
        /// A reply whose `snapshot` is the state as of event `seq`.
        public init(seq: UInt64, snapshot: Snapshot) {
            self.seq = seq
            self.snapshot = snapshot
        }
    }

    /// The app state, aggregate phase and windows at the moment of subscribing.
    public struct Snapshot: Codable, Sendable {
        /// The app state.
        public var state: AppState
        /// The aggregate phase.
        public var phase: ScenePhase
        /// Every window, oldest first.
        public var windows: [WindowInfo]
        /// A snapshot as it goes on the wire.
        public init(state: AppState, phase: ScenePhase, windows: [WindowInfo]) {
            self.state = state
            self.phase = phase
            self.windows = windows
        }
    }
}
