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
    /// Carries out a graceful restart the machine began (``DaemonMachine/upgradeChecked(refused:now:)``,
    /// ``DaemonMachine/restartHandOff(now:)``): stops reading, answers what was read, makes
    /// `settling`, commits, flushes every outbound queue (500 ms at most), and describes every
    /// connection for the next process. Connections stay open; their descriptors go to the next
    /// process with the state.
    func handOff(
        _ reason: DaemonLifecycle.HandOffReason,
        settling: OwnChange
    ) -> EventLoopFuture<(state: HandOffState, connections: [(fileDescriptor: Int32, name: String)])> {
        eventLoop.preconditionInEventLoop()
        if reason == .upgrade {
            hooks.reloading()
        } else {
            hooks.stopping("restarting: handing \(connections.count) connections over")
        }
        setReading(false)
        resumeHeldInput(force: true)
        perform(changeOnItsOwn(settling).effects)
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

    /// Whether connections are read from (not while they are handed over or the daemon stops).
    var readsRequests: Bool { machine.lifecycle.readsRequests }

    /// An upgrade's hand-off ended without an exec: every connection is read from again unless
    /// back-pressure had paused it (its replies still pile up), each with its partial line, and
    /// the deadline is armed again. Returns what the machine says comes next.
    func handOffFailed() -> DaemonMachine.HandOffFailed {
        eventLoop.preconditionInEventLoop()
        let next = machine.handOffFailed()
        setReading(true)
        armDeadline()
        return next
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
