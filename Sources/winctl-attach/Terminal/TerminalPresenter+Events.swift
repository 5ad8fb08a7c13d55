import Glibc
import WindowKit

/// The daemon's side of the presenter: the scene's values, focus, dismissal and the link.
extension TerminalPresenter {
    /// Applies one event; returns the ending once the presenter should stop.
    func handle(_ event: SceneEvent) async -> PresenterEnding? {
        switch event {
        case .key(let key): return read(key)
        case .resized: break  // SceneTerminal draws the next frame whole.
        case .hangUp: return .signal(SIGHUP)
        case .signal(let signal): return .signal(signal)
        case .state, .appPhase, .windows, .phase: refresh()
        case .event(.daemonStopping):
            stopping = true
            refresh()
        case .event(.reconnected), .event(.daemonRestarted(resync: true)):
            // Attached again: the panel comes back from the storage, as at the start.
            if let panel = Panel(storage: scene.storageValues) { model.panel = panel }
            refresh()
        case .event: refresh()
        case .focus:
            // Brought to front already (SceneTerminal rang the bell where nothing can raise it).
            model.highlighted = true
            highlightEnds = ContinuousClock.now + TerminalPresenter.highlightDuration
        case .request: break  // A panel of the window's storage has nothing to do with an open's arguments.
        case .dismissed(let dismissal):
            return .dismissed(dismissal.window, dismissal.reason)
        case .connection(let status):
            return connection(status)
        case .tick:
            return tick()
        }
        return nil
    }

    /// Takes the scene's current values into the model.
    func refresh() {
        let own = scene.window
        model.window = own
        model.state = scene.app.state
        model.aggregate = scene.app.scenePhase
        var windows = Dictionary(scene.app.windows.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        windows[own.id] = own
        model.windows = windows
        model.storage = scene.storageValues
        model.link = link()
    }

    private func link() -> LinkStatus {
        switch scene.app.connectionStatus {
        case .connected:
            return stopping ? .stopping : .connected
        case .reconnecting(let attempt):
            let gone = outageSince.map { ContinuousClock.now - $0 } ?? .zero
            return .reconnecting(attempt: attempt, gone: gone, giveUp: giveUp)
        case .closed:
            return .reconnecting(attempt: 0, gone: giveUp, giveUp: giveUp)
        }
    }

    private func connection(_ status: ConnectionStatus) -> PresenterEnding? {
        switch status {
        case .connected:
            outageSince = nil
            stopping = false
        case .reconnecting:
            if outageSince == nil { outageSince = ContinuousClock.now }
            stopping = false
        case .closed:
            guard let since = outageSince else {
                return .failed(WindowKitError(.closed, "the connection to windowd at \(socketPath) was closed"))
            }
            return .gaveUp(path: socketPath, gone: ContinuousClock.now - since)
        }
        refresh()
        return nil
    }

    /// Ends the highlight when its time has come, and moves the outage's clock on.
    private func tick() -> PresenterEnding? {
        if let highlightEnds, ContinuousClock.now >= highlightEnds {
            self.highlightEnds = nil
            model.highlighted = false
        }
        if outageSince != nil { model.link = link() }
        return nil
    }
}
