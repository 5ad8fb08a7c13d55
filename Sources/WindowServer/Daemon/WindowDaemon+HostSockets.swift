import Glibc
import Logging
import NIOCore
import NIOPosix
import WindowEngine
import WindowProtocol

/// Sockets of other hosts' own (windowd-protocol(7), Hosts): `winctl ssh HOST` forwards one to
/// HOST, and every connection through it is from HOST, whatever it says.
extension WindowDaemon {
    /// One host's listening socket, and the connections that keep it.
    struct HostSocket {
        let path: String
        let channel: EventLoopFuture<any Channel>
        var keptBy: Set<ConnectionID>
        /// Where the terminal of the `winctl ssh` that asked last is.
        var place: Place?
    }

    /// The host `connection` came from; `nil` for this one.
    func host(of connection: ConnectionID) -> String? {
        connections[connection]?.host
    }

    /// `host`'s socket beside the daemon's own (made owner-only, as it is), reused while it
    /// exists; it lives while `connection`, or another that asked for it, is open.
    func hostSocket(_ host: String, at place: Place?, for connection: ConnectionID) throws(RPCError) -> String {
        eventLoop.preconditionInEventLoop()
        guard !host.isEmpty, host != "local", host.utf8.count <= 64,
            host.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789._-@".unicodeScalars.contains($0))
            })
        else {
            throw .invalidParams(
                "host \(JSONValue.string(host).jsonText) is no host name: give letters, digits, '.', '_', '-' or '@' (not 'local')"
            )
        }
        guard self.host(of: connection) == nil else {
            throw .refused(.forbidden, "a client on another host cannot ask for a host's socket")
        }
        if hostSockets[host] != nil {
            hostSockets[host]?.keptBy.insert(connection)
            hostSockets[host]?.place = place
            return hostSockets[host]!.path
        }
        guard let socketPath else { throw .invalidParams("this windowd listens on no path beside which to make one") }
        let path = "\(socketPath).\(host)"
        let fd: Int32
        do {
            try SocketPreparer.prepare(path: path)
            fd = try ListeningSocket.bind(path: path, backlog: 64)
        } catch {
            throw .refused(.limitExceeded, "cannot make a socket for \(host): \(error)")
        }
        let setUp = ConnectionSetUp(daemon: NIOLoopBound(self, eventLoop: eventLoop), logger: logger)
        let channel = ServerBootstrap(group: eventLoop)
            .childChannelInitializer { setUp.accept($0, host: host) }
            .withBoundSocket(fd)
        channel.whenFailure { [logger] in logger.warning("cannot serve \(path): \($0)") }
        hostSockets[host] = HostSocket(path: path, channel: channel, keptBy: [connection], place: place)
        logger.info("serving a host's socket", metadata: ["host": "\(host)", "socket": "\(path)"])
        return path
    }

    /// Where `host`'s `winctl ssh` runs, the outer place of its windows.
    func outerPlace(ofHost host: String) -> Place? {
        hostSockets[host]?.place
    }

    /// Closes and removes each host's socket that only `connection` kept.
    func releaseHostSockets(keptBy connection: ConnectionID) {
        for (host, var socket) in hostSockets where socket.keptBy.contains(connection) {
            socket.keptBy.remove(connection)
            hostSockets[host] = socket.keptBy.isEmpty ? nil : socket
            guard socket.keptBy.isEmpty else { continue }
            unlink(socket.path)
            socket.channel.whenSuccess { $0.close(promise: nil) }
            logger.info("removed a host's socket", metadata: ["host": "\(host)", "socket": "\(socket.path)"])
        }
    }
}
