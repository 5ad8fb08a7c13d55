import WindowProtocol

/// What falls due by the clock alone (windowd-protocol(7), scene.setPhase; windowd-protocol(7), app.transition): the session's expiry, whatever
/// the phase, a lower aggregate that has held for `app.phase_settle_ms`, and the end of the wait
/// for a launched presenter (`app.launch_timeout_ms`).
///
/// The driver keeps one timer at ``nextDeadline`` and calls ``advance(to:effects:)`` when it
/// fires; both are pure, so a test moves the time by hand.
extension SceneCoordinator {
    /// The earliest time at which ``advance(to:effects:)`` has something to do; `nil` for never
    /// (signed out, and no lower aggregate waiting).
    @inlinable
    package var nextDeadline: Double? {
        // Asked after every request: the earliest of three without an array to find it in.
        func earlier(_ first: Double?, _ second: Double?) -> Double? {
            guard let first else { return second }
            guard let second else { return first }
            return min(first, second)
        }
        let expiry = state.isAuthenticated ? session?.expiresAt : nil
        return earlier(earlier(expiry, phaseSettle.deadline), launches.nextDeadline)
    }

    /// Time has reached `now`: a lower aggregate that has held is announced (with its
    /// reaction), a session past its expiry ends in `error(sessionExpired)`, which closes
    /// the windows that need a user as a sign-out does, and a launch waited for as long as
    /// `app.launch_timeout_ms` says is no longer in flight: the next open starts it again.
    package mutating func advance(to now: Double, effects: inout [Effect]) {
        _ = launches.expire(at: now)
        if let change = phaseSettle.settle(registry.aggregate, now: now) {
            announce(change, now: now, effects: &effects)
        }
        if state.isAuthenticated, let session, session.isExpired(at: now) {
            expireSession(now: now, effects: &effects)
        }
    }

    /// A graceful restart is about to hand the state over: a lower aggregate still waiting for
    /// its settle time is announced now, so that what the clients were told is what the next
    /// process finds (it takes the windows' aggregate as announced).
    package mutating func settlePhaseNow(now: Double, effects: inout [Effect]) {
        guard let deadline = phaseSettle.deadline,
            let change = phaseSettle.settle(registry.aggregate, now: deadline)
        else { return }
        announce(change, now: now, effects: &effects)
    }
}
