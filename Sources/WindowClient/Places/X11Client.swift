import Glibc
import POSIXSupport

/// A connection to an X server over its local socket that asks what a presenter needs to know
/// of a window (``X11Message``), each reply awaited with a deadline: no Xlib, no program run.
public final class X11Client {
    private let socket: PlaceSocket
    /// `WM_STATE`, `_NET_WM_STATE`, `_NET_WM_STATE_HIDDEN` on this server.
    private var atoms: [UInt32] = []

    /// Connects to local display `display` (`:0`) with the cookie of `$XAUTHORITY` (else
    /// `~/.Xauthority`) if it has one. Throws if the display is not local or refuses. Each
    /// reply is awaited for `timeout`, and none after `deadline` if one is given.
    public init(
        display: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    )
        throws(PlaceSocketFailure)
    {
        socket = try Self.connect(display: display, timeout: timeout, until: deadline)
    }

    /// Asks the server to send a connection of its own ``X11Visibility/eventMask``'s events
    /// of `window`, waits until it has, and returns that connection: every event follows on
    /// it, 32 bytes each (``X11Message/messages(in:)``), for the caller to read and close.
    public static func subscribe(
        to window: UInt32,
        display: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    ) throws(PlaceSocketFailure) -> Int32 {
        let socket = try connect(display: display, timeout: timeout, until: deadline)
        try socket.send(X11Message.selectEvents(window, mask: X11Visibility.eventMask))
        _ = try request(X11Message.roundTrip, on: socket)
        return socket.release()
    }

    private static func connect(
        display: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant?
    ) throws(PlaceSocketFailure) -> PlaceSocket {
        guard let path = X11Visibility.socketPath(display: display), let number = X11Visibility.displayNumber(display)
        else {
            throw PlaceSocketFailure(description: "X11 display \(display): only a local display (:N) is watched")
        }
        let socket: PlaceSocket
        do {
            socket = try PlaceSocket(address: path, timeout: timeout, until: deadline)
        } catch {
            socket = try PlaceSocket(address: "@" + path, timeout: timeout, until: deadline)
        }
        let cookie = authorityFile().flatMap { X11Authority.cookie(in: $0, hostname: hostname(), display: number) }
        try socket.send(X11Message.setup(authorization: cookie.map { ("MIT-MAGIC-COOKIE-1", $0) }))
        let reply = try socket.receive { X11Message.setupReplyLength(in: $0) != nil }
        if let refusal = X11Message.setupRefusal(reply) {
            throw PlaceSocketFailure(description: "X11 display \(display): \(refusal)")
        }
        return socket
    }

    /// The top-level window `window` belongs to: the first of it and its ancestors that has
    /// `WM_STATE` (the client window a window manager knows), else the child of the root
    /// (xterm's `$WINDOWID` is its text widget inside it).
    public func topLevel(of window: UInt32) throws(PlaceSocketFailure) -> UInt32 {
        try internAtoms()
        var window = window
        while true {
            if X11Message.hasProperty(try request(X11Message.getProperty(window, property: atoms[0], length: 0))) {
                return window
            }
            let tree = try request(X11Message.queryTree(window))
            let root = X11Message.field(0, ofReply: tree)
            let parent = X11Message.field(1, ofReply: tree)
            if parent == root || parent == 0 { return window }
            window = parent
        }
    }

    /// Raises the top-level window `window` belongs to (``topLevel(of:)``) above its siblings,
    /// and waits until the server has taken it: with no window manager, nothing else raises it.
    public func raise(_ window: UInt32) throws(PlaceSocketFailure) {
        try socket.send(X11Message.raise(try topLevel(of: window)))
        _ = try request(X11Message.roundTrip)
    }

    /// Whether `window` is shown now (``X11Visibility/visibility(mapState:wmState:netWMState:hiddenAtom:)``).
    public func visibility(of window: UInt32) throws(PlaceSocketFailure) -> Visibility {
        try internAtoms()
        let mapState = X11Message.mapState(ofReply: try request(X11Message.getWindowAttributes(window)))
        let wmState = X11Message.values(
            ofPropertyReply: try request(X11Message.getProperty(window, property: atoms[0]))
        )
        let netWMState = X11Message.values(
            ofPropertyReply: try request(X11Message.getProperty(window, property: atoms[1]))
        )
        return X11Visibility.visibility(
            mapState: mapState,
            wmState: wmState,
            netWMState: netWMState,
            hiddenAtom: atoms[2]
        )
    }

    private func internAtoms() throws(PlaceSocketFailure) {
        guard atoms.isEmpty else { return }
        for name in X11Visibility.atoms {
            atoms.append(X11Message.field(0, ofReply: try request(X11Message.internAtom(name))))
        }
    }

    private func request(_ bytes: [UInt8]) throws(PlaceSocketFailure) -> [UInt8] { try Self.request(bytes, on: socket) }

    /// Sends `bytes` and returns the reply, past any event before it; throws the server's error instead.
    private static func request(
        _ bytes: [UInt8],
        on socket: PlaceSocket
    ) throws(PlaceSocketFailure) -> [UInt8] {
        func answer(in bytes: [UInt8]) -> [UInt8]? {
            var buffer = bytes
            return X11Message.messages(in: &buffer).first { $0[0] < 2 }
        }
        try socket.send(bytes)
        guard let message = answer(in: try socket.receive { answer(in: $0) != nil }) else {
            throw PlaceSocketFailure(description: "X11: no reply")
        }
        if let error = X11Message.error(in: message) { throw PlaceSocketFailure(description: error) }
        return message
    }

    private static func authorityFile() -> [UInt8]? {
        let path =
            getenv("XAUTHORITY").map { String(cString: $0) }
            ?? getenv("HOME").map { String(cString: $0) + "/.Xauthority" }
        return path.flatMap { try? WholeFile.read($0) }
    }

    private static func hostname() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
