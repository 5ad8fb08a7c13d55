import Testing
import WindowProtocol

/// `Place` keeps its identifiers behind one shared reference: it must still behave as a plain
/// value — a change to a copy leaves the original alone, equality and hashing see every member.
@Suite("Place as a value")
struct PlaceValueTests {
    static let nested = Place(
        kind: .tmux,
        socket: "/tmp/tmux-0/default",
        pane: "%3",
        session: "$0",
        outer: Place(
            kind: .kitty,
            listenOn: "unix:/tmp/k",
            windowID: "1",
            outer: Place(kind: .x11, window: "4194318", display: ":1")
        )
    )

    @Test("a place on another host nested in a local one keeps its levels and gets the local one outermost")
    func nesting() {
        let local = Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%1")
        let remote = Self.nested.nested(in: local)
        #expect(remote.pane == "%3" && remote.outer?.kind == .kitty && remote.outer?.outer?.kind == .x11)
        #expect(remote.outer?.outer?.outer == local)
        #expect(Place(kind: .terminal).nested(in: local).outer == local)
        #expect(Self.nested.outer?.outer?.outer == nil, "the original is unchanged")
    }

    @Test("a changed copy leaves the original as it was")
    func copies() {
        var copy = Self.nested
        copy.pane = "%4"
        copy.outer?.windowID = "2"
        copy.pid = 7
        #expect(Self.nested.pane == "%3" && Self.nested.outer?.windowID == "1" && Self.nested.pid == nil)
        #expect(copy.pane == "%4" && copy.outer?.windowID == "2" && copy.pid == 7 && copy.session == "$0")
        #expect(copy != Self.nested)
    }

    @Test("places made apart with the same members are equal and hash alike")
    func equality() {
        let again = Place(
            kind: .tmux,
            socket: "/tmp/tmux-0/default",
            pane: "%3",
            session: "$0",
            outer: Place(
                kind: .kitty,
                listenOn: "unix:/tmp/k",
                windowID: "1",
                outer: Place(kind: .x11, window: "4194318", display: ":1")
            )
        )
        #expect(again == Self.nested)
        #expect(Set([again, Self.nested]).count == 1)
        #expect(Self.nested.withoutOuter != Self.nested && Self.nested.withoutOuter.outer == nil)
        #expect(Self.nested.levels.map(\.kind) == [.tmux, .kitty, .x11])
    }
}

/// What a client that decodes only protocol 1's outcomes is told.
@Suite("Open outcomes told")
struct OpenOutcomeToldTests {
    @Test("the original outcomes as they are, the added ones only to a client that lists them")
    func told() {
        for outcome in OpenOutcome.allCases {
            let original = OpenOutcome.original.contains(outcome)
            #expect(outcome.told(understanding: []) == (original ? outcome : .focused))
            #expect(outcome.told(understanding: OpenOutcome.added) == outcome)
            #expect(outcome.told(understanding: [outcome.rawValue]) == outcome)
        }
    }
}
