import NIOCore
import WindowProtocol

/// Hands each framed line of one connection to the daemon, and tells it when the connection ends.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = [UInt8]

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
        daemon.handle(line: unwrapInboundIn(data), from: connection)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        daemon.flush()
        context.fireChannelReadComplete()
    }

    /// Back-pressure: a client whose replies pile up (it sends and does not read) is not read
    /// from until they drain, so it cannot grow the daemon without bound.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if daemon.lifecycle.readsRequests {
            context.channel.setOption(.autoRead, value: context.channel.isWritable).whenFailure { _ in }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        daemon.connectionClosed(connection)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is LineFramer.LineTooLong {
            daemon.rejectOversizeMessage(from: connection)
        } else {
            daemon.logger.debug("connection error", metadata: ["connection": "\(connection.id)", "error": "\(error)"])
        }
        context.close(promise: nil)
    }
}
