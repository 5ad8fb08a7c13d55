public import WindowProtocol

/// kitty's remote control over its socket: one message, one reply, no Python start-up.
public enum KittyRemoteControl {
    /// Sends `command` (a ``KittyMessage``) to kitty at `listenOn` (`unix:PATH` or
    /// `unix:@NAME`), and with `pid` only if that kitty listens there (a new kitty at the same
    /// address has its own window ids), and waits for its reply; the reply's `data`, if any.
    /// Throws what kitty refused or why it did not answer in `timeout` (or by `deadline`).
    @discardableResult
    public static func send(
        _ command: JSONValue,
        to listenOn: String,
        pid: Int32? = nil,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    ) throws(PlaceSocketFailure) -> JSONValue? {
        guard listenOn.hasPrefix("unix:") else {
            throw PlaceSocketFailure(description: "kitty at \(listenOn): only unix: addresses are supported")
        }
        let socket = try PlaceSocket(address: String(listenOn.dropFirst(5)), timeout: timeout, until: deadline)
        if let pid, let peer = socket.peerPID, peer != pid {
            throw PlaceSocketFailure(
                description: "kitty \(pid) is gone: another kitty (\(peer)) listens at \(listenOn)"
            )
        }
        try socket.send(KittyMessage.frame(command))
        let bytes = try socket.receive { KittyMessage.reply(in: $0) != nil }
        guard let reply = KittyMessage.reply(in: bytes), case .object(let members) = reply else {
            throw PlaceSocketFailure(description: "kitty sent no JSON reply")
        }
        guard members["ok"] == .bool(true) else {
            let error: String? = if case .string(let text)? = members["error"] { text } else { nil }
            throw PlaceSocketFailure(description: "kitty: " + (error ?? "refused"))
        }
        return members["data"]
    }
}

/// i3's and sway's IPC over their socket.
public enum I3IPC {
    /// Sends one message and returns the reply's payload, within `timeout` (and by `deadline`).
    public static func request(
        type: UInt32,
        payload: String,
        socket path: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    ) throws(PlaceSocketFailure) -> [UInt8] {
        let socket = try PlaceSocket(address: path, timeout: timeout, until: deadline)
        try socket.send(I3Message.frame(type: type, payload: payload))
        let bytes = try socket.receive { I3Message.reply(in: $0) != nil }
        return I3Message.reply(in: bytes) ?? []
    }

    /// Subscribes to `events` (a JSON array of event names) on a connection of its own, checks
    /// the reply, and returns the connection: every event follows on it, for the caller to read
    /// (``I3Message/messages(in:)``) and close.
    public static func subscribe(
        to events: String,
        socket path: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    ) throws(PlaceSocketFailure) -> Int32 {
        let socket = try PlaceSocket(address: path, timeout: timeout, until: deadline)
        try socket.send(I3Message.frame(type: I3MessageType.subscribe, payload: events))
        let bytes = try socket.receive { I3Message.reply(in: $0) != nil }
        let reply = try? JSONParser.parse(I3Message.reply(in: bytes) ?? [])
        guard case .object(let members)? = reply, members["success"] == .bool(true) else {
            throw PlaceSocketFailure(description: "subscribe to \(events): \(reply?.jsonText ?? "no reply")")
        }
        return socket.release()
    }

    /// Runs a command list (`[pid=31] focus`); throws unless every command succeeded.
    public static func command(_ payload: String, socket path: String, timeout: Duration) throws(PlaceSocketFailure) {
        let reply = try? JSONParser.parse(
            request(type: I3MessageType.runCommand, payload: payload, socket: path, timeout: timeout)
        )
        guard case .array(let outcomes)? = reply, !outcomes.isEmpty,
            outcomes.allSatisfy({
                if case .object(let members) = $0 { members["success"] == .bool(true) } else { false }
            })
        else {
            throw PlaceSocketFailure(description: "\(payload): \(reply?.jsonText ?? "no reply")")
        }
    }
}

/// niri's IPC: the window of a process, then a focus action.
enum NiriIPC {
    static func focusWindow(ofProcess pid: Int32, socket path: String, timeout: Duration) throws(PlaceSocketFailure) {
        let windows = try request(NiriMessage.windows, socket: path, timeout: timeout)
        guard let id = NiriMessage.window(ofProcess: pid, in: windows) else {
            throw PlaceSocketFailure(description: "niri has no window of process \(pid)")
        }
        let reply = try request(NiriMessage.focusWindow(id: id), socket: path, timeout: timeout)
        guard case .object(let members) = reply, members["Ok"] != nil else {
            throw PlaceSocketFailure(description: "niri: \(reply.jsonText)")
        }
    }

    private static func request(
        _ bytes: [UInt8],
        socket path: String,
        timeout: Duration
    ) throws(PlaceSocketFailure) -> JSONValue {
        let socket = try PlaceSocket(address: path, timeout: timeout)
        try socket.send(bytes)
        let reply = try socket.receive { $0.contains(UInt8(ascii: "\n")) }
        guard let value = try? JSONParser.parse(reply.prefix { $0 != UInt8(ascii: "\n") }) else {
            throw PlaceSocketFailure(description: "niri sent no JSON reply")
        }
        return value
    }
}
