import WindowProtocol

/// One remote control message to kitty and its reply.
enum KittyConversation {
    static func send(_ command: JSONValue, to listenOn: String, timeout: Duration) throws(PlaceSocket.Failure) {
        guard listenOn.hasPrefix("unix:") else { throw PlaceSocket.Failure(description: "kitty at \(listenOn): only unix: addresses are supported") }
        let socket = try PlaceSocket(address: String(listenOn.dropFirst(5)), timeout: timeout)
        try socket.send(KittyMessage.frame(command))
        let bytes = try socket.receive { KittyMessage.reply(in: $0) != nil }
        guard let reply = KittyMessage.reply(in: bytes), case .object(let members) = reply else {
            throw PlaceSocket.Failure(description: "kitty sent no JSON reply")
        }
        guard members["ok"] == .bool(true) else {
            throw PlaceSocket.Failure(description: "kitty: " + (members["error"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? "refused"))
        }
    }
}

/// One i3/sway IPC command and its reply (`[{"success":true}]`).
enum I3Conversation {
    static func command(type: UInt32, payload: String, socket path: String, timeout: Duration) throws(PlaceSocket.Failure) {
        let socket = try PlaceSocket(address: path, timeout: timeout)
        try socket.send(I3Message.frame(type: type, payload: payload))
        let bytes = try socket.receive { I3Message.reply(in: $0) != nil }
        guard type == I3MessageType.runCommand else { return }
        let reply = try? JSONParser.parse(I3Message.reply(in: bytes) ?? [])
        guard case .array(let outcomes)? = reply, !outcomes.isEmpty,
              outcomes.allSatisfy({ if case .object(let members) = $0 { members["success"] == .bool(true) } else { false } }) else {
            throw PlaceSocket.Failure(description: "\(payload): \(reply?.jsonText ?? "no reply")")
        }
    }
}

/// niri: the window of a process, then a focus action.
enum NiriConversation {
    static func focusWindow(ofProcess pid: Int32, socket path: String, timeout: Duration) throws(PlaceSocket.Failure) {
        let windows = try request(NiriMessage.windows, socket: path, timeout: timeout)
        guard let id = NiriMessage.window(ofProcess: pid, in: windows) else { throw PlaceSocket.Failure(description: "niri has no window of process \(pid)") }
        let reply = try request(NiriMessage.focusWindow(id: id), socket: path, timeout: timeout)
        guard case .object(let members) = reply, members["Ok"] != nil else { throw PlaceSocket.Failure(description: "niri: \(reply.jsonText)") }
    }

    private static func request(_ bytes: [UInt8], socket path: String, timeout: Duration) throws(PlaceSocket.Failure) -> JSONValue {
        let socket = try PlaceSocket(address: path, timeout: timeout)
        try socket.send(bytes)
        let reply = try socket.receive { $0.contains(UInt8(ascii: "\n")) }
        guard let value = try? JSONParser.parse(reply.prefix { $0 != UInt8(ascii: "\n") }) else { throw PlaceSocket.Failure(description: "niri sent no JSON reply") }
        return value
    }
}
