public import WindowProtocol

/// One thing to do to bring a place to front or to launch a window there: pure data, built by
/// ``PlaceCommands`` and carried out by ``PlaceActions``.
public enum PlaceStep: Sendable, Hashable {
    /// Runs the program `argv[0]` (looked up on `PATH`, never through a shell) and waits for it.
    case run([String])
    /// Starts a new window of the first terminal emulator of `launch.candidates` that exists.
    case startTerminal(TerminalLaunch)
    /// Sends one kitty remote control message (`ESC P @kitty-cmd` JSON `ESC \`) to kitty's
    /// `--listen-on` address (`unix:/path` or `unix:@abstract`); `command` is the message object.
    /// With `pid`, only to that kitty: another one listening at the address now is not sent it.
    case kittyRemoteControl(listenOn: String, pid: Int32? = nil, command: JSONValue)
    /// Sends one i3/sway IPC message (`i3-ipc`, little-endian length and type, payload).
    case i3IPC(socket: String, type: UInt32, payload: String)
    /// Raises the top-level X11 window that `window` (a `$WINDOWID`) belongs to, on local
    /// display `display`, above its siblings (``X11Client/raise(_:)``).
    case x11Raise(display: String, window: String)
    /// Focuses the niri window of process `pid`: asks niri's socket for its windows, then
    /// focuses the one whose `pid` matches.
    case niriFocusWindow(socket: String, pid: Int32)
}

/// i3's IPC message types this package sends (i3's `ipc.h`; sway uses the same numbers).
public enum I3MessageType {
    /// `RUN_COMMAND`: the payload is a command list (`[con_id=4] focus`).
    public static let runCommand: UInt32 = 0
    /// `GET_WORKSPACES`: the workspaces, each with whether an output shows it (`visible`).
    public static let getWorkspaces: UInt32 = 1
    /// `SUBSCRIBE`: the payload is a JSON array of event names; events follow on the connection.
    public static let subscribe: UInt32 = 2
    /// `GET_TREE`: the layout tree as JSON.
    public static let getTree: UInt32 = 4
}
