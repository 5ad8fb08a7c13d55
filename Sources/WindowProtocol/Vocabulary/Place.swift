/// Where a presenter's terminal is (winctl(1), Attached terminals): a `kind` and the identifiers that kind
/// needs, flat next to it on the wire, and the place that holds this one when it is nested
/// (a tmux pane inside a kitty window lists the kitty window as `outer`).
///
/// ```json
/// {"kind":"tmux","socket":"/tmp/tmux-1000/default","pane":"%3","session":"$0",
///  "outer":{"kind":"kitty","listen_on":"unix:/tmp/kitty","window_id":"1"}}
/// ```
///
/// Identifiers read from an environment variable are strings exactly as the variable gives
/// them (`"%3"`, `"0"`, `"4194318"`); process and container ids are integers.
public struct Place: Sendable, Hashable {
    /// What kind of place this is.
    public var kind: PlaceKind
    /// A Unix socket of the place's program: tmux's, WezTerm's, sway's, i3's or niri's.
    public var socket: String?
    /// A pane: tmux's `%3`, WezTerm's or zellij's numeric id.
    public var pane: String?
    /// A session: tmux's `$0`, screen's `$STY`, zellij's session name.
    public var session: String?
    /// A window: screen's number (`$WINDOW`), or an X11 window id in decimal (`$WINDOWID`).
    public var window: String?
    /// kitty's remote control address (`$KITTY_LISTEN_ON`, e.g. `unix:/tmp/kitty-1`).
    public var listenOn: String?
    /// kitty's window id (`$KITTY_WINDOW_ID`).
    public var windowID: String?
    /// The display the window is on: X11's `$DISPLAY` (x11, i3) or `$WAYLAND_DISPLAY` (sway,
    /// Hyprland, niri); a new terminal window opens there.
    public var display: String?
    /// Hyprland's instance signature (`$HYPRLAND_INSTANCE_SIGNATURE`).
    public var instance: String?
    /// The terminal emulator's process id.
    public var pid: Int32?
    /// A sway or i3 container id.
    public var conID: Int64?
    /// Boxed so that a place can hold the place around it; never more than one element.
    private var outerStorage: [Place]

    /// The place that holds this one (the graphical terminal a multiplexer's client runs in).
    public var outer: Place? {
        get { outerStorage.first }
        set { outerStorage = newValue.map { [$0] } ?? [] }
    }

    /// A place of `kind` with the given identifiers.
    public init(
        kind: PlaceKind, socket: String? = nil, pane: String? = nil, session: String? = nil, window: String? = nil,
        listenOn: String? = nil, windowID: String? = nil, display: String? = nil, instance: String? = nil,
        pid: Int32? = nil, conID: Int64? = nil, outer: Place? = nil
    ) {
        self.kind = kind
        self.socket = socket
        self.pane = pane
        self.session = session
        self.window = window
        self.listenOn = listenOn
        self.windowID = windowID
        self.display = display
        self.instance = instance
        self.pid = pid
        self.conID = conID
        self.outerStorage = outer.map { [$0] } ?? []
    }

    /// The deepest nesting a place may have on the wire: tmux in screen in kitty in sway, and one spare.
    public static let maximumDepth = 5

    /// This place, then its outer place, then that one's, outward.
    public var levels: [Place] {
        var levels = [self]
        while let next = levels.last?.outer { levels.append(next) }
        return levels
    }

    /// The place with no outer place (`levels` keeps the nesting).
    public var withoutOuter: Place {
        var place = self
        place.outer = nil
        return place
    }
}
