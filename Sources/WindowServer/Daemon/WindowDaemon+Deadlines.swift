import NIOCore
import WindowEngine

/// Keeping the one deadline timer on the coordinator's next deadline (windowd-protocol(7), scene.setPhase; windowd-protocol(7), app.transition): the
/// session expires when its time passes, whatever the phase, and a lower aggregate is announced
/// once it has held for `app.phase_settle_ms`.
extension WindowDaemon {
    /// Moves the timer to the coordinator's next deadline, if that changed; call after a change.
    func armDeadline() {
        // Through `machine`, not `coordinator`, whose getter copies the coordinator: called per request.
        let next = machine.coordinator.nextDeadline
        guard next != deadlineTimer.deadline else { return }
        deadlineTimer.arm(for: next, now: now, on: eventLoop) { [self] in deadlineDue() }
    }

    /// The timer fired: what is due by now happens, and the timer moves to the next deadline.
    private func deadlineDue() {
        eventLoop.preconditionInEventLoop()
        deadlineTimer.fired()
        if let change = machine.deadlineDue(now: now) {
            perform(changeOnItsOwn(change).effects)
            armDeadline()
        }
        flush()
    }
}
