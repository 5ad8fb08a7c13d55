/// Whether an X11 window can be seen, from the X server itself: its top-level window is hidden
/// while unmapped (`xdotool windowunmap`, no window manager needed), iconified (ICCCM
/// `WM_STATE` is IconicState) or hidden (EWMH `_NET_WM_STATE` holds `_NET_WM_STATE_HIDDEN`).
/// A watcher is told of each change by the server's events (StructureNotify and
/// PropertyChange on that window), so nothing is asked on a timer (ARCHITECTURE.md, "Visibility").
public enum X11Visibility {
    /// The atoms a watcher interns on its connection, in this order.
    public static let atoms = ["WM_STATE", "_NET_WM_STATE", "_NET_WM_STATE_HIDDEN"]

    /// ICCCM's `WM_STATE` state of an iconified window.
    public static let iconicState: UInt32 = 3

    /// The events that can change what the user sees of a window: map, unmap, reparent, destroy
    /// (StructureNotify) and a property's change (PropertyChange).
    public static let eventMask: UInt32 = 1 << 17 | 1 << 22

    /// The Unix socket of display `display` (`:0`, `:0.1`, `unix:0`), or `nil` for a display
    /// reached over TCP (`host:0`), which is not watched.
    public static func socketPath(display: String) -> String? {
        guard let number = displayNumber(display) else { return nil }
        return "/tmp/.X11-unix/X" + number
    }

    /// The display's number (`:12.0` gives `12`), or `nil` unless it is a local display.
    public static func displayNumber(_ display: String) -> String? {
        let host = display.prefix { $0 != ":" }
        guard host.isEmpty || host == "unix", display.count > host.count else { return nil }
        let number = display.dropFirst(host.count + 1).prefix { $0 != "." }
        return !number.isEmpty && number.allSatisfy(\.isNumber) ? String(number) : nil
    }

    /// Whether a window is shown, from its map state (GetWindowAttributes: 0 is unmapped), its
    /// `WM_STATE` (empty if it has none) and its `_NET_WM_STATE` atoms.
    public static func visibility(
        mapState: UInt8,
        wmState: [UInt32],
        netWMState: [UInt32],
        hiddenAtom: UInt32
    ) -> Visibility {
        let hidden =
            mapState == 0 || wmState.first == iconicState || (hiddenAtom != 0 && netWMState.contains(hiddenAtom))
        return hidden ? .hidden : .shown
    }
}

/// The few messages of the X11 core protocol that a visibility watcher speaks, little-endian
/// (the byte order a client picks at connection setup), each request a multiple of 4 bytes.
public enum X11Message {
    /// The connection setup request, with an authorization (`MIT-MAGIC-COOKIE-1` and its
    /// cookie) or none.
    public static func setup(authorization: (name: String, data: [UInt8])?) -> [UInt8] {
        let name = Array((authorization?.name ?? "").utf8)
        let data = authorization?.data ?? []
        return [UInt8(ascii: "l"), 0] + card16(11) + card16(0) + card16(UInt16(name.count)) + card16(UInt16(data.count))
            + [0, 0]
            + padded(name) + padded(data)
    }

    /// The length of the setup reply at the start of `bytes`, once all of it is there.
    public static func setupReplyLength(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8 else { return nil }
        let length = 8 + 4 * Int(card16(bytes, at: 6))
        return bytes.count >= length ? length : nil
    }

    /// Why the server refused the connection, or `nil` if it accepted it.
    public static func setupRefusal(_ reply: [UInt8]) -> String? {
        switch reply.first {
        case 1: return nil
        case 0:
            let reason = reply.dropFirst(8).prefix(Int(reply[1]))
            return "refused: " + String(decoding: reason, as: UTF8.self).trimmingSuffix("\n")
        default: return "asks for more authentication than MIT-MAGIC-COOKIE-1"
        }
    }

    /// InternAtom, made if no client has yet (so that a window manager started later uses
    /// the same atom): its reply holds the atom.
    public static func internAtom(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        return request(16, card16(UInt16(bytes.count)) + [0, 0] + padded(bytes))
    }

    /// QueryTree: its reply holds the window's root and parent.
    public static func queryTree(_ window: UInt32) -> [UInt8] { request(15, card32(window)) }

    /// ConfigureWindow of the stack mode alone, `Above`: the window goes on top of its
    /// siblings (a window manager, if there is one, is asked instead and decides).
    public static func raise(_ window: UInt32) -> [UInt8] { request(12, card32(window) + card32(1 << 6) + card32(0)) }

    /// GetWindowAttributes: its reply holds the map state.
    public static func getWindowAttributes(_ window: UInt32) -> [UInt8] { request(3, card32(window)) }

    /// GetProperty of any type, up to `length` 32-bit units, not deleted.
    public static func getProperty(_ window: UInt32, property: UInt32, length: UInt32 = 64) -> [UInt8] {
        request(20, card32(window) + card32(property) + card32(0) + card32(0) + card32(length))
    }

    /// ChangeWindowAttributes of the event mask alone: this connection is sent `mask`'s events.
    public static func selectEvents(_ window: UInt32, mask: UInt32) -> [UInt8] {
        request(2, card32(window) + card32(1 << 11) + card32(mask))
    }

    /// GetInputFocus, sent after requests without replies to learn the server has done them.
    public static let roundTrip = request(43, [])

    /// The length of the first whole message (reply, event or error) in `bytes`, if it is all there.
    public static func messageLength(in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 32 else { return nil }
        let length = bytes.first == 1 ? 32 + 4 * Int(card32(bytes, at: 4)) : 32
        return bytes.count >= length ? length : nil
    }

    /// Takes every whole message off the front of `buffer`.
    public static func messages(in buffer: inout [UInt8]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var start = 0
        while let length = messageLength(in: buffer[start...]) {
            messages.append(Array(buffer[start..<start + length]))
            start += length
        }
        buffer.removeFirst(start)
        return messages
    }

    /// An error's words (`X11 error 3 (BadWindow) for request 20`), or `nil` if `message` is
    /// not an error.
    public static func error(in message: [UInt8]) -> String? {
        guard message.first == 0, message.count >= 32 else { return nil }
        let names = [3: "BadWindow", 5: "BadAtom", 11: "BadAlloc", 16: "BadLength"]
        return "X11 error \(message[1])" + (names[Int(message[1])].map { " (\($0))" } ?? "")
            + " for request \(message[10])"
    }

    /// The `index`th 32-bit field of a reply after its 8-byte header (InternAtom's atom is 0,
    /// QueryTree's root 0 and parent 1).
    public static func field(_ index: Int, ofReply reply: [UInt8]) -> UInt32 { card32(reply[...], at: 8 + 4 * index) }

    /// GetWindowAttributes' map state: 0 unmapped, 1 unviewable, 2 viewable.
    public static func mapState(ofReply reply: [UInt8]) -> UInt8 { reply[26] }

    /// GetProperty's value as 32-bit items: empty if the window has no such property or it is
    /// not of format 32.
    public static func values(ofPropertyReply reply: [UInt8]) -> [UInt32] {
        guard reply[1] == 32 else { return [] }
        let count = min(Int(card32(reply[...], at: 16)), (reply.count - 32) / 4)
        return (0..<count).map { card32(reply[...], at: 32 + 4 * $0) }
    }

    /// Whether GetProperty's reply says the window has the property (its type is not None).
    public static func hasProperty(_ reply: [UInt8]) -> Bool { card32(reply[...], at: 8) != 0 }

    static func request(_ opcode: UInt8, data: UInt8 = 0, _ body: [UInt8]) -> [UInt8] {
        [opcode, data] + card16(UInt16(1 + body.count / 4)) + body
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
    static func card16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func card32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    static func card16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
    static func card32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        return (0..<4).reduce(0) { $0 | UInt32(bytes[start + $1]) << (8 * $1) }
    }
}

/// The cookie an X server wants, from an Xauthority file (`$XAUTHORITY`, else `~/.Xauthority`):
/// entries of family, address, display number, name and data, each but the family a big-endian
/// length and bytes.
public enum X11Authority {
    /// The `MIT-MAGIC-COOKIE-1` for local display `number` on host `hostname`, if the file has
    /// one: an entry for that host (family Local) or any host (family Wild), for that display
    /// or any.
    public static func cookie(in file: [UInt8], hostname: String, display number: String) -> [UInt8]? {
        var offset = 0
        func field() -> [UInt8]? {
            guard offset + 2 <= file.count else { return nil }
            let length = Int(file[offset]) << 8 | Int(file[offset + 1])
            guard offset + 2 + length <= file.count else { return nil }
            defer { offset += 2 + length }
            return Array(file[offset + 2..<offset + 2 + length])
        }
        while offset + 2 <= file.count {
            let family = Int(file[offset]) << 8 | Int(file[offset + 1])
            offset += 2
            guard let address = field(), let entryNumber = field(), let name = field(), let data = field() else {
                return nil
            }
            let host = family == 0xFFFF || (family == 256 && address == Array(hostname.utf8))
            if host, entryNumber.isEmpty || entryNumber == Array(number.utf8), name == Array("MIT-MAGIC-COOKIE-1".utf8)
            {
                return data
            }
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
