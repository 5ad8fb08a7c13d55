import Logging
import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Admitting, adopting and forgetting client connections.
extension WindowDaemon {
    // MARK: - Connections

    /// Registers a new connection, or refuses it (other user, too many clients) with an error line.
    func accept(_ channel: any Channel, peer: PeerCredentials) -> Connection? {
        eventLoop.preconditionInEventLoop()
        guard let connection = admit(channel, peer: peer) else { return nil }
        if let store = hooks.descriptorStore, let fd = Self.descriptor(of: channel) {
            let name = storeName(for: connection.id)
            store.store(fd, name)
            connection.storeName = name
        }
        return connection
    }

    /// Takes over a connection a previous process handed on; with its record after a graceful
    /// restart (then nothing changes for the client but one `daemon.restarted`), without one
    /// after a crash (`daemon.restarted` with `resync`: the client re-attaches or re-subscribes).
    func adopt(
        _ channel: any Channel,
        peer: PeerCredentials,
        name: String,
        record: HandOffState.ConnectionRecord?
    ) -> Connection? {
        eventLoop.preconditionInEventLoop()
        guard let connection = admit(channel, peer: peer) else {
            hooks.descriptorStore?.remove(name)
            return nil
        }
        connection.storeName = name
        connection.restartNotice = .restarted(resync: record == nil)
        if let record {
            machine.resumeNumbering(of: connection.id, from: record.lastSeq)
            connections.subscribe(connection, to: .init(names: record.subscription, all: record.subscribedToAll))
            if let window = record.presenting,
                !changeOnItsOwn(
                    .resumePresenter(
                        window: window,
                        connection: connection.id,
                        phase: record.phase ?? .active,
                        place: record.place
                    )
                ).made
            {
                logger.notice("a handed-over presenter's window is gone", metadata: ["window.id": "\(window)"])
                connection.restartNotice = .restarted(resync: true)
            }
        }
        return connection
    }

    /// Sends what a connection must hear first once it is active (an adopted one: `daemon.restarted`).
    func connectionActive(_ connection: Connection) {
        eventLoop.preconditionInEventLoop()
        guard case .restarted(let resync)? = connection.restartNotice else { return }
        connection.restartNotice = nil
        perform([.event(.daemonRestarted(resync: resync, connection: connection.id))])
        flush()
    }

    /// The socket descriptor under `channel` (on the event loop).
    static func descriptor(of channel: any Channel) -> Int32? {
        try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) { $0 }
    }

    /// Registers a connection that passes the access check and the client limit, or answers
    /// with an error line and closes it.
    func admit(_ channel: any Channel, peer: PeerCredentials) -> Connection? {
        let connection = connections.make(channel: channel, peer: peer, maxMessage: config.daemon.maxMessageBytes)
        let refusal: RPCError?
        if !access.admits(peer) {
            refusal = .refused(
                .forbidden,
                "uid \(peer.uid) may not use this windowd (it serves uid \(access.ownUID); see allowed_uids and allowed_group)"
            )
            logger.warning(
                "refused a connection from another user",
                metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"]
            )
        } else if connections.count >= descriptors.clients {
            refusal = .refused(.limitExceeded, clientLimitMessage)
            if let count = refusals.refused(now: now) {
                logger.warning(
                    "refused connections over the client limit",
                    metadata: [
                        "refused": "\(count)", "clients": "\(descriptors.clients)",
                        "max_clients": "\(config.daemon.maxClients)",
                        "open_files": "\(descriptors.soft)", "pid": "\(peer.pid)",
                    ]
                )
            }
        } else {
            refusal = nil
        }
        if let refusal {
            channel.writeAndFlush(errorLine(refusal)).whenComplete { _ in
                channel.close(promise: nil)
            }
            return nil
        }
        connections.insert(connection)
        scheduleStatus()
        return connection
    }

    /// Why a client past the limit is refused: `max_clients`, or the open-file limit below it.
    private var clientLimitMessage: String {
        if descriptors.servesMaxClients {
            return "windowd serves at most \(config.daemon.maxClients) clients (max_clients); try again later"
        }
        return
            "windowd serves at most \(descriptors.clients) clients: its open-file limit (RLIMIT_NOFILE) is \(descriptors.soft), "
            + "below the \(config.daemon.maxClients + DescriptorBudget.reserve) that max_clients = \(config.daemon.maxClients) needs; "
            + "try again later, or raise LimitNOFILE= (or ulimit -Hn) for windowd"
    }

    /// Logs the open-file limit and how many clients it serves: a warning when fewer than `max_clients`.
    func logDescriptors() {
        let metadata: Logger.Metadata = [
            "open_files": "\(descriptors.soft)", "hard_limit": "\(descriptors.hard)",
            "clients": "\(descriptors.clients)",
            "max_clients": "\(config.daemon.maxClients)", "reserved": "\(DescriptorBudget.reserve)",
        ]
        if descriptors.servesMaxClients {
            logger.info("descriptor limit", metadata: metadata)
        } else {
            logger.warning(
                "the open-file limit serves fewer clients than max_clients; raise LimitNOFILE= (or ulimit -Hn) for windowd",
                metadata: metadata
            )
        }
    }

    /// Forgets a connection: the window it presented, if any, goes to `background`.
    func connectionClosed(_ connection: Connection) {
        eventLoop.preconditionInEventLoop()
        // During a hand-off only this process's copy closes; the client stays with the next one.
        guard !machine.lifecycle.keepsConnections, connections[connection.id] != nil else { return }
        handleHeldInput(of: connection)
        _ = connections.remove(connection)
        if let name = connection.storeName { hooks.descriptorStore?.remove(name) }
        machine.connectionClosed(connection.id)
        let (_, effects) = changeOnItsOwn(.detach(connection.id, now: now))
        perform(effects)
        flush()
        scheduleStatus()
    }

    /// Answers a line over `max_message_bytes` (its id unread, so `null`); the connection goes
    /// on with the next line. After the replies of the lines before it, like any answer.
    func rejectOversizeMessage(from connection: Connection) {
        eventLoop.preconditionInEventLoop()
        let limit = config.daemon.maxMessageBytes
        let error = RPCError.invalidRequest(
            "message exceeds max_message_bytes (\(limit) bytes, the line ending not counted); it was skipped",
            reason: .limitExceeded
        )
        let line = router.errorLine(id: nil, error)
        guard machine.isDurable else {
            carryOut(machine.performed(changes: [], delivery: .line(line, to: connection.id)))
            return
        }
        sendReply(to: connection) { $0.writeBytes(line) }
    }

    /// The number of connected clients.
    var clientCount: Int { connections.count }
}
