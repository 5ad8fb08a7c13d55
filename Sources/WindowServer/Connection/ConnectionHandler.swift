import Logging
import NIOCore
import WindowProtocol

/// Frames one connection's bytes into request lines and hands each to the daemon where it lies
/// in the read buffer; tells the daemon when the connection ends.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let daemon: WindowDaemon
    private let connection: Connection

    init(daemon: WindowDaemon, connection: Connection) {
        self.daemon = daemon
        self.connection = connection
    }

    func channelActive(context: ChannelHandlerContext) {
        daemon.connectionActive(connection)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        daemon.receive(unwrapInboundIn(data), from: connection)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        daemon.flush()
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        daemon.connectionClosed(connection)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        daemon.logger.debug("connection error", metadata: ["connection": "\(connection.id)", "error": "\(error)"])
        context.close(promise: nil)
    }
}
