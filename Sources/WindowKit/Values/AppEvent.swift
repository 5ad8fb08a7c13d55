/// An event of the app, typed: what ``AppClient/events`` yields.
///
/// ```swift
/// for await event in app.events {
///     switch event {
///     case .windowOpened(let window): print("opened \(window.group) \(window.value.jsonText)")
///     case .appState(let state, let previous): print("\(previous) → \(state)")
///     default: break
///     }
/// }
/// ```
public enum AppEvent: Sendable, Hashable {
    /// `window.opened`.
    case windowOpened(WindowInfo)
    /// `window.closed`.
    case windowClosed(WindowInfo)
    /// `window.phase`: a window's own phase changed.
    case windowPhase(WindowInfo)
    /// `window.focus`: a window was brought to front.
    case windowFocus(WindowInfo)
    /// `window.launchFailed`: the group's `launch` argv the daemon started for a window failed.
    case windowLaunchFailed(WindowInfo, command: [String], reason: String)
    /// `window.dismiss`: this connection's presented window was dismissed.
    case windowDismiss(WindowInfo, reason: DismissReason)
    /// `scene.phase`: the aggregate phase changed.
    case scenePhase(ScenePhase, previous: ScenePhase)
    /// `app.state`: the app state changed.
    case appState(AppState, previous: AppState)
    /// `daemon.stopping`.
    case daemonStopping
    /// `daemon.reloaded`: the config was read again.
    case daemonReloaded
    /// `daemon.restarted`: the connection was carried across a restart; with `resync` the SDK
    /// has attached and subscribed again by itself.
    case daemonRestarted(resync: Bool)
    /// Not from the daemon: the connection dropped and was made again; the SDK re-attached and
    /// re-subscribed, and the current values are fresh.
    case reconnected
}
