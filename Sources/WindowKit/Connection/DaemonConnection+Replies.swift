import NIOCore

/// What the replies to the app's calls tell this side, taken on the actor in the order
/// of the wire (see ``DaemonConnection/call(_:_:onLoop:)``).
extension DaemonConnection {
    /// A window as a reply shows it (opened, focused, its phase set).
    func note(_ window: WindowInfo) {
        model.update(window)
        publishModel(windows: true)
        if window.id == presenter?.window.id { updatePresented(window) }
    }

    /// A window closed by this side's call.
    func noteClosed(_ window: WindowInfo) {
        model.apply(.windowClosed(window))
        publishModel(windows: true)
    }

    /// The app state after this side's transition.
    func note(_ state: AppState) {
        model.state = state
        publishModel(windows: false)
    }

    /// A window's phase set by this side, and the aggregate after it.
    func note(_ window: WindowInfo, aggregate: ScenePhase) {
        model.aggregate = aggregate
        note(window)
    }

    /// This side stopped presenting (`window.detach`).
    func noteDetached(_ window: WindowInfo) {
        presenter = nil
        outputs.presented.set(window)
        outputs.phase.set(.background)
        note(window)
    }

    /// The phase this side means its window to have: re-attaching after a restart uses it,
    /// even if the daemon was away when it was reported (from anywhere; on the loop before any
    /// call made after it).
    nonisolated func intendPhase(_ phase: ScenePhase, of id: String) {
        eventLoop.execute {
            self.assumeIsolated { connection in
                guard connection.presenter?.window.id == id else { return }
                connection.presenter?.window.phase = phase
            }
        }
    }
}
