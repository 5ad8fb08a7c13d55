import WindowEngine

/// What a change asked for, made ready at the moment of the change and carried out once it is
/// durable: event lines already addressed and numbered (so a subscriber that joins in between
/// neither misses nor double-counts them), then launches and phase reactions.
struct PendingEffects {
    /// Events in the order they were numbered, each for one connection with its number there.
    var lines: [(connection: ConnectionID, seq: UInt64, event: EncodedEvent)] = []
    /// Launches and phase reactions, in order.
    var actions: [Effect] = []
    /// The daemon's own changes to persist (a request's go with its reply).
    var changes: [StateChange] = []
    /// Whether the change may have moved what the status line counts (windows, phases, state).
    var changesStatus = false

    /// Whether there is nothing to carry out.
    var isEmpty: Bool { lines.isEmpty && actions.isEmpty && !changesStatus }

    /// Gives each line the number `sent` says it goes out with.
    mutating func renumber(_ sent: (UInt64, ConnectionID) -> UInt64) {
        for index in lines.indices { lines[index].seq = sent(lines[index].seq, lines[index].connection) }
    }
}
