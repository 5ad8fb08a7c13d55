import Logging
import NIOCore

/// Builds a connection's pipeline — line framing, the handler that feeds the
/// daemon — for accepted connections and for connections adopted after a restart.
struct ConnectionSetUp: Sendable {
    let daemon: NIOLoopBound<WindowDaemon>
    let logger: Logger

    /// A connection accepted on the listening socket, or on `host`'s.
    func accept(_ channel: any Channel, host: String? = nil) -> EventLoopFuture<Void> {
        PeerCredentials.of(channel).flatMapThrowing { peer in
            guard let connection = daemon.value.accept(channel, peer: peer, host: host) else { return }
            try install(on: channel, for: connection, partialLine: [])
        }
    }

    /// A connection handed over by a previous process, with its record after a graceful restart.
    func adopt(_ channel: any Channel, name: String, record: HandOffState.ConnectionRecord?) -> EventLoopFuture<Void> {
        PeerCredentials.of(channel).flatMapThrowing { peer in
            guard let connection = daemon.value.adopt(channel, peer: peer, name: name, record: record) else { return }
            try install(on: channel, for: connection, partialLine: record?.partialLine ?? [])
        }
    }

    private func install(on channel: any Channel, for connection: Connection, partialLine: [UInt8]) throws {
        let pipeline = channel.pipeline.syncOperations
        connection.framer.restore(partialLine: partialLine)
        try pipeline.addHandler(ConnectionHandler(daemon: daemon.value, connection: connection))
    }
}
