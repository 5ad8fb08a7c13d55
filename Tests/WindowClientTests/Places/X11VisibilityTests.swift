import Testing
import WindowClient
import WindowProtocol

extension VisibilityTests {
    @Test(
        "bare X11: a window is hidden while unmapped, iconified (WM_STATE) or _NET_WM_STATE_HIDDEN; unviewable counts as mapped"
    )
    func x11State() {
        #expect(
            X11Visibility.visibility(mapState: 2, wmState: [], netWMState: [], hiddenAtom: 0) == .shown,
            "no window manager: mapped is shown"
        )
        #expect(
            X11Visibility.visibility(mapState: 0, wmState: [], netWMState: [], hiddenAtom: 0) == .hidden,
            "xdotool windowunmap"
        )
        #expect(X11Visibility.visibility(mapState: 1, wmState: [1, 0], netWMState: [], hiddenAtom: 0) == .shown)
        #expect(
            X11Visibility.visibility(mapState: 2, wmState: [3, 0], netWMState: [], hiddenAtom: 0) == .hidden,
            "IconicState"
        )
        #expect(
            X11Visibility.visibility(mapState: 2, wmState: [1, 0], netWMState: [300, 301], hiddenAtom: 301) == .hidden
        )
        #expect(X11Visibility.visibility(mapState: 2, wmState: [1, 0], netWMState: [300], hiddenAtom: 301) == .shown)
        #expect(
            X11Visibility.visibility(mapState: 2, wmState: [], netWMState: [0], hiddenAtom: 0) == .shown,
            "no _NET_WM_STATE_HIDDEN atom on this server"
        )
    }

    @Test("bare X11: only a local display is watched, through its socket in /tmp/.X11-unix")
    func x11Display() {
        #expect(X11Visibility.socketPath(display: ":0") == "/tmp/.X11-unix/X0")
        #expect(X11Visibility.socketPath(display: ":12.1") == "/tmp/.X11-unix/X12")
        #expect(X11Visibility.socketPath(display: "unix:3") == "/tmp/.X11-unix/X3")
        #expect(X11Visibility.socketPath(display: "remote:0") == nil, "over TCP")
        #expect(X11Visibility.socketPath(display: "") == nil)
        #expect(X11Visibility.socketPath(display: ":") == nil)
        #expect(X11Visibility.socketPath(display: ":x") == nil)
    }

    @Test("bare X11: requests are little-endian, padded to 4 bytes, their length in 4-byte units")
    func x11Requests() {
        #expect(X11Message.setup(authorization: nil) == [0x6C, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        let setup = X11Message.setup(authorization: ("MIT-MAGIC-COOKIE-1", [UInt8](repeating: 7, count: 16)))
        #expect(setup.count == 12 + 20 + 16 && setup[6] == 18 && setup[8] == 16 && setup[30] == 0 && setup[32] == 7)
        #expect(X11Message.internAtom("WM_STATE") == [16, 0, 4, 0, 8, 0, 0, 0] + Array("WM_STATE".utf8))
        #expect(X11Message.internAtom("_NET_WM_STATE").count == 8 + 16)
        #expect(X11Message.queryTree(0x0040_0022) == [15, 0, 2, 0, 0x22, 0, 0x40, 0])
        #expect(X11Message.getWindowAttributes(5) == [3, 0, 2, 0, 5, 0, 0, 0])
        #expect(
            X11Message.getProperty(5, property: 300, length: 2) == [
                20, 0, 6, 0, 5, 0, 0, 0, 44, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,
            ]
        )
        #expect(
            X11Message.selectEvents(5, mask: X11Visibility.eventMask) == [
                2, 0, 4, 0, 5, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0x42, 0,
            ]
        )
        #expect(X11Message.roundTrip == [43, 0, 1, 0])
    }

    @Test(
        "bare X11: replies, events and errors are taken whole out of a stream; a property's values and a setup's refusal are read"
    )
    func x11Replies() {
        var event = [UInt8](repeating: 0, count: 32)
        event[0] = 18
        var reply = [UInt8](repeating: 0, count: 32 + 8)
        reply[0] = 1
        reply[1] = 32
        reply[4] = 2
        reply[8] = 44
        reply[9] = 1
        reply[16] = 2
        reply[32] = 3
        reply[36] = 9
        var buffer = event + reply + [1, 2, 3]
        let messages = X11Message.messages(in: &buffer)
        #expect(messages == [event, reply])
        #expect(buffer == [1, 2, 3])
        #expect(X11Message.values(ofPropertyReply: reply) == [3, 9])
        #expect(X11Message.hasProperty(reply) && X11Message.field(0, ofReply: reply) == 300)
        var none = [UInt8](repeating: 0, count: 32)
        none[0] = 1
        #expect(X11Message.values(ofPropertyReply: none).isEmpty && !X11Message.hasProperty(none))

        var error = [UInt8](repeating: 0, count: 32)
        error[1] = 3
        error[10] = 20
        #expect(X11Message.error(in: error) == "X11 error 3 (BadWindow) for request 20")
        #expect(X11Message.error(in: reply) == nil)

        var attributes = [UInt8](repeating: 0, count: 44)
        attributes[26] = 2
        #expect(X11Message.mapState(ofReply: attributes) == 2)

        let refusal: [UInt8] = [0, 12, 11, 0, 0, 0, 4, 0] + Array("No protocol\n\0\0\0\0".utf8)
        #expect(X11Message.setupReplyLength(in: refusal) == 24)
        #expect(X11Message.setupReplyLength(in: Array(refusal.prefix(20))) == nil)
        #expect(X11Message.setupRefusal(refusal) == "refused: No protocol")
        #expect(X11Message.setupRefusal([1, 0, 11, 0, 0, 0, 0, 0]) == nil)
    }

    @Test("bare X11: the cookie is the Xauthority entry for this host (or any) and this display (or any)")
    func x11Authority() {
        func entry(family: UInt16, address: String, number: String, cookie: UInt8) -> [UInt8] {
            func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
            return [UInt8(family >> 8), UInt8(family & 0xFF)] + field(Array(address.utf8)) + field(Array(number.utf8))
                + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field([cookie, cookie])
        }
        let file =
            entry(family: 256, address: "other", number: "0", cookie: 1)
            + entry(family: 256, address: "box", number: "1", cookie: 2)
            + entry(family: 256, address: "box", number: "0", cookie: 3)
            + entry(family: 0xFFFF, address: "", number: "", cookie: 4)
        #expect(X11Authority.cookie(in: file, hostname: "box", display: "0") == [3, 3])
        #expect(X11Authority.cookie(in: file, hostname: "box", display: "1") == [2, 2])
        #expect(X11Authority.cookie(in: file, hostname: "box", display: "5") == [4, 4], "a wildcard entry")
        #expect(X11Authority.cookie(in: Array(file.prefix(10)), hostname: "other", display: "0") == nil, "a cut entry")
        #expect(X11Authority.cookie(in: [], hostname: "box", display: "0") == nil)
    }
}
