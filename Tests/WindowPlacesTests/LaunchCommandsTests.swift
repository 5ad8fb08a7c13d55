import Testing
import WindowPlaces
import WindowProtocol

/// The exact argv or message that opens a new window at each kind of place.
@Suite("Launch commands")
struct LaunchCommandsTests {
    let argv = ["winctl", "attach", "1f0e"]
    let opener = ["WINDOWD_SOCKET": "/run/w.sock", "HOME": "/home/u", "PATH": "/usr/bin"]

    @Test("tmux: a new window in the opener's session, argv kept, WINDOWD_ variables passed with -e")
    func tmux() {
        let steps = PlaceCommands.launch(argv: argv, title: "detail 42", at: Place(kind: .tmux, socket: "/t", pane: "%3", session: "$2"), environment: opener)
        #expect(steps == [.run(["tmux", "-S", "/t", "new-window", "-t", "$2:", "-n", "detail 42", "-e", "WINDOWD_SOCKET=/run/w.sock", "--", "winctl", "attach", "1f0e"])])
    }

    @Test("tmux: a lone argument is quoted for the shell tmux runs it with; no session, the pane's")
    func tmuxLoneArgument() {
        let steps = PlaceCommands.launch(argv: ["/opt/my app/run"], title: "t", at: Place(kind: .tmux, socket: "/t", pane: "%3"), environment: [:])
        #expect(steps == [.run(["tmux", "-S", "/t", "new-window", "-t", "%3", "-n", "t", "--", "'/opt/my app/run'"])])
    }

    @Test("screen: a new window in the opener's session")
    func screen() {
        let steps = PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .screen, session: "9.s", window: "0"), environment: [:])
        #expect(steps == [.run(["screen", "-S", "9.s", "-X", "screen", "-t", "d", "winctl", "attach", "1f0e"])])
    }

    @Test("kitty: a launch message for a window in the opener's tab")
    func kitty() {
        let steps = PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"), environment: opener)
        let payload: JSONValue = .object([
            "args": .array([.string("winctl"), .string("attach"), .string("1f0e")]), "type": .string("window"), "window_title": .string("d"),
            "env": .array([.string("WINDOWD_SOCKET=/run/w.sock")]), "match": .string("window_id:4"),
        ])
        #expect(steps == [.kittyRemoteControl(listenOn: "unix:/k", command: .object(["cmd": .string("launch"), "version": .array([.int(0), .int(14), .int(2)]), "payload": payload]))])
    }

    @Test("WezTerm and zellij: their CLIs, WINDOWD_ variables through env(1)")
    func weztermZellij() {
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .wezterm, socket: "/w", pane: "5"), environment: opener) == [
            .run(["env", "WEZTERM_UNIX_SOCKET=/w", "wezterm", "cli", "spawn", "--pane-id", "5", "--", "env", "WINDOWD_SOCKET=/run/w.sock", "winctl", "attach", "1f0e"]),
        ])
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .zellij, pane: "1", session: "cat"), environment: [:]) == [
            .run(["zellij", "--session", "cat", "action", "new-pane", "--name", "d", "--", "winctl", "attach", "1f0e"]),
        ])
    }

    @Test("under a window manager: a new terminal window, $TERMINAL first, the opener's own terminal last")
    func windowManager() {
        let environment = opener.merging(["TERMINAL": "foot", "WINDOWID": "5", "TMUX": "x", "DISPLAY": ":1"]) { $1 }
        let steps = PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .i3, socket: "/i", window: "5", display: ":7", pid: 44), environment: environment)
        #expect(steps == [.startTerminal(TerminalLaunch(
            candidates: [.program("foot"), .program("xdg-terminal-exec"), .program("x-terminal-emulator"), .sameAs(pid: 44)],
            argv: argv, title: "d",
            environment: ["WINDOWD_SOCKET": "/run/w.sock", "HOME": "/home/u", "PATH": "/usr/bin", "TERMINAL": "foot", "DISPLAY": ":7", "I3SOCK": "/i"]))])
    }

    @Test("sway: the Wayland display and sway's socket go to the new terminal")
    func sway() {
        let steps = PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .sway, socket: "/s", display: "wayland-1", pid: 3), environment: ["XDG_RUNTIME_DIR": "/r"])
        guard case .startTerminal(let launch)? = steps.first else { Issue.record("no terminal launch"); return }
        #expect(launch.environment == ["XDG_RUNTIME_DIR": "/r", "WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": "/s"])
    }

    @Test("nested: the innermost level that can open a window does")
    func nested() {
        let place = Place(kind: .tmux, socket: "/t", pane: "%3", session: "$0", outer: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"))
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: place, environment: [:]).count == 1)
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: place, environment: [:]) == PlaceCommands.launch(argv: argv, title: "d", at: place.withoutOuter, environment: [:]))
        let broken = Place(kind: .tmux, pane: "%3", outer: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"))
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: broken, environment: [:]) == PlaceCommands.launch(argv: argv, title: "d", at: broken.outer!, environment: [:]))
    }

    @Test("nowhere to open: a bare terminal with no display, or an empty argv")
    func nowhere() {
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .terminal), environment: ["TERM": "linux"]).isEmpty)
        #expect(PlaceCommands.launch(argv: [], title: "d", at: Place(kind: .tmux, socket: "/t", pane: "%1"), environment: [:]).isEmpty)
        #expect(!PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .terminal), environment: ["DISPLAY": ":0"]).isEmpty)
    }
}
