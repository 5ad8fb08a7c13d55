import NIOCore

/// Closes a connection whose unsent bytes would exceed the limit: a client that does not read
/// its events is dropped instead of growing the daemon's memory or slowing anyone else.
///
/// The channel already counts what it holds (`bufferedWritableBytes`), so a write costs one
/// option read here, not a promise and a callback of its own.
final class OutboundQueueLimiter: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: Int
    private var tripped = false
    private let onTrip: (Int) -> Void

    init(limit: Int, onTrip: @escaping (Int) -> Void) {
        self.limit = limit
        self.onTrip = onTrip
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !tripped else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        let bytes = unwrapOutboundIn(data).readableBytes
        let queued = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        if queued + bytes > limit {
            tripped = true
            onTrip(queued + bytes)
            promise?.fail(ChannelError.ioOnClosedChannel)
            context.close(promise: nil)
            return
        }
        context.write(data, promise: promise)
    }
}
