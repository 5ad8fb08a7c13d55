import NIOCore

/// Closes a connection whose unsent bytes exceed the limit: a client that does not read
/// its events is dropped instead of growing the daemon's memory or slowing anyone else.
final class OutboundQueueLimiter: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: Int
    private var queued = 0
    private var tripped = false
    private let onTrip: (Int) -> Void

    init(limit: Int, onTrip: @escaping (Int) -> Void) {
        self.limit = limit
        self.onTrip = onTrip
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let bytes = unwrapOutboundIn(data).readableBytes
        guard !tripped else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        if queued + bytes > limit {
            tripped = true
            onTrip(queued + bytes)
            promise?.fail(ChannelError.ioOnClosedChannel)
            context.close(promise: nil)
            return
        }
        queued += bytes
        let written = promise ?? context.eventLoop.makePromise()
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in loopBound.value.queued -= bytes }
        context.write(data, promise: written)
    }
}
