import NIOCore
import WindowCore
import WindowDispatch
import WindowProtocol

/// One client connection, as the daemon tracks it; lives on the daemon's event loop.
///
/// Replies and events are gathered in one buffer per connection and handed to the channel in
/// one write at the next flush: a read batch of sixteen requests costs one write, not sixteen.
final class Connection: EventSubscriber {
    /// The core's name for it.
    let id: ConnectionID
    /// The NIO channel.
    let channel: any Channel
    /// Who is on the other end.
    let peer: PeerCredentials
    /// The number of the last event sent on this connection; the next one is `lastSeq + 1`.
    var lastSeq: UInt64 = 0
    /// Which events it subscribed to; set through ``ConnectionTable/subscribe(_:to:)``, which
    /// keeps the list of subscribers.
    var subscription = EventSubscription.none
    /// Its name in the service manager's fd store, when it is kept there.
    var storeName: String?
    /// Its line framer, which keeps the partial line a restart hands over.
    let framer: LineFramer
    /// What it must be told first once active.
    var restartNotice: RestartNotice?
    /// How many bytes of events it may leave unread.
    private(set) var budget: OutboundBudget
    /// Set once it was closed for not reading its events: nothing more is queued.
    var cutOff = false

    /// Replies and events queued since the last flush, in order.
    private var outbound: ByteBuffer
    /// How many of `outbound`'s bytes are large replies, exempt from the event budget.
    private var largeReplyBytes = 0

    /// The first event of a connection carried across a restart.
    enum RestartNotice {
        case restarted(resync: Bool)
    }

    init(id: ConnectionID, channel: any Channel, peer: PeerCredentials, maxMessage: Int, maxOutbound: Int) {
        self.id = id
        self.channel = channel
        self.peer = peer
        self.framer = LineFramer(maximum: maxMessage)
        self.budget = OutboundBudget(limit: maxOutbound)
        self.outbound = channel.allocator.buffer(capacity: 0)
    }

    /// Whether something was queued since the last flush.
    var needsFlush: Bool { outbound.readableBytes > 0 }

    /// Queues a reply line that `write` appends (newline included), whatever its size.
    func writeReply(_ write: (inout ByteBuffer) -> Void) {
        let before = outbound.readableBytes
        write(&outbound)
        let bytes = outbound.readableBytes - before
        if bytes >= OutboundBudget.trackedReplySize {
            budget.replyQueued(bytes)
            largeReplyBytes += bytes
        }
    }

    /// Queues event number `seq`, unless the events this client has not read would then exceed
    /// `max_outbound_bytes`: returns `false` then, and the caller closes the connection.
    func writeEvent(_ event: EncodedEvent, seq: UInt64) -> Bool {
        guard !cutOff, budget.admitsEvent(of: event.byteCount(seq: seq), queued: queuedBytes) else { return false }
        event.write(seq: seq, into: &outbound)
        return true
    }

    /// The bytes queued for this client and not yet written to its socket.
    var queuedBytes: Int {
        outbound.readableBytes + ((try? channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0)
    }

    /// Hands what was queued to the channel in one write, and flushes it.
    func flushIfNeeded() {
        guard needsFlush else { return }
        let large = largeReplyBytes
        largeReplyBytes = 0
        if large > 0 {
            let written = channel.eventLoop.makePromise(of: Void.self)
            let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
            written.futureResult.whenComplete { _ in connection.value.budget.replyWritten(large) }
            channel.writeAndFlush(outbound, promise: written)
        } else {
            channel.writeAndFlush(outbound, promise: nil)
        }
        // Written at once in the common case, so the storage is free again; a big one is let go.
        if outbound.capacity > Self.keptCapacity {
            outbound = channel.allocator.buffer(capacity: 0)
        } else {
            outbound.clear()
        }
    }

    /// The largest buffer kept between flushes.
    private static let keptCapacity = 64 * 1_024
}
