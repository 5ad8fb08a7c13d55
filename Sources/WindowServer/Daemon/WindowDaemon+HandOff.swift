import Logging
import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Graceful restarts: what is handed to the next process, and how connections are paused.
extension WindowDaemon {
    /// Prepares a graceful restart: stops reading, answers what was read, commits, flushes every
    /// outbound queue (500 ms at most), and describes every connection for the next process.
    /// Connections stay open; their descriptors go to the next process with the state.
    ///
    /// - Returns: `nil`, changing nothing, unless the daemon is serving (a second SIGUSR2, or
    ///   one during a stop).
    func prepareHandOff(
        reason: DaemonLifecycle.HandOffReason
    ) -> EventLoopFuture<(state: HandOffState, connections: [(fileDescriptor: Int32, name: String)])>? {
        eventLoop.preconditionInEventLoop()
        run(machine.receive(.handOffAsked(reason, now: now)))
        guard case .handingOff = machine.lifecycle else { return nil }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        let (store, logger) = (self.store, self.logger)
        return drain().flatMap {
            // The next process opens the state by its path: files removed under this one are
            // written again first (windowd(8), "State").
            let synced = loop.makePromise(of: Void.self)
            store.maintain(.sync) { result in
                if case .failure(let error) = result {
                    logger.error(
                        "cannot write the state where the next process reads it",
                        metadata: ["error": "\(error)"]
                    )
                }
                synced.succeed()
            }
            return synced.futureResult
        }.flatMap {
            let daemon = daemon.value
            daemon.flush()
            let written = daemon.connections.all.map { $0.channel.writeAndFlush(ByteBuffer()) }
            let allWritten = EventLoopFuture.whenAllComplete(written, on: loop).map { _ in }
            let bounded = loop.makePromise(of: Void.self)
            allWritten.cascade(to: bounded)
            loop.scheduleTask(in: .milliseconds(500)) { bounded.succeed() }
            return bounded.futureResult
        }.map {
            daemon.value.handOffRecords()
        }
    }

    /// The next process has the state and the connections: this one only closes its copies.
    func handedOver() {
        eventLoop.preconditionInEventLoop()
        run(machine.receive(.handedOver))
    }

    /// Whether connections are read from (not while they are handed over or the daemon stops).
    var readsRequests: Bool { machine.lifecycle.readsRequests }

    /// Whether the listening socket's path stays for the next process.
    var keepsSocket: Bool { machine.lifecycle.keepsSocket }

    /// A stop (SIGTERM, SIGINT) is asked for: whether it runs now, after the upgrade whose
    /// hand-off is under way (instead of its exec), or is already under way.
    func requestStop() -> DaemonLifecycle.StopAction {
        eventLoop.preconditionInEventLoop()
        return Self.stopAction(machine.receive(.stopAsked))
    }

    /// What the machine's answer to a stop asks for.
    private static func stopAction(_ outputs: [DaemonMachine.Output]) -> DaemonLifecycle.StopAction {
        for output in outputs {
            if case .stopNow = output { return .now }
            if case .stopAfterUpgrade = output { return .afterUpgrade }
        }
        return .alreadyUnderWay
    }

    /// Whether an upgrade whose hand-off is ready goes on to exec: not when a stop came meanwhile.
    var execsUpgrade: Bool { machine.lifecycle.execsUpgrade }

    /// Undoes ``prepareHandOff(reason:)`` when the next process could not be started: every
    /// connection is read from again unless back-pressure had paused it (its replies still
    /// pile up), and each keeps its partial line. Returns whether a stop waits for this.
    func abandonHandOff() -> Bool {
        eventLoop.preconditionInEventLoop()
        let outputs = machine.receive(.handOffFailed)
        run(outputs)
        return Self.stopAction(outputs) == .now
    }

    /// Sets every connection to read or not: when reading again, not one back-pressure pauses
    /// (its replies still pile up).
    func setReading(_ reads: Bool) {
        for connection in connections.all { updateReading(of: connection, daemonReads: reads) }
    }

    /// Each connection's protocol state and descriptor, for the next process. Each connection
    /// keeps its partial line too, for when the hand-off is abandoned.
    func handOffRecords() -> (state: HandOffState, connections: [(fileDescriptor: Int32, name: String)]) {
        eventLoop.preconditionInEventLoop()
        var records: [HandOffState.ConnectionRecord] = []
        var descriptors: [(fileDescriptor: Int32, name: String)] = []
        for connection in connections.all.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            guard let fd = Self.descriptor(of: connection.channel) else { continue }
            let name = connection.storeName ?? storeName(for: connection.id)
            let presented = coordinator.registry.window(presentedBy: connection.id)
            let subscription = connection.subscription.record
            records.append(
                HandOffState.ConnectionRecord(
                    name: name,
                    presenting: presented?.id.rawValue,
                    phase: presented?.phase,
                    subscription: subscription.names,
                    subscribedToAll: subscription.all,
                    lastSeq: machine.numbering.last(of: connection.id),
                    partialLine: connection.framer.partialLine,
                    place: presented?.place
                )
            )
            descriptors.append((fd, name))
        }
        let state = HandOffState(generation: instance, appState: coordinator.state, connections: records)
        return (state, descriptors)
    }
}
