public import WindowKit

/// Everything a window reacts to, from its terminal and from windowd, in one stream, as
/// ``SceneTerminal/run(tick:_:)`` hands it to the app's view code.
///
/// Focus reports and Ctrl-Z never appear here: ``SceneTerminal`` turns them into the window's
/// phase itself.
public enum SceneEvent: Sendable {
    /// Bytes typed, for the app's key decoder (focus reports and Ctrl-Z taken out).
    case keys([UInt8])
    /// The terminal has a new size (SIGWINCH), or came back after a suspend: draw it whole.
    case resized(TerminalSize)
    /// The terminal hung up: the window should end.
    case hangUp
    /// SIGINT, SIGTERM or SIGHUP arrived: the window should end (the terminal is given back after).
    case signal(Int32)
    /// The app state changed.
    case state(AppState)
    /// The app's phase (the aggregate of its windows) changed.
    case appPhase(ScenePhase)
    /// This window's phase changed.
    case phase(ScenePhase)
    /// The app's windows changed.
    case windows([WindowInfo])
    /// An event of the app (`daemon.stopping`, a restart, …).
    case event(AppEvent)
    /// Someone asked for this window to come to front; WindowKit has brought its place to front.
    case focus(FocusRequest)
    /// This window was dismissed: it should end.
    case dismissed(Dismissal)
    /// The connection to windowd changed.
    case connection(ConnectionStatus)
    /// The tick asked for passed.
    case tick
}
