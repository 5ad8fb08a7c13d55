import NIOCore

/// The end of a connection's pipeline: hands each line, and the end of the connection, to its
/// ``DaemonConnection``, on the event loop (the actor's executor, so without a hop).
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandlers([
///     ByteToMessageHandler(LineFrameDecoder()), InboundHandler(connection: connection),
/// ])
/// ```
final class InboundHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let connection: DaemonConnection

    init(connection: DaemonConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let (line, channel) = (unwrapInboundIn(data), context.channel)
        connection.assumeIsolated { $0.receive(line: line, on: channel) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let channel = context.channel
        connection.assumeIsolated { $0.lost(channel) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Any error ends the connection; the connection makes a new one.
        context.close(promise: nil)
    }
}
