import NIOCore
import WindowEngine

/// The daemon's connections by id, and which of them have written since the last flush, so
/// that a read batch ends in one flush per connection that wrote. Lives on the event loop.
final class ConnectionTable {
    private var byID: [ConnectionID: Connection] = [:]
    private var subscribed: [ConnectionID: Connection] = [:]
    private var unflushed: [Connection] = []
    /// The connections being flushed; kept to reuse its storage.
    private var flushing: [Connection] = []
    /// Connections not read while their replies pile up (some with input kept unframed).
    private var paused: [Connection] = []
    /// Set while ``flush(written:)`` runs (a write it finishes at once must not flush again).
    private(set) var isFlushing = false
    private var nextID: UInt64 = 1

    /// The number of connected clients.
    var count: Int { byID.count }
    /// Every connection, in no particular order.
    var all: Dictionary<ConnectionID, Connection>.Values { byID.values }
    /// The connections that subscribed to events, in no particular order.
    var subscribers: Dictionary<ConnectionID, Connection>.Values { subscribed.values }

    /// The connection with `id`, if it is still here.
    subscript(id: ConnectionID) -> Connection? { byID[id] }

    /// A new connection with the next free id, not yet registered.
    func make(channel: any Channel, peer: PeerCredentials, maxMessage: Int) -> Connection {
        defer { nextID += 1 }
        return Connection(id: ConnectionID(nextID), channel: channel, peer: peer, maxMessage: maxMessage)
    }

    /// Registers an admitted connection.
    func insert(_ connection: Connection) {
        byID[connection.id] = connection
    }

    /// Forgets a connection; `false` if it was not here.
    func remove(_ connection: Connection) -> Bool {
        subscribed.removeValue(forKey: connection.id)
        paused.removeAll { $0 === connection }
        return byID.removeValue(forKey: connection.id) != nil
    }

    /// Sets what `connection` subscribed to.
    func subscribe(_ connection: Connection, to subscription: EventSubscription) {
        connection.subscription = subscription
        subscribed[connection.id] = subscription == .none ? nil : connection
    }

    /// Notes that `connection` is about to write, before its first write since the last flush.
    func willWrite(_ connection: Connection) {
        if !connection.needsFlush { unflushed.append(connection) }
    }

    /// Sends everything queued, on every connection that wrote — also on those written to while
    /// flushing (a flush that closes a connection makes events for others); `written` is called
    /// for each write the channel finishes later.
    func flush(written: @escaping (Connection) -> Void) {
        isFlushing = true
        defer { isFlushing = false }
        while !unflushed.isEmpty {
            swap(&unflushed, &flushing)
            for connection in flushing { connection.flushIfNeeded(written: written) }
            flushing.removeAll(keepingCapacity: true)
        }
    }

    /// Notes that `connection` is not read until its replies drain.
    func pause(_ connection: Connection) {
        if !paused.contains(where: { $0 === connection }) { paused.append(connection) }
    }

    /// Whether `connection` is paused.
    func isPaused(_ connection: Connection) -> Bool {
        !paused.isEmpty && paused.contains { $0 === connection }
    }

    /// The paused connections whose replies drained (all of them with `all`), no longer paused.
    func takeResumable(all: Bool = false) -> [Connection] {
        guard !paused.isEmpty else { return [] }
        let resumable = paused.filter { all || !$0.repliesPileUp }
        paused.removeAll { all || !$0.repliesPileUp }
        return resumable
    }
}
