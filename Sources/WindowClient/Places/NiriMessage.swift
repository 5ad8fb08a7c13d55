public import WindowProtocol

/// niri's IPC requests (niri-ipc: one JSON request per line on `$NIRI_SOCKET`, one JSON reply line).
public enum NiriMessage {
    /// `"Windows"`: the list of windows, each with `id` and `pid`.
    public static let windows = Array("\"Windows\"\n".utf8)

    /// `{"Action":{"FocusWindow":{"id":N}}}`.
    public static func focusWindow(id: Int64) -> [UInt8] {
        Array("{\"Action\":{\"FocusWindow\":{\"id\":\(id)}}}\n".utf8)
    }

    /// The id of the window of process `pid` in a reply to ``windows``.
    public static func window(ofProcess pid: Int32, in reply: JSONValue) -> Int64? {
        guard case .object(let outer) = reply, case .object(let ok)? = outer["Ok"],
            case .array(let windows)? = ok["Windows"]
        else { return nil }
        for case .object(let window) in windows {
            if case .int(let candidate)? = window["pid"], candidate == Int64(pid), case .int(let id)? = window["id"] {
                return id
            }
        }
        return nil
    }
}
