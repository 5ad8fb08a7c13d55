/// When `loading` ends (windowd-protocol(7), app.transition): once `minimum_loading_ms` has passed *and* the stored
/// session has a verdict, whichever comes last, and exactly once.
struct LoadingGate: Equatable {
    private var elapsed = false
    private var verdict: SessionValidator.Verdict?
    private var opened = false

    /// A gate for a start with a stored session to validate, or without one (then the
    /// session's verdict is `invalid` from the start: there is nothing to restore).
    init(hasStoredSession: Bool) {
        verdict = hasStoredSession ? nil : .invalid
    }

    /// The minimum loading time is over; the verdict when the gate opens now.
    mutating func minimumElapsed() -> SessionValidator.Verdict? {
        elapsed = true
        return open()
    }

    /// The stored session was validated; the verdict when the gate opens now.
    mutating func validated(_ verdict: SessionValidator.Verdict) -> SessionValidator.Verdict? {
        if self.verdict == nil { self.verdict = verdict }
        return open()
    }

    private mutating func open() -> SessionValidator.Verdict? {
        guard elapsed, let verdict, !opened else { return nil }
        opened = true
        return verdict
    }
}
