import Testing
import WindowProtocol

/// The wire form of a place: flat identifiers next to `kind`, `outer` nested, exact both ways.
@Suite("Place on the wire")
struct PlaceTests {
    static let nested = Place(
        kind: .tmux,
        socket: "/tmp/tmux-1000/default",
        pane: "%3",
        session: "$0",
        outer: Place(
            kind: .kitty,
            listenOn: "unix:/tmp/kitty \"1\"",
            windowID: "2",
            outer: Place(kind: .sway, socket: "/run/user/1000/sway.sock", display: "wayland-1", pid: 4242)
        )
    )

    static let all: [Place] = [
        nested,
        Place(kind: .screen, session: "1234.s", window: "0"),
        Place(kind: .wezterm, socket: "/run/user/1000/wezterm/gui-sock-1", pane: "7"),
        Place(kind: .zellij, pane: "1", session: "happy-cat"),
        Place(kind: .x11, window: "4194318", display: ":9", pid: 99),
        Place(kind: .i3, socket: "/tmp/i3.sock", window: "4194318", display: ":9", workspace: "3: \"web\""),
        Place(kind: .sway, socket: "/tmp/sway.sock", conID: 12),
        Place(kind: .hyprland, instance: "abc_123", pid: 5),
        Place(kind: .niri, socket: "/run/niri.sock", pid: 6),
        Place(kind: .terminal),
        Place(kind: .terminal, pid: 7),
    ]

    /// `json` read as a place, through the decoder every request's params go through.
    static func place(_ json: [UInt8]) throws -> Place {
        try JSONValueDecoder().decode(Place.self, from: JSONParser.parse(json))
    }

    @Test("writes kind first, the identifiers present in a fixed order, then outer")
    func exactText() throws {
        let text = String(decoding: try JSONWriter.bytes(Self.nested), as: UTF8.self)
        #expect(
            text
                == #"{"kind":"tmux","socket":"/tmp/tmux-1000/default","pane":"%3","session":"$0","outer":{"kind":"kitty","listen_on":"unix:/tmp/kitty \"1\"","window_id":"2","outer":{"kind":"sway","socket":"/run/user/1000/sway.sock","display":"wayland-1","pid":4242}}}"#
        )
    }

    @Test("every place reads back as it was", arguments: all)
    func roundTrip(place: Place) throws {
        #expect(try Self.place(JSONWriter.bytes(place)) == place)
    }

    @Test("unknown members are ignored; an unknown kind names the valid ones")
    func lenientMembersStrictKind() throws {
        let place = try Self.place(Array(#"{"kind":"screen","session":"1.s","window":"2","future":true}"#.utf8))
        #expect(place == Place(kind: .screen, session: "1.s", window: "2"))
        #expect(throws: DecodingError.self) { try Self.place(Array(#"{"kind":"gnome"}"#.utf8)) }
        #expect(throws: DecodingError.self) {
            try Self.place(Array(#"{"kind":"x11","pid":"12"}"#.utf8))
        }
    }

    @Test("nesting deeper than the limit is refused")
    func depthLimit() throws {
        var place = Place(kind: .terminal)
        for _ in 1..<Place.maximumDepth { place = Place(kind: .tmux, socket: "s", pane: "%1", outer: place) }
        #expect(place.levels.count == Place.maximumDepth)
        #expect(try Self.place(JSONWriter.bytes(place)) == place)
        let deeper = Place(kind: .tmux, socket: "s", pane: "%1", outer: place)
        #expect(throws: DecodingError.self) { try Self.place(JSONWriter.bytes(deeper)) }
    }

    @Test("a label for people: each level's kind and main identifier, innermost first")
    func label() {
        #expect(Self.nested.label == "tmux %3 in kitty 2 in sway pid 4242")
        #expect(Place(kind: .screen, session: "1.s", window: "0").label == "screen window 0")
        #expect(Place(kind: .i3, socket: "/i", window: "77").label == "i3 77")
        #expect(Place(kind: .terminal).label == "terminal")
    }

    @Test("levels go outward")
    func levels() {
        #expect(Self.nested.levels.map(\.kind) == [.tmux, .kitty, .sway])
        #expect(Self.nested.withoutOuter.outer == nil)
    }
}
