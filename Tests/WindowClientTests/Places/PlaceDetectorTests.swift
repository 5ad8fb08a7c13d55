import Testing
import WindowProtocol

@testable import WindowClient

/// Every kind of place from the variables its environment sets, and nesting.
@Suite("Place detection")
struct PlaceDetectorTests {
    let detector = PlaceDetector()

    @Test("a tmux pane: socket and session from $TMUX, pane from $TMUX_PANE")
    func tmux() {
        let place = detector.detect(
            environment: ["TMUX": "/tmp/tmux-0/default,123,4", "TMUX_PANE": "%7"],
            terminalPID: 50
        )
        #expect(place == Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%7", session: "$4"))
    }

    @Test("a tmux pane's outer place is where its client runs, not the variables the pane inherited")
    func tmuxInsideKittyThroughItsClient() {
        let pane = ["TMUX": "/t/s,1,0", "TMUX_PANE": "%1", "KITTY_WINDOW_ID": "9", "KITTY_LISTEN_ON": "unix:/stale"]
        let client = [
            "KITTY_WINDOW_ID": "3", "KITTY_LISTEN_ON": "unix:/k", "WINDOWID": "77", "DISPLAY": ":5", "I3SOCK": "/i3",
        ]
        let detector = PlaceDetector { place in
            #expect(place == Place(kind: .tmux, socket: "/t/s", pane: "%1", session: "$0"))
            return PlaceDetector.Client(environment: client, terminalPID: 60)
        }
        let place = detector.detect(environment: pane, terminalPID: 5)
        #expect(
            place.levels.map(\.withoutOuter) == [
                Place(kind: .tmux, socket: "/t/s", pane: "%1", session: "$0"),
                Place(kind: .kitty, listenOn: "unix:/k", windowID: "3"),
                Place(kind: .i3, socket: "/i3", window: "77", display: ":5", pid: 60),
            ]
        )
    }

    @Test("a tmux pane with no client attached has no outer place")
    func tmuxWithoutClient() {
        let place = detector.detect(
            environment: ["TMUX": "/t/s,1,0", "TMUX_PANE": "%1", "WINDOWID": "5", "DISPLAY": ":1"],
            terminalPID: nil
        )
        #expect(place.outer == nil)
    }

    @Test("tmux inside tmux: the inner client's environment names the outer pane")
    func tmuxInTmux() {
        let detector = PlaceDetector { place in
            guard place.socket == "/inner" else { return nil }
            return PlaceDetector.Client(environment: ["TMUX": "/outer,1,2", "TMUX_PANE": "%9"], terminalPID: nil)
        }
        let place = detector.detect(environment: ["TMUX": "/inner,1,0", "TMUX_PANE": "%1"], terminalPID: nil)
        #expect(
            place.levels.map(\.withoutOuter) == [
                Place(kind: .tmux, socket: "/inner", pane: "%1", session: "$0"),
                Place(kind: .tmux, socket: "/outer", pane: "%9", session: "$2"),
            ]
        )
    }

    @Test("a lookup that always answers cannot nest without end")
    func depthBounded() {
        let detector = PlaceDetector { _ in
            PlaceDetector.Client(environment: ["TMUX": "/s,1,0", "TMUX_PANE": "%1"], terminalPID: nil)
        }
        #expect(
            detector.detect(environment: ["TMUX": "/s,1,0", "TMUX_PANE": "%1"], terminalPID: nil).levels.count
                == Place.maximumDepth
        )
    }

    @Test("a screen window inside xterm: session and window, the X11 window outside (not the pid: that is screen's)")
    func screenInXterm() {
        let place = detector.detect(
            environment: ["STY": "99.s", "WINDOW": "2", "WINDOWID": "123", "DISPLAY": ":3"],
            terminalPID: 40
        )
        #expect(
            place.levels.map(\.withoutOuter) == [
                Place(kind: .screen, session: "99.s", window: "2"),
                Place(kind: .x11, window: "123", display: ":3"),
            ]
        )
    }

    @Test("a zellij pane inside WezTerm")
    func zellijInWezterm() {
        let place = detector.detect(
            environment: [
                "ZELLIJ": "0", "ZELLIJ_SESSION_NAME": "cat", "ZELLIJ_PANE_ID": "3",
                "WEZTERM_PANE": "1", "WEZTERM_UNIX_SOCKET": "/w",
            ],
            terminalPID: nil
        )
        #expect(
            place.levels.map(\.withoutOuter) == [
                Place(kind: .zellij, pane: "3", session: "cat"),
                Place(kind: .wezterm, socket: "/w", pane: "1"),
            ]
        )
    }

    @Test("kitty under sway: the kitty window, then sway's container of kitty's pid")
    func kittyInSway() {
        let place = detector.detect(
            environment: [
                "KITTY_WINDOW_ID": "2", "KITTY_LISTEN_ON": "unix:@k", "KITTY_PID": "31", "SWAYSOCK": "/s",
                "I3SOCK": "/s",
                "WAYLAND_DISPLAY": "wayland-1",
            ],
            terminalPID: 31
        )
        #expect(
            place.levels.map(\.withoutOuter) == [
                Place(kind: .kitty, listenOn: "unix:@k", windowID: "2", pid: 31),
                Place(kind: .sway, socket: "/s", display: "wayland-1", pid: 31),
            ]
        )
    }

    @Test("kitty without a listen address has no interface of its own: its X11 window instead")
    func kittyWithoutListenOn() {
        let place = detector.detect(
            environment: ["KITTY_WINDOW_ID": "2", "WINDOWID": "8", "DISPLAY": ":1"],
            terminalPID: nil
        )
        #expect(place == Place(kind: .x11, window: "8", display: ":1"))
    }

    @Test(
        "window managers and bare X11",
        arguments: [
            (
                ["SWAYSOCK": "/s", "I3SOCK": "/s", "WINDOWID": "4", "DISPLAY": ":0"],
                Place(kind: .sway, socket: "/s", pid: 12)
            ),
            (
                ["I3SOCK": "/i", "WINDOWID": "4", "DISPLAY": ":0"],
                Place(kind: .i3, socket: "/i", window: "4", display: ":0", pid: 12)
            ),
            (
                ["HYPRLAND_INSTANCE_SIGNATURE": "sig", "WAYLAND_DISPLAY": "w"],
                Place(kind: .hyprland, display: "w", instance: "sig", pid: 12)
            ),
            (["NIRI_SOCKET": "/n"], Place(kind: .niri, socket: "/n", pid: 12)),
            (["WINDOWID": "4", "DISPLAY": ":0"], Place(kind: .x11, window: "4", display: ":0", pid: 12)),
            (["DISPLAY": ":0"], Place(kind: .terminal, pid: 12)),
            ([:], Place(kind: .terminal, pid: 12)),
            (["TMUX": "", "TMUX_PANE": "%1"], Place(kind: .terminal, pid: 12)),
        ]
    )
    func windowManagers(environment: [String: String], expected: Place) {
        #expect(detector.detect(environment: environment, terminalPID: 12) == expected)
    }

    @Test("sway, Hyprland and niri find a window by the terminal's pid: without one, the next best")
    func waylandNeedsPID() {
        #expect(detector.detect(environment: ["SWAYSOCK": "/s"], terminalPID: nil) == Place(kind: .terminal))
        #expect(
            detector.detect(environment: ["SWAYSOCK": "/s", "WINDOWID": "4", "DISPLAY": ":0"], terminalPID: nil)
                == Place(kind: .x11, window: "4", display: ":0")
        )
    }
}

/// Which tmux client shows a pane: the live lookup's choice among `list-clients` lines.
@Suite("tmux client choice")
struct TmuxClientChoiceTests {
    @Test("the most recent client on the pane's session, else the most recent of all")
    func choice() {
        let output = "100 11 $0\n300 12 $1\n200 13 $0\nnot a line\n"
        #expect(MultiplexerClientLookup.showingClient(output, session: "$0") == 13)
        #expect(MultiplexerClientLookup.showingClient(output, session: "$5") == 12)
        #expect(MultiplexerClientLookup.showingClient(output, session: nil) == 12)
        #expect(MultiplexerClientLookup.showingClient("", session: "$0") == nil)
    }
}
