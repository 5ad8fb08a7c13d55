import WindowEngine

/// At most one `validate_command` in flight per daemon (windowd(8), "Programs it starts"): a
/// validation asked for while one runs for the same session waits for its verdict; one for
/// another session runs after it (only the latest such session, with everyone who asked).
///
/// A pure value: ``ask(_:_:)`` and ``finish()`` say what to start; the daemon starts it.
struct ValidatorFlight<Waiter> {
    /// A session to validate and who waits for its verdict.
    private typealias Flight = (session: Session, waiters: [Waiter])

    private var running: Flight?
    private var next: Flight?

    /// Whether a validator runs now.
    var isRunning: Bool { running != nil }

    /// A validation of `session` is asked for, `waiter` to get its verdict. Returns whether to
    /// start the validator for it now (none runs); else it waits.
    mutating func ask(_ session: Session, _ waiter: Waiter) -> Bool {
        guard let current = running else {
            running = (session, [waiter])
            return true
        }
        if current.session == session {
            running?.waiters.append(waiter)
        } else if next?.session == session {
            next?.waiters.append(waiter)
        } else {
            // Whoever waited for an older other session gets this one's verdict: the session changed under it.
            next = (session, (next?.waiters ?? []) + [waiter])
        }
        return false
    }

    /// The running validator gave its verdict: who waited for it, and the session to start the
    /// validator for next, if one was asked for meanwhile (it is running from now on).
    mutating func finish() -> (waiters: [Waiter], next: Session?) {
        let waiters = running?.waiters ?? []
        running = next
        next = nil
        return (waiters, running?.session)
    }
}

/// Who waits for a verdict of `validate_command`, as a value (``DaemonMachine`` acts on it).
enum VerdictWaiter: Equatable {
    /// The end of `loading`: the stored session is restored or not.
    case storedSession
    /// The `active` aggregate's check: the session expires if it is still this one and is refused.
    case activeSession(Session)
}
