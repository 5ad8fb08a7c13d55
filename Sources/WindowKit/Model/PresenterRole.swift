/// What a connection presents, kept so that it can attach again after losing the daemon.
///
/// ```swift
/// let role = PresenterRole(window: result.window)
/// role.reattachParams    // window.attach by id, in the phase last reported
/// ```
struct PresenterRole: Sendable, Hashable {
    /// The window presented, as last seen.
    var window: WindowInfo
    /// Where this presenter is, as it attached: kept here because a window seen after a graceful
    /// restart of the daemon no longer shows it.
    let place: Place?

    /// The role of presenting `window`, from `place` (the attach reply's, by default).
    init(window: WindowInfo, place: Place? = nil) {
        self.window = window
        self.place = place ?? window.place
    }

    /// `window.attach` by id, in the phase last reported, at the place it was presented from.
    var reattachParams: WindowAttach.Params {
        WindowAttach.Params(id: window.id, phase: window.phase, place: place)
    }

    /// `window.attach` by group and value, for a daemon that no longer knows the id (it
    /// restarted without the window's state): opens or reuses the window for that value.
    var reopenParams: WindowAttach.Params {
        WindowAttach.Params(group: window.group, value: window.value, phase: window.phase, place: place)
    }

    /// The dismissal that a refused re-attach amounts to: someone else presents the window
    /// (`takeover`), its user signed out while the daemon was away (`signedOut`), or it is gone.
    func dismissal(refusedWith reason: ErrorReason?) -> Dismissal {
        switch reason {
        case .windowBusy?: return Dismissal(window: window, reason: .takeover, refusedReturn: true)
        case .unauthenticated?: return Dismissal(window: window, reason: .signedOut, refusedReturn: true)
        default: return Dismissal(window: window, reason: .closed, refusedReturn: true)
        }
    }
}
