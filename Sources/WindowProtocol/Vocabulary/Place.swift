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
    /// The identifiers, behind one reference: a place rides in every window, window entry,
    /// event and reply, and copying a dozen optional strings at each of those copies cost the
    /// request path a tenth of its time; changed (rarely) by replacing the whole.
    private var storage: Storage

    /// What kind of place this is.
    public var kind: PlaceKind {
        get { storage.fields.kind }
        set { change { $0.kind = newValue } }
    }
    /// A Unix socket of the place's program: tmux's, WezTerm's, sway's, i3's or niri's.
    public var socket: String? {
        get { storage.fields.socket }
        set { change { $0.socket = newValue } }
    }
    /// A pane: tmux's `%3`, WezTerm's or zellij's numeric id.
    public var pane: String? {
        get { storage.fields.pane }
        set { change { $0.pane = newValue } }
    }
    /// A session: tmux's `$0`, screen's `$STY`, zellij's session name.
    public var session: String? {
        get { storage.fields.session }
        set { change { $0.session = newValue } }
    }
    /// A session's name: tmux's, where a window is made again after its server is gone.
    public var name: String? {
        get { storage.fields.name }
        set { change { $0.name = newValue } }
    }
    /// A window: screen's number (`$WINDOW`), tmux's window index, or an X11 window id in decimal (`$WINDOWID`).
    public var window: String? {
        get { storage.fields.window }
        set { change { $0.window = newValue } }
    }
    /// kitty's remote control address (`$KITTY_LISTEN_ON`, e.g. `unix:/tmp/kitty-1`).
    public var listenOn: String? {
        get { storage.fields.listenOn }
        set { change { $0.listenOn = newValue } }
    }
    /// kitty's window id (`$KITTY_WINDOW_ID`).
    public var windowID: String? {
        get { storage.fields.windowID }
        set { change { $0.windowID = newValue } }
    }
    /// The display the window is on: X11's `$DISPLAY` (x11, i3) or `$WAYLAND_DISPLAY` (sway,
    /// Hyprland, niri); a new terminal window opens there.
    public var display: String? {
        get { storage.fields.display }
        set { change { $0.display = newValue } }
    }
    /// Hyprland's instance signature (`$HYPRLAND_INSTANCE_SIGNATURE`).
    public var instance: String? {
        get { storage.fields.instance }
        set { change { $0.instance = newValue } }
    }
    /// The terminal emulator's process id.
    public var pid: Int32? {
        get { storage.fields.pid }
        set { change { $0.pid = newValue } }
    }
    /// A sway or i3 container id.
    public var conID: Int64? {
        get { storage.fields.conID }
        set { change { $0.conID = newValue } }
    }
    /// The name of the i3 or sway workspace the window is on, where `winctl restore` puts it back.
    public var workspace: String? {
        get { storage.fields.workspace }
        set { change { $0.workspace = newValue } }
    }
    /// The place that holds this one (the graphical terminal a multiplexer's client runs in).
    public var outer: Place? {
        get { storage.fields.outer }
        set { change { $0.outer = newValue } }
    }

    /// A place of `kind` with the given identifiers.
    public init(
        kind: PlaceKind,
        socket: String? = nil,
        pane: String? = nil,
        session: String? = nil,
        name: String? = nil,
        window: String? = nil,
        listenOn: String? = nil,
        windowID: String? = nil,
        display: String? = nil,
        instance: String? = nil,
        pid: Int32? = nil,
        conID: Int64? = nil,
        workspace: String? = nil,
        outer: Place? = nil
    ) {
        storage = Storage(
            Fields(
                kind: kind,
                socket: socket,
                pane: pane,
                session: session,
                name: name,
                window: window,
                listenOn: listenOn,
                windowID: windowID,
                display: display,
                instance: instance,
                pid: pid,
                conID: conID,
                workspace: workspace,
                outer: outer
            )
        )
    }

    /// Equal when every identifier and the outer place are.
    public static func == (lhs: Place, rhs: Place) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// This place inside `place`: `place` becomes the outer of its outermost level (a pane on
    /// another host inside the terminal where `winctl ssh` runs).
    public func nested(in place: Place) -> Place {
        var nested = self
        nested.outer = outer?.nested(in: place) ?? place
        return nested
    }

    /// Hashes every identifier and the outer place.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Replaces the identifiers with `body`'s change of them.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = Storage(fields)
    }

    /// The identifiers themselves, as the wire has them (``Place``'s `Codable` form).
    private struct Fields: Sendable, Hashable, Codable {
        var kind: PlaceKind
        var socket, pane, session, name, window, listenOn, windowID, display, instance: String?
        var pid: Int32?
        var conID: Int64?
        var workspace: String?
        var outer: Place?

        /// The member names on the wire, in the order they are written: kind, then the
        /// identifiers present, then `outer`.
        enum CodingKeys: String, CodingKey {
            case kind, socket, pane, session, name, window
            case listenOn = "listen_on"
            case windowID = "window_id"
            case display, instance, pid
            case conID = "con_id"
            case workspace, outer
        }
    }

    /// The one reference a place holds; never changed once made, so shared freely.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
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

extension Place: Codable {
    /// Reads a place; unknown members are ignored, a wrong type or an unknown kind is refused,
    /// and so is nesting deeper than ``maximumDepth``.
    public init(from decoder: any Decoder) throws {
        let fields = try Fields(from: decoder)
        if let outer = fields.outer, outer.levels.count >= Place.maximumDepth {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [Fields.CodingKeys.outer],
                    debugDescription: "a place nests at most \(Place.maximumDepth) deep"
                )
            )
        }
        storage = Storage(fields)
    }

    /// Writes `kind`, then the identifiers present, then `outer`.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }
}
