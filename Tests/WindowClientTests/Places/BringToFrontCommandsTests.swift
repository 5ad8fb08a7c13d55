import Testing
import WindowClient
import WindowProtocol

/// The exact argv or IPC message that brings each kind of place to front, and the order of levels.
@Suite("Bring to front commands")
struct BringToFrontCommandsTests {
    static func kittyFocus(_ id: String) -> JSONValue {
        .object([
            "cmd": .string("focus-window"), "version": .array([.int(0), .int(14), .int(2)]),
            "payload": .object(["match": .string("id:" + id)]),
        ])
    }

    @Test(
        "each kind through its own interface",
        arguments: [
            (
                Place(kind: .tmux, socket: "/t", pane: "%3", session: "$0"),
                [
                    PlaceStep.run([
                        "tmux", "-S", "/t", "select-window", "-t", "%3", ";", "select-pane", "-t", "%3", ";",
                        "switch-client", "-t", "%3",
                    ])
                ]
            ),
            (Place(kind: .screen, session: "9.s", window: "2"), [.run(["screen", "-S", "9.s", "-X", "select", "2"])]),
            (
                Place(kind: .kitty, listenOn: "unix:/k", windowID: "4", pid: 40),
                [.kittyRemoteControl(listenOn: "unix:/k", pid: 40, command: kittyFocus("4"))]
            ),
            (
                Place(kind: .wezterm, socket: "/w", pane: "5"),
                [.run(["env", "WEZTERM_UNIX_SOCKET=/w", "wezterm", "cli", "activate-pane", "--pane-id", "5"])]
            ),
            (Place(kind: .wezterm, pane: "5"), [.run(["wezterm", "cli", "activate-pane", "--pane-id", "5"])]),
            (
                Place(kind: .zellij, pane: "6", session: "cat"),
                [.run(["zellij", "--session", "cat", "action", "focus-pane-id", "terminal_6"])]
            ),
            (
                Place(kind: .x11, window: "77", display: ":1"),
                [
                    .run(["env", "DISPLAY=:1", "xdotool", "windowactivate", "77"]),
                    .x11Raise(display: ":1", window: "77"),
                    .run(["env", "DISPLAY=:1", "xdotool", "windowfocus", "77"]),
                ]
            ),
            (
                Place(kind: .i3, socket: "/i", window: "77", display: ":1"),
                [.i3IPC(socket: "/i", type: 0, payload: "[id=77] focus")]
            ),
            (
                Place(kind: .i3, socket: "/i", window: "77", conID: 8),
                [.i3IPC(socket: "/i", type: 0, payload: "[con_id=8] focus")]
            ),
            (Place(kind: .sway, socket: "/s", pid: 31), [.i3IPC(socket: "/s", type: 0, payload: "[pid=31] focus")]),
            (
                Place(kind: .sway, socket: "/s", pid: 31, conID: 9),
                [.i3IPC(socket: "/s", type: 0, payload: "[con_id=9] focus")]
            ),
            (
                Place(kind: .hyprland, instance: "sig", pid: 31),
                [.run(["env", "HYPRLAND_INSTANCE_SIGNATURE=sig", "hyprctl", "dispatch", "focuswindow", "pid:31"])]
            ),
            (Place(kind: .niri, socket: "/n", pid: 31), [.niriFocusWindow(socket: "/n", pid: 31)]),
            (Place(kind: .terminal, pid: 31), []),
            (Place(kind: .tmux, pane: "%3"), []),
            (Place(kind: .sway, socket: "/s"), []),
        ]
    )
    func eachKind(place: Place, steps: [PlaceStep]) {
        #expect(PlaceCommands.bringToFront(place) == steps)
    }

    @Test("nested: the inner level first, then each outer one")
    func nested() {
        let place = Place(
            kind: .tmux,
            socket: "/t",
            pane: "%3",
            outer: Place(
                kind: .kitty,
                listenOn: "unix:/k",
                windowID: "4",
                outer: Place(kind: .sway, socket: "/s", pid: 31)
            )
        )
        let steps = PlaceCommands.bringToFront(place)
        #expect(steps.count == 3)
        #expect(steps.first == PlaceCommands.bringToFront(place.withoutOuter).first)
        #expect(steps[1] == .kittyRemoteControl(listenOn: "unix:/k", command: Self.kittyFocus("4")))
        #expect(steps[2] == .i3IPC(socket: "/s", type: 0, payload: "[pid=31] focus"))
    }
}
