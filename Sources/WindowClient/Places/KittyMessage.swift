public import WindowProtocol

/// kitty's remote control messages (kitty's docs, "The kitty remote control protocol").
public enum KittyMessage {
    /// The protocol version sent: kitty refuses a client newer than itself (major and minor,
    /// `remote_control.py`), so an old one, the version of the protocol docs' own example.
    public static let version: JSONValue = .array([.int(0), .int(14), .int(2)])

    /// The message object for `command` with `payload`.
    public static func command(_ command: String, payload: [String: JSONValue]) -> JSONValue {
        .object(["cmd": .string(command), "version": version, "payload": .object(payload)])
    }

    /// The bytes on the socket: `ESC P @kitty-cmd` JSON `ESC \`.
    public static func frame(_ message: JSONValue) -> [UInt8] {
        var json = JSONBytes()
        json.write(message)
        return Array("\u{1B}P@kitty-cmd".utf8) + json.bytes + [0x1B, UInt8(ascii: "\\")]
    }
}

extension KittyMessage {
    /// The JSON of the whole reply framed at the start of `bytes`, or `nil` while incomplete.
    public static func reply(in bytes: [UInt8]) -> JSONValue? {
        let start = Array("\u{1B}P@kitty-cmd".utf8)
        guard bytes.count >= start.count + 2, Array(bytes.prefix(start.count)) == start else { return nil }
        guard
            let end = (start.count..<(bytes.count - 1)).first(where: {
                bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "\\")
            })
        else { return nil }
        return try? JSONParser.parse(bytes[start.count..<end])
    }
}
