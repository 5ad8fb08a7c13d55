import Glibc
import NIOCore
import WindowEngine
import WindowProtocol

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
    /// The host it is from, by the socket it came through; `nil` for this one.
    var host: String?
    /// Which events it subscribed to; set through ``ConnectionTable/subscribe(_:to:)``, which
    /// keeps the list of subscribers.
    var subscription = EventSubscription.none
    /// Its name in the service manager's fd store, when it is kept there.
    var storeName: String?
    /// Its line framer, which keeps the partial line a restart hands over.
    let framer: LineFramer
    /// What it must be told first once active.
    var restartNotice: RestartNotice?
    /// Set once it was closed for not reading its events: nothing more is queued.
    var cutOff = false
    /// Bytes read and not yet framed: it stopped being read while its replies pile up; handled,
    /// in order, once they drain.
    private(set) var heldInput: ByteBuffer?
    /// When its unsent events went over `outbound_soft_bytes`, while they are.
    var overSoftSince: Double?
    /// Unsent replies over which it is not read further (`max_message_bytes`).
    private let replyBound: Int
    /// Bytes of its replies that wait for the changes before them to be durable.
    var awaitedReplyBytes = 0

    /// Replies and events queued since the last flush, in order.
    private var outbound: ByteBuffer
    /// How many of `outbound`'s bytes are replies.
    private var outboundReplyBytes = 0
    /// Bytes of replies and of events handed to the channel and not yet written to the socket.
    private var repliesInChannel = 0
    private var eventsInChannel = 0
    /// The socket, once looked up; valid while the channel is active (closing it is on this loop).
    private var socket: Int32?

    /// The first event of a connection carried across a restart.
    enum RestartNotice {
        case restarted(resync: Bool)
    }

    init(id: ConnectionID, channel: any Channel, peer: PeerCredentials, maxMessage: Int) {
        self.id = id
        self.channel = channel
        self.peer = peer
        self.framer = LineFramer(maximum: maxMessage)
        self.replyBound = maxMessage
        self.outbound = channel.allocator.buffer(capacity: 0)
    }

    /// Whether something was queued since the last flush.
    var needsFlush: Bool { outbound.readableBytes > 0 }

    /// Queues a reply line that `write` appends (newline included), whatever its size.
    func writeReply(_ write: (inout ByteBuffer) -> Void) {
        let before = outbound.readableBytes
        write(&outbound)
        outboundReplyBytes += outbound.readableBytes - before
    }

    /// Queues event number `seq`, unless the events this client has not read would then pass
    /// `limit`: returns that breach then, and the caller closes the connection.
    func writeEvent(
        _ event: EncodedEvent,
        seq: UInt64,
        limit: OutboundLimit,
        now: () -> Double
    ) -> OutboundLimit.Breach? {
        let unsent = unsentEventBytes + event.byteCount(seq: seq)
        if let breach = limit.check(unsent: unsent, overSoftSince: &overSoftSince, now: now) { return breach }
        event.write(seq: seq, into: &outbound)
        return nil
    }

    /// Weighs the events still unsent after a write: back under the soft limit, its time restarts.
    func weighEvents(against limit: OutboundLimit, now: () -> Double) -> OutboundLimit.Breach? {
        limit.check(unsent: unsentEventBytes, overSoftSince: &overSoftSince, now: now)
    }

    /// The bytes of events queued for this client and not yet written to its socket.
    var unsentEventBytes: Int {
        outbound.readableBytes - outboundReplyBytes + eventsInChannel
    }

    /// Whether its replies not yet written pass `max_message_bytes`: it is read no further (it
    /// sends requests and does not read the replies) until they drain.
    var repliesPileUp: Bool {
        awaitedReplyBytes + outboundReplyBytes + repliesInChannel > replyBound
    }

    /// Keeps bytes read and not framed, after those kept before.
    func hold(_ buffer: ByteBuffer) {
        guard buffer.readableBytes > 0 else { return }
        if heldInput == nil {
            heldInput = buffer
        } else {
            var buffer = buffer
            heldInput!.writeBuffer(&buffer)
        }
    }

    /// The bytes kept, taken out to be framed.
    func takeHeldInput() -> ByteBuffer? {
        defer { heldInput = nil }
        return heldInput
    }

    /// Reads from the socket, or stops (``WindowDaemon/updateReading(of:daemonReads:)`` says which).
    func setReading(_ reads: Bool) {
        channel.setOption(ChannelOptions.autoRead, value: reads).whenFailure { _ in }
    }

    /// Sends what was queued: straight to the socket when the channel holds nothing else of
    /// this connection's, else (and for what the socket did not take) through the channel, and
    /// calls `written` once the channel has written that to the socket.
    func flushIfNeeded(written: @escaping (Connection) -> Void) {
        guard needsFlush else { return }
        if repliesInChannel + eventsInChannel == 0, sendDirectly() { return }
        // What the socket took was written first; what is left is counted as replies first.
        let replies = min(outboundReplyBytes, outbound.readableBytes)
        let events = outbound.readableBytes - replies
        repliesInChannel += replies
        eventsInChannel += events
        let promise = channel.eventLoop.makePromise(of: Void.self)
        let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
        let whenWritten = NIOLoopBound(written, eventLoop: channel.eventLoop)
        promise.futureResult.whenComplete { _ in
            connection.value.repliesInChannel -= replies
            connection.value.eventsInChannel -= events
            whenWritten.value(connection.value)
        }
        channel.writeAndFlush(outbound, promise: promise)
        // The channel keeps that buffer's whole storage until it is written: the next batch
        // starts in one of its own, sized to what it holds.
        outboundReplyBytes = 0
        outbound = channel.allocator.buffer(capacity: 0)
    }

    /// Empties `outbound` for the next batch; a big one is let go rather than kept.
    private func emptyOutbound() {
        outboundReplyBytes = 0
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
