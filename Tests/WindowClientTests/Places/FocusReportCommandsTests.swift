import Testing
import WindowClient
import WindowProtocol

/// The exact tmux argv that turns `focus-events` on for a presenter, and the one that then makes
/// tmux work out the focus of the panes its clients show (winctl(1), Attached terminals).
@Suite("Focus report commands")
struct FocusReportCommandsTests {
    static let tmux = Place(kind: .tmux, socket: "/t", pane: "%3", session: "$0")

    @Test("tmux: one client asks whether focus-events was on, turns it on, and lists the clients with their sessions")
    func turnOn() {
        #expect(
            PlaceCommands.focusReports(at: Self.tmux) == [
                "tmux", "-S", "/t", "show-options", "-sv", "focus-events", ";", "set-option", "-s", "focus-events",
                "on", ";", "list-clients", "-F", "#{client_name}\t#{session_id}",
            ]
        )
    }

    @Test(
        "other places have no setting for it",
        arguments: [
            Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"), Place(kind: .screen, session: "9.s", window: "2"),
            Place(kind: .tmux, pane: "%3"),
        ]
    )
    func noSetting(place: Place) {
        #expect(PlaceCommands.focusReports(at: place) == nil)
        #expect(PlaceCommands.focusRefresh(at: place, after: "off\n/dev/pts/1\t$0\n") == nil)
    }

    @Test("turned on now: each attached client switched to the session it shows, in one tmux client")
    func refresh() {
        let answer = "off\n/dev/pts/1\t$0\n/dev/pts/2\t$4\n"
        #expect(
            PlaceCommands.focusRefresh(at: Self.tmux, after: answer) == [
                "tmux", "-S", "/t", "switch-client", "-E", "-c", "/dev/pts/1", "-t", "$0", ";", "switch-client", "-E",
                "-c", "/dev/pts/2", "-t", "$4",
            ]
        )
    }

    @Test("nothing to refresh when it was on already, or no client is attached, or a line is not a client's")
    func nothingToRefresh() {
        #expect(PlaceCommands.focusRefresh(at: Self.tmux, after: "on\n/dev/pts/1\t$0\n") == nil)
        #expect(PlaceCommands.focusRefresh(at: Self.tmux, after: "off\n") == nil)
        #expect(PlaceCommands.focusRefresh(at: Self.tmux, after: "\n") == nil)
        #expect(
            PlaceCommands.focusRefresh(at: Self.tmux, after: "off\nno tab here\n/dev/pts/1\t$0\n") == [
                "tmux", "-S", "/t", "switch-client", "-E", "-c", "/dev/pts/1", "-t", "$0",
            ]
        )
    }
}
