import WindowProtocol

/// The steps that bring one level of a place to front, through the environment's own interface.
enum FocusCommands {
    static func steps(for place: Place) -> [PlaceStep] {
        switch place.kind {
        case .tmux:
            guard let socket = place.socket, let pane = place.pane else { return [] }
            // One tmux client run for all three (2-3 ms each): `;` separates commands.
            return [
                .run([
                    "tmux", "-S", socket, "select-window", "-t", pane, ";", "select-pane", "-t", pane,
                    ";", "switch-client", "-t", pane,
                ])
            ]
        case .screen:
            guard let session = place.session, let window = place.window else { return [] }
            return [.run(["screen", "-S", session, "-X", "select", window])]
        case .kitty:
            guard let listenOn = place.listenOn, let windowID = place.windowID else { return [] }
            return [
                .kittyRemoteControl(
                    listenOn: listenOn,
                    pid: place.pid,
                    command: KittyMessage.command("focus-window", payload: ["match": .string("id:" + windowID)])
                )
            ]
        case .wezterm:
            guard let pane = place.pane else { return [] }
            return [.run(WeztermCommands.cli(socket: place.socket, ["activate-pane", "--pane-id", pane]))]
        case .zellij:
            guard let session = place.session, let pane = place.pane else { return [] }
            return [.run(["zellij", "--session", session, "action", "focus-pane-id", "terminal_" + pane])]
        case .x11:
            guard let display = place.display, let window = place.window else { return [] }
            // Activation through the window manager (EWMH _NET_ACTIVE_WINDOW) where there is one;
            // with none, activation fails, and the window is raised and given the input focus directly.
            return [
                .run(["xdotool", "windowactivate", window].withDisplay(display)),
                .x11Raise(display: display, window: window),
                .run(["xdotool", "windowfocus", window].withDisplay(display)),
            ]
        case .i3, .sway:
            guard let socket = place.socket, let criteria = criteria(of: place) else { return [] }
            return [.i3IPC(socket: socket, type: I3MessageType.runCommand, payload: criteria + " focus")]
        case .hyprland:
            guard let instance = place.instance, let pid = place.pid else { return [] }
            // The instance through its variable: every hyprctl reads it, `--instance` differs by version.
            return [
                .run([
                    "env", "HYPRLAND_INSTANCE_SIGNATURE=" + instance, "hyprctl", "dispatch", "focuswindow",
                    "pid:\(pid)",
                ])
            ]
        case .niri:
            guard let socket = place.socket, let pid = place.pid else { return [] }
            return [.niriFocusWindow(socket: socket, pid: pid)]
        case .terminal:
            return []
        }
    }

    /// The i3 or sway criteria that name `place`'s window: its container, else its X11 window
    /// (i3: `$WINDOWID`), else its terminal's process (sway; i3 has no `pid` criterion).
    static func criteria(of place: Place) -> String? {
        if let conID = place.conID { return "[con_id=\(conID)]" }
        return place.kind == .i3 ? place.window.map { "[id=\($0)]" } : place.pid.map { "[pid=\($0)]" }
    }
}

extension [String] {
    /// This argv run with `DISPLAY` set to `display`, through env(1): the caller may have none.
    func withDisplay(_ display: String) -> [String] {
        ["env", "DISPLAY=" + display] + self
    }
}
