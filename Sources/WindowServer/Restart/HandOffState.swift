import WindowProtocol

/// What a daemon that restarts gracefully hands to the next one, besides the connections
/// themselves: per-connection protocol state, so that each client sees a pause and one
/// `daemon.restarted`, with `seq` going on without a gap. Handed over as JSON.
struct HandOffState: Codable, Sendable {
    /// The format this binary writes and reads. A state of another (a binary before or after this
    /// one) is not read: the next daemon restores from the database, which holds every
    /// acknowledged change, and the connections resynchronise (windowd(8), SIGUSR2).
    static let format = 5
    /// The format it was written in.
    var version = HandOffState.format
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
        /// front still works after the restart.
        var place: Place? = nil
    }
}

extension HandOffState {
    /// The state's JSON.
    func bytes() throws -> [UInt8] {
        try JSONWriter.bytes(self)
    }

    /// The state in `bytes`; `nil` if they are not a whole state of this binary's ``format``.
    init?(bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes),
            let state = try? JSONValueDecoder().decode(HandOffState.self, from: value), state.version == Self.format
        else { return nil }
        self = state
    }
}
