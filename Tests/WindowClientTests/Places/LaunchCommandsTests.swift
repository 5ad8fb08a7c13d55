import Testing
import WindowClient
import WindowProtocol

/// The exact argv or message that opens a new window at each kind of place.
@Suite("Launch commands")
struct LaunchCommandsTests {
    let argv = ["winctl", "attach", "1f0e"]
    /// The opener's own environment: its WINDOWD_ variables are not the launch's.
    let opener = [
        "WINDOWD_SOCKET": "/old/w.sock", "WINDOWD_WINDOW_ID": "0ld", "WINDOWD_GROUP": "g", "HOME": "/home/u",
        "PATH": "/usr/bin",
    ]
    /// What the opener used and the window's id.
    let variables = LaunchVariables(socket: "/run/w.sock", app: "notes", windowID: "1f0e")
    let passed = ["WINDOWD_APP=notes", "WINDOWD_SOCKET=/run/w.sock", "WINDOWD_WINDOW_ID=1f0e"]

    @Test(
        "tmux: a new window in the opener's session, argv kept, the opener's socket and app and the window's id passed with -e"
    )
    func tmux() {
        let steps = PlaceCommands.launch(
            argv: argv,
            title: "detail 42",
            at: Place(kind: .tmux, socket: "/t", pane: "%3", session: "$2"),
            environment: opener,
            variables: variables
        )
        #expect(
            steps == [
                .run([
                    "tmux", "-S", "/t", "new-window", "-t", "$2:", "-n", "detail 42",
                    "-e", "WINDOWD_APP=notes", "-e", "WINDOWD_SOCKET=/run/w.sock", "-e", "WINDOWD_WINDOW_ID=1f0e",
                    "--", "winctl", "attach", "1f0e",
                ])
            ]
        )
    }

    @Test(
        "the variables: each only when known, sorted by name; a relative socket made absolute against the opener's directory"
    )
    func launchVariables() {
        #expect(LaunchVariables(socket: "/s").assignments == ["WINDOWD_SOCKET=/s"])
        #expect(variables.assignments == passed)
        #expect(
            LaunchVariables.opener(socket: "/abs.sock", app: nil, windowID: "i").assignments == [
                "WINDOWD_SOCKET=/abs.sock", "WINDOWD_WINDOW_ID=i",
            ]
        )
        let relative = LaunchVariables.opener(socket: "w.sock", app: nil, windowID: nil).socket ?? ""
        #expect(relative.hasPrefix("/") && relative.hasSuffix("/w.sock"))
    }

    @Test("tmux: a lone argument is quoted for the shell tmux runs it with; no session, the pane's")
    func tmuxLoneArgument() {
        let steps = PlaceCommands.launch(
            argv: ["/opt/my app/run"],
            title: "t",
            at: Place(kind: .tmux, socket: "/t", pane: "%3"),
            environment: [:]
        )
        #expect(steps == [.run(["tmux", "-S", "/t", "new-window", "-t", "%3", "-n", "t", "--", "'/opt/my app/run'"])])
    }

    @Test(
        "tmux: an argument that ends in ';' reaches the program whole (tmux would end its command there), \\; too; a '#' of the title is not a format"
    )
    func tmuxSemicolons() {
        let steps = PlaceCommands.launch(
            argv: ["vim", "/notes/a;", "/notes/b\\;", ";x"],
            title: "file /notes/#{a};",
            at: Place(kind: .tmux, socket: "/t", pane: "%3"),
            environment: [:]
        )
        #expect(
            steps == [
                .run([
                    "tmux", "-S", "/t", "new-window", "-t", "%3", "-n", "file /notes/##{a}\\;", "--", "vim",
                    "/notes/a\\;",
                    "/notes/b\\\\;", ";x",
                ])
            ]
        )
    }

    @Test("screen: what screen would expand in an argument ($VAR, ^X) or take as an escape (\\) is escaped")
    func screenExpansions() {
        let steps = PlaceCommands.launch(
            argv: ["vim", "/n/$HOME^A\\x"],
            title: "file $1",
            at: Place(kind: .screen, session: "9.s", window: "0"),
            environment: [:]
        )
        #expect(
            steps == [.run(["screen", "-S", "9.s", "-X", "screen", "-t", "file \\$1", "vim", "/n/\\$HOME\\^A\\\\x"])]
        )
    }

    @Test("screen: a new window in the opener's session, the variables through env(1)")
    func screen() {
        let steps = PlaceCommands.launch(
            argv: argv,
            title: "d",
            at: Place(kind: .screen, session: "9.s", window: "0"),
            environment: [:]
        )
        #expect(steps == [.run(["screen", "-S", "9.s", "-X", "screen", "-t", "d", "winctl", "attach", "1f0e"])])
        let passing = PlaceCommands.launch(
            argv: argv,
            title: "d",
            at: Place(kind: .screen, session: "9.s", window: "0"),
            environment: opener,
            variables: variables
        )
        #expect(
            passing == [
                .run(
                    ["screen", "-S", "9.s", "-X", "screen", "-t", "d", "env"] + passed + ["winctl", "attach", "1f0e"]
                )
            ]
        )
    }

    @Test("kitty: a launch message for a window in the opener's tab")
    func kitty() {
        let steps = PlaceCommands.launch(
            argv: argv,
            title: "d",
            at: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"),
            environment: opener,
            variables: variables
        )
        let payload: JSONValue = .object([
            "args": .array([.string("winctl"), .string("attach"), .string("1f0e")]), "type": .string("window"),
            "window_title": .string("d"),
            "env": .array(passed.map(JSONValue.string)), "match": .string("window_id:4"),
        ])
        #expect(
            steps == [
                .kittyRemoteControl(
                    listenOn: "unix:/k",
                    command: .object([
                        "cmd": .string("launch"), "version": .array([.int(0), .int(14), .int(2)]), "payload": payload,
                    ])
                )
            ]
        )
    }

    @Test("WezTerm and zellij: their CLIs, the variables through env(1)")
    func weztermZellij() {
        #expect(
            PlaceCommands.launch(
                argv: argv,
                title: "d",
                at: Place(kind: .wezterm, socket: "/w", pane: "5"),
                environment: opener,
                variables: variables
            ) == [
                .run(
                    ["env", "WEZTERM_UNIX_SOCKET=/w", "wezterm", "cli", "spawn", "--pane-id", "5", "--", "env"] + passed
                        + ["winctl", "attach", "1f0e"]
                )
            ]
        )
        #expect(
            PlaceCommands.launch(
                argv: argv,
                title: "d",
                at: Place(kind: .zellij, pane: "1", session: "cat"),
                environment: [:]
            ) == [
                .run([
                    "zellij", "--session", "cat", "action", "new-pane", "--name", "d", "--", "winctl", "attach", "1f0e",
                ])
            ]
        )
        #expect(
            PlaceCommands.launch(
                argv: argv,
                title: "d",
                at: Place(kind: .zellij, pane: "1", session: "cat"),
                environment: opener,
                variables: variables
            ) == [
                .run(
                    ["zellij", "--session", "cat", "action", "new-pane", "--name", "d", "--", "env"] + passed + [
                        "winctl", "attach", "1f0e",
                    ]
                )
            ]
        )
    }

    @Test(
        "under a window manager: a new terminal window of xdg-terminal-exec, $TERMINAL, the opener's own terminal, one the user runs, x-terminal-emulator; its environment the opener's with the launch's variables instead of the opener's own"
    )
    func windowManager() {
        let environment = opener.merging(["TERMINAL": "foot", "WINDOWID": "5", "TMUX": "x", "DISPLAY": ":1"]) { $1 }
        let steps = PlaceCommands.launch(
            argv: argv,
            title: "d",
            at: Place(kind: .i3, socket: "/i", window: "5", display: ":7", pid: 44),
            environment: environment,
            variables: variables
        )
        #expect(
            steps == [
                .startTerminal(
                    TerminalLaunch(
                        candidates: [
                            .program("xdg-terminal-exec"), .program("foot"), .sameAs(pid: 44), .running,
                            .program("x-terminal-emulator"),
                        ],
                        argv: argv,
                        title: "d",
                        environment: [
                            "WINDOWD_SOCKET": "/run/w.sock", "WINDOWD_APP": "notes", "WINDOWD_WINDOW_ID": "1f0e",
                            "HOME": "/home/u", "PATH": "/usr/bin", "TERMINAL": "foot", "DISPLAY": ":7", "I3SOCK": "/i",
                        ]
                    )
                )
            ]
        )
    }

    @Test("sway: the Wayland display and sway's socket go to the new terminal")
    func sway() {
        let steps = PlaceCommands.launch(
            argv: argv,
            title: "d",
            at: Place(kind: .sway, socket: "/s", display: "wayland-1", pid: 3),
            environment: ["XDG_RUNTIME_DIR": "/r"]
        )
        guard case .startTerminal(let launch)? = steps.first else {
            Issue.record("no terminal launch")
            return
        }
        #expect(launch.environment == ["XDG_RUNTIME_DIR": "/r", "WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": "/s"])
    }

    @Test("nested: the innermost level that can open a window does")
    func nested() {
        let place = Place(
            kind: .tmux,
            socket: "/t",
            pane: "%3",
            session: "$0",
            outer: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4")
        )
        #expect(PlaceCommands.launch(argv: argv, title: "d", at: place, environment: [:]).count == 1)
        #expect(
            PlaceCommands.launch(argv: argv, title: "d", at: place, environment: [:])
                == PlaceCommands.launch(argv: argv, title: "d", at: place.withoutOuter, environment: [:])
        )
        let broken = Place(kind: .tmux, pane: "%3", outer: Place(kind: .kitty, listenOn: "unix:/k", windowID: "4"))
        #expect(
            PlaceCommands.launch(argv: argv, title: "d", at: broken, environment: [:])
                == PlaceCommands.launch(argv: argv, title: "d", at: broken.outer!, environment: [:])
        )
    }

    @Test("nowhere to open: a bare terminal with no display, or an empty argv")
    func nowhere() {
        #expect(
            PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .terminal), environment: ["TERM": "linux"])
                .isEmpty
        )
        #expect(
            PlaceCommands.launch(
                argv: [],
                title: "d",
                at: Place(kind: .tmux, socket: "/t", pane: "%1"),
                environment: [:]
            ).isEmpty
        )
        #expect(
            !PlaceCommands.launch(argv: argv, title: "d", at: Place(kind: .terminal), environment: ["DISPLAY": ":0"])
                .isEmpty
        )
    }
}
