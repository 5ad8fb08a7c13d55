import NIOCore
import WindowCore
import WindowDispatch
import WindowProtocol
import Logging

/// Undoing what requests changed when their commit fails (windowd(8), State: a change is answered
/// only once it is on disk; one that cannot be saved is not applied and not announced).
///
/// The daemon's rollback point knows how to put the coordinator back as of the last commit,
/// with the daemon's own changes since (``WindowDaemon/changeOnItsOwn(_:)``), and a failed
/// transaction of requests' changes puts it back whole (``WindowDaemon/returnToRollbackPoint()``).
/// The replies and events held for that transaction (and for every later change, made on top of
/// it) are dropped; each request is answered with the error, and its client may retry.
extension WindowDaemon {
    /// A transaction holding requests' changes failed: back to the rollback point.
    func rollBack() {
        let undone = coordinator.registry.count
        returnToRollbackPoint()
        logger.warning("undid the changes of requests whose commit failed; their clients are told", metadata: [
            "windows.before": "\(undone)", "windows.after": "\(coordinator.registry.count)", "state": "\(coordinator.state)",
        ])
        armDeadline()
        scheduleStatus()
    }

    /// Drops the events a line addressed, whose change was undone: each connection's `seq` goes
    /// back by as many (``settleWithdrawnEvents()``), so that no client sees a gap. A
    /// subscription the line took is dropped with its reply.
    func withdraw(_ pending: PendingEffects, subscribedBy outcome: RequestRouter.Outcome, on connection: Connection) {
        for line in pending.lines {
            line.connection.withdrawnEvents += 1
            line.connection.leftAddressed(line.event)
        }
        if !pending.lines.isEmpty { withdrawing = true }
        if outcome.replies.contains(where: { $0.method == EventsSubscribe.name && $0.error == nil }) {
            connections.subscribe(connection, to: .none)
        }
        if pending.changesStatus { scheduleStatus() }
    }

    /// After the waiters of a failed commit are released: every connection's numbering takes
    /// back the events withdrawn from it (all of them came after every event it was sent).
    func settleWithdrawnEvents() {
        guard withdrawing else { return }
        withdrawing = false
        for connection in connections.all where connection.withdrawnEvents > 0 {
            connection.lastSeq -= connection.withdrawnEvents
            connection.withdrawnEvents = 0
        }
    }
}
