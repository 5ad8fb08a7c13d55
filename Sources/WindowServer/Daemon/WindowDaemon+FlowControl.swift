import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Flow control on the writers (windowd-protocol(7), "Limits"; ``OutboundPressure``): while a
/// subscriber has too many events unsent, what clients send is kept unread, in order, and
/// handled once it has caught up; one that does not catch up within `outbound_stall_ms` does
/// not read, and is disconnected.
extension WindowDaemon {
    /// Bytes a connection read: framed into request lines and handled where they lie, or kept
    /// whole while requests are held back (and behind bytes it kept before, to keep the order).
    func receive(_ buffer: ByteBuffer, from connection: Connection) {
        eventLoop.assertInEventLoop()
        switch machine.read(from: connection.id) {
        case .frame:
            frame(buffer, from: connection)
        case .keep:
            connection.hold(buffer)
        case .keepAndStopReading:
            // Not read further until it is handled: what is kept stays one read or so.
            connection.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            connection.hold(buffer)
        }
    }

    /// Hands each line `buffer` completes to ``handle(line:from:)``; one over `max_message_bytes`
    /// is answered and skipped, and the connection reads on from the next line.
    private func frame(_ buffer: ByteBuffer, from connection: Connection) {
        connection.framer.split(buffer) { piece in
            switch piece {
            case .line(let line): handle(line: line, from: connection)
            case .oversize: rejectOversizeMessage(from: connection)
            }
        }
    }

    /// Weighs the events `connection` has unsent: past the mark it holds the writers back.
    func weighOutbound(of connection: Connection) {
        let unsent = connection.unsentEventBytes
        guard machine.flow.changes(connection.id, unsent: unsent) else { return }
        run(machine.receive(.unsent(connection.id, bytes: unsent, now: now)))
    }

    /// The channel wrote what `connection` had handed it: one that held the writers may let them go.
    func outboundWritten(_ connection: Connection) {
        guard machine.flow.pressure.isHolding(connection.id) else { return }
        weighOutbound(of: connection)
    }

    /// After a flush: the connections holding the writers may have caught up.
    func weighHoldingConnections() {
        guard machine.flow.pressure.holdsRequests else { return }
        for id in Array(machine.flow.pressure.holding.keys) {
            guard let connection = connections[id] else { continue }
            weighOutbound(of: connection)
        }
    }

    /// Handles what was kept, connection by connection in the order they were held, until a
    /// subscriber holds the writers again; each connection done reads again. With `force` (a
    /// hand-off, a stop), everything kept is handled whatever the pressure.
    func resumeHeldInput(force: Bool = false) {
        guard machine.beginResuming() else { return }
        defer { machine.endResuming() }
        while let id = machine.flow.nextToResume(force: force) {
            guard let connection = connections[id] else {
                machine.resumed(id)
                continue
            }
            while machine.flow.resumes(force: force), let buffer = connection.takeHeldInput() {
                frame(buffer, from: connection)
            }
            guard connection.heldInput.isEmpty else { break }
            machine.resumed(id)
            connection.updateReading(daemonReads: readsRequests)
        }
        flush()
    }

    /// Handles what a connection that closed had sent and was kept back, as it would have been
    /// had it been read then.
    func handleHeldInput(of connection: Connection) {
        guard !connection.heldInput.isEmpty else { return }
        while let buffer = connection.takeHeldInput() { frame(buffer, from: connection) }
    }

    /// Disconnects a client whose unread events pass `max_outbound_bytes`, or that held the
    /// writers back for `outbound_stall_ms`: it does not read them (windowd-protocol(7), "Limits").
    func disconnectNonReader(_ connection: Connection, why: String) {
        guard !connection.cutOff else { return }
        connection.cutOff = true
        logger.warning(
            "disconnecting a client that does not read its events",
            metadata: [
                "connection": "\(connection.id)", "queued": "\(connection.queuedBytes)", "why": "\(why)",
                "max_outbound_bytes": "\(config.daemon.maxOutboundBytes)",
            ]
        )
        connection.channel.close(promise: nil)
    }

    /// Sets the stall timer for `due` (wall-clock seconds), replacing the one set before.
    func armStallTimer(at due: Double) {
        stallTimer?.cancel()
        let delay = TimeAmount.milliseconds(Int64(max(0, (due - now) * 1_000).rounded(.up)))
        stallTimer = eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            stallTimer = nil
            run(machine.receive(.stallTimerFired(now: now)))
        }
    }

    /// Cancels the stall timer.
    func cancelStallTimer() {
        stallTimer?.cancel()
        stallTimer = nil
    }

    /// Closes a connection that held the writers back for `outbound_stall_ms`.
    func closeStalled(_ id: ConnectionID) {
        guard let connection = connections[id] else { return }
        disconnectNonReader(
            connection,
            why: "its events stayed unread for outbound_stall_ms (\(config.daemon.outboundStallMilliseconds))"
        )
    }
}
