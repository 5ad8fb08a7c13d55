import WindowProtocol

/// What a daemon that restarts gracefully hands to the next one, besides the connections
/// themselves: per-connection protocol state, so that each client sees a pause and one
/// `daemon.restarted`, with `seq` going on without a gap.
struct HandOffState: Codable, Sendable {
    /// The format it was read in: 1 (JSON, from earlier binaries), or 2 and up (``HandOffCodec``).
    var version = 1
    /// A random name of this hand-off, for the logs.
    var generation: String
    /// The app state at the hand-off; the next daemon resumes in it instead of `loading`.
    var appState: AppState
    /// One record per handed-over connection.
    var connections: [ConnectionRecord]

    /// A connection's protocol state.
    struct ConnectionRecord: Codable, Sendable {
        /// Its name in the fd store (`FDNAME=`).
        var name: String
        /// The window it presents, and that window's phase.
        var presenting: String?
        var phase: ScenePhase?
        /// `nil`: not subscribed; `[]` with `all`: every event; else these names.
        var subscription: [String]?
        var subscribedToAll: Bool
        /// The number of the last event sent to it.
        var lastSeq: UInt64
        /// Bytes of a request line not yet complete.
        var partialLine: [UInt8]
        /// Where the presented window's presenter is (winctl(1), Attached terminals), so that bringing it to
        /// front still works after the restart; `nil` from binaries that did not carry it.
        var place: Place? = nil
        /// Whether the presenter is stopped (Ctrl-Z, `scene.setPhase` with `stopped`), so that
        /// `window.open` still answers `stopped` after the restart; `false` from binaries that
        /// did not carry it.
        var stopped = false

        /// The keys of format 1 (JSON), which never carried `stopped`.
        private enum CodingKeys: String, CodingKey {
            case name, presenting, phase, subscription, subscribedToAll, lastSeq, partialLine, place
        }
    }
}
