import Testing
import WindowClient
import WindowProtocol

/// The bytes spoken on kitty's, i3's/sway's and niri's sockets.
@Suite("Socket messages")
struct SocketMessageTests {
    @Test("i3-ipc: magic, little-endian length and type, payload; a reply is cut out when whole")
    func i3() {
        let bytes = I3Message.frame(type: 0, payload: "[pid=7] focus")
        #expect(bytes == Array("i3-ipc".utf8) + [13, 0, 0, 0, 0, 0, 0, 0] + Array("[pid=7] focus".utf8))
        let reply = Array("i3-ipc".utf8) + [18, 0, 0, 0, 0, 0, 0, 0] + Array(#"[{"success":true}]"#.utf8)
        #expect(I3Message.reply(in: Array(reply.dropLast())) == nil)
        #expect(I3Message.reply(in: reply) == Array(#"[{"success":true}]"#.utf8))
        #expect(I3Message.frame(type: 0x1_0203, payload: "").suffix(8) == [0, 0, 0, 0, 3, 2, 1, 0])
    }

    @Test("kitty: ESC P @kitty-cmd JSON ESC backslash, both ways")
    func kitty() throws {
        let message = KittyMessage.command("focus-window", payload: ["match": .string("id:3")])
        let bytes = KittyMessage.frame(message)
        #expect(bytes.prefix(12) == Array("\u{1B}P@kitty-cmd".utf8)[...])
        #expect(bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")])
        #expect(try JSONParser.parse(bytes.dropFirst(12).dropLast(2)) == message)
        #expect(KittyMessage.reply(in: bytes) == message)
        #expect(KittyMessage.reply(in: Array(bytes.dropLast())) == nil)
        let reply = Array("\u{1B}P@kitty-cmd{\"ok\": true}\u{1B}\\".utf8)
        #expect(KittyMessage.reply(in: reply) == .object(["ok": .bool(true)]))
    }

    @Test("niri: the windows request, the window of a pid, the focus action")
    func niri() throws {
        #expect(String(decoding: NiriMessage.windows, as: UTF8.self) == "\"Windows\"\n")
        #expect(
            String(decoding: NiriMessage.focusWindow(id: 12), as: UTF8.self)
                == "{\"Action\":{\"FocusWindow\":{\"id\":12}}}\n"
        )
        let reply = try JSONParser.parse(
            Array(#"{"Ok":{"Windows":[{"id":3,"pid":10,"title":"a"},{"id":12,"pid":31,"title":"b"}]}}"#.utf8)
        )
        #expect(NiriMessage.window(ofProcess: 31, in: reply) == 12)
        #expect(NiriMessage.window(ofProcess: 99, in: reply) == nil)
    }
}
