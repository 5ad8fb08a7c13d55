import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Frames one connection's bytes into request lines and hands each to the daemon where it lies
/// in the read buffer; tells the daemon when the connection ends.
///
/// It runs on the daemon's loop, the actor's executor, and enters the daemon there with
/// `assumeIsolated`: synchronously, so a read batch is handled and flushed in the loop turn
/// that read it, in order.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let daemon: WindowDaemon
    /// Its connection, by id: the ``Connection`` itself is the daemon's state, isolated to it.
    private let connection: ConnectionID

    init(daemon: WindowDaemon, connection: ConnectionID) {
        self.daemon = daemon
        self.connection = connection
    }

    func channelActive(context: ChannelHandlerContext) {
        daemon.assumeIsolated { [connection] in $0.connectionActive(connection) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        daemon.assumeIsolated { [connection] in $0.receive(buffer, from: connection) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        daemon.assumeIsolated { $0.flush() }
        context.fireChannelReadComplete()
    }

    /// Back-pressure: a client whose replies pile up (it sends and does not read) is not read
    /// from until they drain, so it cannot grow the daemon without bound. One whose input is kept
    /// back (flow control) reads again once that is handled.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        daemon.assumeIsolated { [connection] in $0.writabilityChanged(connection) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        daemon.assumeIsolated { [connection] in $0.connectionClosed(connection) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        daemon.logger.debug("connection error", metadata: ["connection": "\(connection)", "error": "\(error)"])
        context.close(promise: nil)
    }
}
