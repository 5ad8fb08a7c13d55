/// The names of the events the daemon sends (SPEC section 8).
public enum EventName: String, Sendable, Codable, CaseIterable {
    case windowOpened = "window.opened"
    case windowClosed = "window.closed"
    case windowPhase = "window.phase"
    case windowFocus = "window.focus"
    case windowDismiss = "window.dismiss"
    case scenePhase = "scene.phase"
    case appState = "app.state"
    case daemonStopping = "daemon.stopping"
    case daemonReloaded = "daemon.reloaded"
    case daemonRestarted = "daemon.restarted"
}

extension EventName {
    /// The events `events.subscribe` can ask for: all but `window.dismiss`, which goes to a
    /// window's presenter only.
    public static let subscribable = allCases.filter { $0 != .windowDismiss }
}
