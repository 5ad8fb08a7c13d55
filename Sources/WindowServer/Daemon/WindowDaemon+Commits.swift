import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Carrying out what ``DaemonMachine`` answers about commits: transactions on the store, their
/// timers, the deliveries that waited for them, drains (windowd(8), State: a change is answered
/// only once it is on disk; one that cannot be saved is not applied and not announced).
extension WindowDaemon {
    /// Carries out what a line or a change of the daemon's own asks for: its commit is
    /// scheduled, and what need not wait for it is delivered; what they queue is sent by the
    /// next ``flush()`` (at the end of the read batch, or at once after a transaction).
    func carryOut(_ step: consuming DaemonMachine.Step) {
        schedule(step.schedule)
        if let delivery = step.deliverNow.take() { deliver(delivery, undone: nil) }
    }

    /// A commit on the loop's next turn, so that the rest of this read batch adds its changes
    /// (one transaction for all), or a retry after ``DaemonMachine/retryPause``.
    private func schedule(_ schedule: CommitQueue<DaemonMachine.Delivery>.Schedule) {
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        switch schedule {
        case .none:
            return
        case .commit:
            eventLoop.execute { daemon.value.commitDue() }
        case .retry:
            eventLoop.scheduleTask(in: .milliseconds(DaemonMachine.retryPause)) {
                daemon.value.schedule(daemon.value.machine.retryDue())
            }
        }
    }

    /// Hands what is queued to the store as one transaction; its end comes back to the loop.
    private func commitDue() {
        guard let changes = machine.commitDue() else { return }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        store.commit(changes) { result in
            let failure: String? = if case .failure(let error) = result { "\(error)" } else { nil }
            loop.execute {
                daemon.value.commitFinished(failure: failure)
                daemon.value.flush()
            }
        }
    }

    private func commitFinished(failure: String?) {
        let finished = machine.commitFinished(failure: failure)
        switch finished.storeChanged {
        case .some(.some(let failure)):
            logger.error(
                "cannot commit state; a change whose commit fails is undone and refused",
                metadata: ["error": "\(failure)"]
            )
        case .some(.none): logger.notice("the state store recovered")
        case .none: break
        }
        if let windowsBefore = finished.rolledBackFrom {
            logger.warning(
                "undid the changes of requests whose commit failed; their clients are told",
                metadata: [
                    "windows.before": "\(windowsBefore)", "windows.after": "\(coordinator.registry.count)",
                    "state": "\(coordinator.state)",
                ]
            )
            armDeadline()
            scheduleStatus()
        }
        for (delivery, undone) in finished.deliveries { deliver(delivery, undone: undone) }
        schedule(finished.schedule)
        guard finished.settled else { return }
        let drains = self.drains
        self.drains = []
        drains.forEach { $0.succeed() }
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
