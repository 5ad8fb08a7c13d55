import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// What each connection reads and what it leaves unread (windowd-protocol(7), "Limits"): a
/// client pays for its own slowness, never another. One that does not read its replies is read
/// no further until they drain; one whose unsent events pass its outbound limits
/// (``OutboundLimit``) is disconnected. No one's requests wait for it.
extension WindowDaemon {
    /// Bytes a connection read: framed into request lines and handled where they lie, until its
    /// replies pile up; the rest is kept, behind what it kept before.
    func receive(_ buffer: ByteBuffer, from connection: Connection) {
        eventLoop.assertInEventLoop()
        guard connection.heldInput == nil else { return connection.hold(buffer) }
        frame(buffer, from: connection)
    }

    /// Hands each line `buffer` completes to ``handle(line:from:)`` (one over `max_message_bytes`
    /// is answered and skipped) while the connection's replies do not pile up, or whatever they
    /// do with `force`; what is left is kept, and the connection read no further until they drain.
    private func frame(_ buffer: ByteBuffer, from connection: Connection, force: Bool = false) {
        var buffer = buffer
        connection.framer.split(&buffer, while: { force || !connection.repliesPileUp }) { piece in
            switch piece {
            case .line(let line): handle(line: line, from: connection)
            case .oversize: rejectOversizeMessage(from: connection)
            }
        }
        guard buffer.readableBytes > 0 else { return }
        connection.hold(buffer)
        updateReading(of: connection)
    }

    /// Sets `connection` reading or not by the one rule: it reads while the daemon reads
    /// requests (`daemonReads`, by default whether it does: not during a hand-off or a stop) and
    /// it is not paused: its replies do not pile up and nothing it sent waits to be framed. A
    /// paused one is resumed by ``flush()`` once its replies drain.
    func updateReading(of connection: Connection, daemonReads: Bool? = nil) {
        let paused = connection.heldInput != nil || connection.repliesPileUp
        if paused { connections.pause(connection) }
        connection.setReading((daemonReads ?? readsRequests) && !paused)
    }

    /// Frames what the paused connections kept, those whose replies drained (every one with
    /// `force`: a hand-off, a stop); returns whether there were any.
    @discardableResult
    func resumeHeldInput(force: Bool = false) -> Bool {
        let resumable = connections.takeResumable(all: force)
        for connection in resumable {
            if let buffer = connection.takeHeldInput() { frame(buffer, from: connection, force: force) }
            updateReading(of: connection)
        }
        return !resumable.isEmpty
    }

    /// Handles what a connection that closed had sent and kept, as it would have been had its
    /// replies drained.
    func handleHeldInput(of connection: Connection) {
        guard let buffer = connection.takeHeldInput() else { return }
        frame(buffer, from: connection, force: true)
    }

    /// Queues an event line; a client whose unsent events would pass its outbound limits is
    /// disconnected instead: it must not grow the daemon or slow anyone else.
    func sendEvent(_ event: EncodedEvent, seq: UInt64, to connection: Connection) {
        guard !connection.cutOff else { return }
        connections.willWrite(connection)
        if let breach = connection.writeEvent(event, seq: seq, limit: outboundLimit, now: { now }) {
            disconnect(connection, past: breach)
        }
    }

    /// The channel wrote what `connection` had handed it: its events are weighed again, and
    /// once its replies drained, a paused one frames what it kept and is read again.
    func outboundWritten(_ connection: Connection) {
        if let breach = connection.weighEvents(against: outboundLimit, now: { now }) {
            return disconnect(connection, past: breach)
        }
        if !connection.repliesPileUp, connections.isPaused(connection) { flush() }
    }

    /// The outbound limits of the config in force.
    var outboundLimit: OutboundLimit { OutboundLimit(config.daemon) }

    /// Disconnects a client whose unsent events passed its outbound limits, with one log line.
    private func disconnect(_ connection: Connection, past breach: OutboundLimit.Breach) {
        guard !connection.cutOff else { return }
        connection.cutOff = true
        let daemon = config.daemon
        let why =
            switch breach {
            case .hard: "its unsent events would pass outbound_hard_bytes (\(daemon.outboundHardBytes))"
            case .soft:
                "its unsent events stayed over outbound_soft_bytes (\(daemon.outboundSoftBytes)) for more than outbound_soft_seconds (\(daemon.outboundSoftSeconds))"
            }
        logger.warning(
            "disconnecting a client that does not read its events",
            metadata: ["connection": "\(connection.id)", "unsent": "\(connection.unsentEventBytes)", "why": "\(why)"]
        )
        connection.channel.close(promise: nil)
    }
}
