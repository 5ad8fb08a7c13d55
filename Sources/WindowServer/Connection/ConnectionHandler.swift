import NIOCore
import NIOExtras
import WindowProtocol

/// Hands each framed line of one connection to the daemon, and tells it when the connection ends.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let daemon: WindowDaemon
    private let connection: Connection

    init(daemon: WindowDaemon, connection: Connection) {
        self.daemon = daemon
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        daemon.handle(line: unwrapInboundIn(data), from: connection)
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
        if error is ByteToMessageDecoderError.PayloadTooLargeError {
            daemon.rejectOversizeMessage(from: connection)
        } else if error is NIOExtrasErrors.LeftOverBytesError {
            // A partial line at end of stream: nothing to answer, the peer is gone.
        } else {
            daemon.logger.debug("connection error", metadata: ["connection": "\(connection.id)", "error": "\(error)"])
        }
        context.close(promise: nil)
    }
}
