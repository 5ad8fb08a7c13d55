import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// One client connection, as the daemon tracks it; lives on the daemon's event loop.
///
/// Replies and events are gathered in one buffer per connection and sent in one write at the
/// next flush: a read batch of sixteen requests costs one write, not sixteen. While the channel
/// holds nothing of this connection's, the flush is one `send(2)` on its socket, as redis
/// writes its clients' buffers; what the socket does not take goes through the channel, which
/// then keeps the order and waits for writability.
final class Connection: EventSubscriber {
    /// The core's name for it.
    let id: ConnectionID
    /// The NIO channel.
    let channel: any Channel
    /// Who is on the other end.
    let peer: PeerCredentials
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
    /// Bytes read while the daemon held requests back (``OutboundPressure``), not yet framed:
    /// handled, in order, before anything read after them.
    private(set) var heldInput: [ByteBuffer] = []
    /// Bytes of events addressed to it that wait for their change to be durable.
    private var addressedBytes = 0

    /// Replies and events queued since the last flush, in order.
    private var outbound: ByteBuffer
    /// How many of `outbound`'s bytes are large replies, exempt from the event budget.
    private var largeReplyBytes = 0
    /// Bytes handed to the channel and not yet written to the socket.
    private var bytesInChannel = 0
    /// The socket, once looked up; valid while the channel is active (closing it is on this loop).
    private var socket: Int32?

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
        outbound.readableBytes + bytesInChannel
    }

    /// The bytes of events addressed to this client and not yet written to its socket, waiting
    /// for a commit or queued: what ``OutboundPressure`` weighs. Large replies are not counted.
    var unsentEventBytes: Int {
        addressedBytes + queuedBytes - budget.replyBytesInFlight
    }

    /// An event was addressed to it; it waits for its change to be durable.
    func addressed(_ event: EncodedEvent) {
        addressedBytes += event.byteCount(seq: 0)
    }

    /// An addressed event was queued, or withdrawn with its change.
    func leftAddressed(_ event: EncodedEvent) {
        addressedBytes -= event.byteCount(seq: 0)
    }

    /// Keeps bytes read while requests are held back.
    func hold(_ buffer: ByteBuffer) {
        heldInput.append(buffer)
    }

    /// The oldest held bytes, taken out to be handled.
    func takeHeldInput() -> ByteBuffer? {
        heldInput.isEmpty ? nil : heldInput.removeFirst()
    }

    /// Reads from the socket, or stops, by the one rule: it reads while the daemon reads requests
    /// (`daemonReads`: not during a hand-off or a stop), its replies drain (back-pressure: the
    /// channel is writable) and nothing it sent is kept back (flow control).
    func updateReading(daemonReads: Bool) {
        channel.setOption(ChannelOptions.autoRead, value: daemonReads && channel.isWritable && heldInput.isEmpty)
            .whenFailure { _ in }
    }

    /// Sends what was queued: straight to the socket when the channel holds nothing else of
    /// this connection's, else (and for what the socket did not take) through the channel, and
    /// calls `written` once the channel has written that to the socket.
    func flushIfNeeded(written: @escaping (Connection) -> Void) {
        guard needsFlush else { return }
        let large = largeReplyBytes
        largeReplyBytes = 0
        if bytesInChannel == 0, large == 0, sendDirectly() { return }
        let bytes = outbound.readableBytes
        bytesInChannel += bytes
        let promise = channel.eventLoop.makePromise(of: Void.self)
        let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
        let whenWritten = NIOLoopBound(written, eventLoop: channel.eventLoop)
        promise.futureResult.whenComplete { _ in
            connection.value.bytesInChannel -= bytes
            if large > 0 { connection.value.budget.replyWritten(large) }
            whenWritten.value(connection.value)
        }
        channel.writeAndFlush(outbound, promise: promise)
        emptyOutbound()
    }

    /// Empties `outbound` for the next batch; a big one is let go rather than kept.
    private func emptyOutbound() {
        if outbound.capacity > Self.keptCapacity {
            outbound = channel.allocator.buffer(capacity: 0)
        } else {
            outbound.clear()
        }
    }

    /// One non-blocking `send(2)` of `outbound`; `true` when the socket took all of it, else
    /// what it took is dropped from `outbound` and the rest is left for the channel.
    private func sendDirectly() -> Bool {
        guard channel.isActive, let socket = socket ?? lookUpSocket() else { return false }
        let sent = outbound.withUnsafeReadableBytes {
            send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        guard sent > 0 else { return false }
        guard sent == outbound.readableBytes else {
            outbound.moveReaderIndex(forwardBy: sent)
            return false
        }
        emptyOutbound()
        return true
    }

    private func lookUpSocket() -> Int32? {
        socket = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            $0
        }
        return socket
    }

    /// The largest buffer kept between flushes.
    private static let keptCapacity = 64 * 1_024
}
