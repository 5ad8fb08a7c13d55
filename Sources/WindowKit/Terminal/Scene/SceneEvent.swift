/// Everything a window reacts to, from its terminal and from windowd, in one stream, as
/// ``SceneTerminal/run(tick:_:)`` hands it to the app's view code.
///
/// Focus reports and Ctrl-Z never appear here: ``SceneTerminal`` turns them into the window's
/// phase itself.
public enum SceneEvent: Sendable {
    /// A key typed or a text pasted, decoded (``InputDecoder``); focus reports and Ctrl-Z never
    /// come here, ``SceneTerminal`` has taken them.
    case key(Key)
    /// The terminal has a new size (SIGWINCH), or came back after a suspend: the next frame is
    /// drawn whole.
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
    /// Someone asked for this window to come to front: WindowKit has brought its place to front,
    /// or, where the place has no interface for it (a bare terminal), ``SceneTerminal`` has set
    /// the terminal's title and rung the bell. Show it (a highlight) if you like.
    case focus(FocusRequest)
    /// An open of this window asked this of it (``WindowScene/requests``): its arguments, as
    /// `notes open todo.md +40`'s `+40`. The open that started the window comes first.
    case request([String])
    /// This window was dismissed: it should end.
    case dismissed(Dismissal)
    /// The connection to windowd changed.
    case connection(ConnectionStatus)
    /// The tick asked for passed.
    case tick
}
