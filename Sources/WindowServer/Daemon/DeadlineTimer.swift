import NIOCore

/// The one timer for what falls due by the clock alone (``SceneCoordinator/nextDeadline``: the
/// session's expiry, the aggregate's settle): scheduled on the daemon's loop for the earliest
/// deadline, moved when that changes, and nothing while there is none.
struct DeadlineTimer {
    /// The deadline the timer is set for (seconds since the Unix epoch, the coordinator's clock).
    private(set) var deadline: Double?
    private var task: Scheduled<Void>?

    /// Sets the timer for `next` (`nil`: none) if it is not set for that already; `fire` runs
    /// on `loop` when it is due. `now` is the coordinator's time, to turn the deadline into a delay.
    mutating func arm(for next: Double?, now: Double, on loop: any EventLoop, fire: @escaping () -> Void) {
        guard next != deadline else { return }
        task?.cancel()
        task = nil
        deadline = next
        guard let next else { return }
        task = loop.assumeIsolated().scheduleTask(in: Self.delay(until: next, now: now)) { fire() }
    }

    /// The timer fired: it is set for nothing until armed again.
    mutating func fired() {
        task = nil
        deadline = nil
    }

    /// The time from `now` until `deadline`, rounded up to whole milliseconds plus one, so that
    /// the timer does not fire before its deadline by the coordinator's clock (if it does, the
    /// coordinator finds nothing due and the timer is set again).
    static func delay(until deadline: Double, now: Double) -> TimeAmount {
        let milliseconds = max(0, (deadline - now) * 1_000).rounded(.up)
        return .milliseconds(Int64(min(milliseconds, 1e12)) + 1)
    }
}
