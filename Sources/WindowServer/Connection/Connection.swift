import NIOCore
import WindowCore
import WindowDispatch
import WindowProtocol

/// One client connection, as the daemon tracks it; lives on the daemon's event loop.
final class Connection: EventSubscriber {
    /// The core's name for it.
    let id: ConnectionID
    /// The NIO channel.
    let channel: any Channel
    /// Who is on the other end.
    let peer: PeerCredentials
    /// The number of the last event sent on this connection; the next one is `lastSeq + 1`.
    var lastSeq: UInt64 = 0
    /// Which events it subscribed to.
    var subscription = EventSubscription.none
    /// Whether something was written since the last flush.
    var needsFlush = false
    /// Its name in the service manager's fd store, when it is kept there.
    var storeName: String?
    /// Its line framer, for the partial line a restart hands over.
    var framer: LineFramer?
    /// What it must be told first once active.
    var restartNotice: RestartNotice?
    /// How many bytes of events it may leave unread.
    var budget: OutboundBudget
    /// Set once it was closed for not reading its events: nothing more is queued.
    var cutOff = false

    /// The first event of a connection carried across a restart.
    enum RestartNotice {
        case restarted(resync: Bool)
    }

    init(id: ConnectionID, channel: any Channel, peer: PeerCredentials, maxOutbound: Int) {
        self.id = id
        self.channel = channel
        self.peer = peer
        self.budget = OutboundBudget(limit: maxOutbound)
    }

    /// Queues a reply line (newline included), whatever its size; the daemon flushes after each batch.
    func writeReply(_ buffer: ByteBuffer) {
        needsFlush = true
        let bytes = buffer.readableBytes
        guard bytes >= OutboundBudget.trackedReplySize else {
            channel.write(buffer, promise: nil)
            return
        }
        budget.replyQueued(bytes)
        let written = channel.eventLoop.makePromise(of: Void.self)
        let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
        written.futureResult.whenComplete { _ in connection.value.budget.replyWritten(bytes) }
        channel.write(buffer, promise: written)
    }

    /// Queues an event line, unless the events this client has not read would then exceed
    /// `max_outbound_bytes`: returns `false` then, and the caller closes the connection.
    func writeEvent(_ buffer: ByteBuffer) -> Bool {
        guard !cutOff, budget.admitsEvent(of: buffer.readableBytes, queued: queuedBytes) else { return false }
        channel.write(buffer, promise: nil)
        needsFlush = true
        return true
    }

    /// The bytes the channel holds for this client, not yet written to its socket.
    var queuedBytes: Int {
        (try? channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// Sends what was queued.
    func flushIfNeeded() {
        guard needsFlush else { return }
        needsFlush = false
        channel.flush()
    }
}
