import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Carrying out ``DaemonMachine``'s outputs: transactions on the store, their timers, the
/// deliveries that waited for them, drains (windowd(8), State: a change is answered only once
/// it is on disk; one that cannot be saved is not applied and not announced); and what a
/// hand-off or a stop asks for (reading, the service manager, what connections kept unframed).
extension WindowDaemon {
    /// Carries out `outputs` in order; what they queue is sent by the next ``flush()`` (at the end
    /// of the read batch, or at once after a transaction).
    func run(_ outputs: [DaemonMachine.Output]) {
        for output in outputs {
            switch output {
            case .scheduleCommit:
                // Let the rest of this read batch add its changes: one transaction for all.
                let daemon = NIOLoopBound(self, eventLoop: eventLoop)
                eventLoop.execute { daemon.value.run(daemon.value.machine.receive(.commitDue)) }
            case .commit(let changes):
                let daemon = NIOLoopBound(self, eventLoop: eventLoop)
                let loop = eventLoop
                store.commit(changes) { result in
                    let failure: String? = if case .failure(let error) = result { "\(error)" } else { nil }
                    loop.execute {
                        daemon.value.run(daemon.value.machine.receive(.commitFinished(failure: failure)))
                        daemon.value.flush()
                    }
                }
            case .scheduleRetry:
                let daemon = NIOLoopBound(self, eventLoop: eventLoop)
                eventLoop.scheduleTask(in: .milliseconds(DaemonMachine.retryPause)) {
                    daemon.value.run(daemon.value.machine.receive(.retryDue))
                }
            case .deliver(let delivery, let undone):
                deliver(delivery, undone: undone)
            case .rolledBack(let windowsBefore):
                logger.warning(
                    "undid the changes of requests whose commit failed; their clients are told",
                    metadata: [
                        "windows.before": "\(windowsBefore)", "windows.after": "\(coordinator.registry.count)",
                        "state": "\(coordinator.state)",
                    ]
                )
                armDeadline()
                scheduleStatus()
            case .storeFailing(let failure):
                logger.error(
                    "cannot commit state; a change whose commit fails is undone and refused",
                    metadata: ["error": "\(failure)"]
                )
            case .storeRecovered:
                logger.notice("the state store recovered")
            case .settled:
                let drains = self.drains
                self.drains = []
                drains.forEach { $0.succeed() }
            case .stopReading:
                setReading(false)
            case .resumeReading:
                setReading(true)
            case .notifyReloading:
                hooks.reloading()
            case .notifyStopping(let handingOver):
                hooks.stopping(
                    handingOver ? "restarting: handing \(connections.count) connections over" : machine.statusLine
                )
            case .handleHeldInput:
                resumeHeldInput(force: true)
            case .ownChange(let change):
                perform(changeOnItsOwn(change).effects)
            case .perform(let effects):
                perform(effects)
            case .armDeadline:
                armDeadline()
            case .startValidator(let session):
                startValidator(for: session)
            case .storedSessionJudged(let verdict):
                sessionJudged(verdict)
            case .notifyReady(let line):
                hooks.ready(line)
            case .armStatusTimer:
                armStatusTimer()
            case .sendStatus(let line):
                hooks.status(line)
            case .stopNow, .stopAfterUpgrade:
                // What follows a stop is the restart coordinator's (``requestStop()``).
                break
            }
        }
    }

    /// Succeeds once everything queued so far is committed, or the store refuses it.
    func drain() -> EventLoopFuture<Void> {
        if machine.isSettled { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drains.append(promise)
        return promise.futureResult
    }

    /// Carries out what waited for a commit; when `undone` (the commit failed), a response is
    /// that error for every request of its line, and its events are withdrawn.
    func deliver(_ delivery: consuming DaemonMachine.Delivery, undone: String?) {
        switch consume delivery {
        case .response(let outcome, let pending, let id):
            let connection = connections[id]
            if let connection {
                connection.awaitedReplyBytes -= outcome.replyBytes
                sendReply(to: connection) { outcome.write(undone: undone, encoder: encoder, into: &$0) }
            }
            if undone != nil {
                withdraw(pending, subscribedBy: outcome, on: connection)
            } else if !pending.isEmpty {
                release(pending)
            }
        case .effects(let pending):
            release(pending)
        case .line(let line, let id):
            guard let connection = connections[id] else { return }
            sendReply(to: connection) { $0.writeBytes(line) }
        case .maintenance(let level):
            let logger = self.logger
            store.maintain(level) { result in
                if case .failure(let error) = result {
                    logger.warning("state maintenance failed", metadata: ["level": "\(level)", "error": "\(error)"])
                }
            }
        }
    }

    /// The events of a line whose change was undone are not sent (the machine took them out of
    /// each connection's numbering); a subscription the line took is dropped with its reply.
    private func withdraw(
        _ pending: PendingEffects,
        subscribedBy outcome: RequestRouter.Outcome,
        on connection: Connection?
    ) {
        if let connection, outcome.replies.contains(where: { $0.method == EventsSubscribe.name && $0.error == nil }) {
            connections.subscribe(connection, to: .none)
        }
        if pending.changesStatus { scheduleStatus() }
    }
}

extension RequestRouter.Outcome {
    /// The bytes of its replies, encoded as the request ran.
    var replyBytes: Int { replies.reduce(0) { $0 + ($1.body?.count ?? 0) } }
}
