/// The names of the events the daemon sends (windowd-protocol(7)).
public enum EventName: String, Sendable, Codable, CaseIterable {
    /// A window was registered (by `window.open` or an attach by value).
    case windowOpened = "window.opened"
    /// A window was closed and its storage destroyed.
    case windowClosed = "window.closed"
    /// A window's own phase or presenter changed.
    case windowPhase = "window.phase"
    /// A window was brought to front; its presenter gets this too.
    case windowFocus = "window.focus"
    /// A group's `launch` argv that the daemon started failed; the window stays registered.
    case windowLaunchFailed = "window.launchFailed"
    /// A presenter must go; sent to it alone, never to subscribers.
    case windowDismiss = "window.dismiss"
    /// The aggregate phase changed (only when it changes).
    case scenePhase = "scene.phase"
    /// The app state changed.
    case appState = "app.state"
    /// The daemon is stopping; sent to every connection.
    case daemonStopping = "daemon.stopping"
    /// The config was re-read and applied; sent to every connection.
    case daemonReloaded = "daemon.reloaded"
    /// The connection was carried across a restart; sent to every such connection.
    case daemonRestarted = "daemon.restarted"
}

extension EventName {
    /// The events `events.subscribe` can ask for: all but `window.dismiss`, which goes to a
    /// window's presenter only.
    public static let subscribable = allCases.filter { $0 != .windowDismiss }
}
