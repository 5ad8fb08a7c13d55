import WindowProtocol

/// The places one environment names by itself, level by level (used by ``PlaceDetector``).
enum EnvironmentPlace {
    /// The variables by which each multiplexer marks its panes.
    static let multiplexerVariables: [PlaceKind: [String]] = [
        .tmux: ["TMUX", "TMUX_PANE"],
        .screen: ["STY", "WINDOW"],
        .zellij: ["ZELLIJ", "ZELLIJ_SESSION_NAME", "ZELLIJ_PANE_ID"],
    ]

    /// The variables that say which window a process is in: a new terminal elsewhere must not inherit them.
    static let windowVariables = [
        "TMUX", "TMUX_PANE", "STY", "WINDOW", "ZELLIJ", "ZELLIJ_SESSION_NAME", "ZELLIJ_PANE_ID",
        "KITTY_WINDOW_ID", "KITTY_PID", "WEZTERM_PANE", "WINDOWID", "ALACRITTY_WINDOW_ID",
        "ALACRITTY_SOCKET", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLORTERM",
    ]

    /// The tmux, screen or zellij pane `environment` is in.
    static func multiplexer(_ environment: [String: String]) -> Place? {
        if let tmux = environment.value("TMUX"), let pane = environment.value("TMUX_PANE") {
            // $TMUX is "socket,server pid,session id".
            let fields = tmux.split(separator: ",", omittingEmptySubsequences: false)
            let session = fields.count >= 3 && !fields[2].isEmpty ? "$" + fields[2] : nil
            return Place(kind: .tmux, socket: String(fields[0]), pane: pane, session: session)
        }
        if let session = environment.value("STY"), let window = environment.value("WINDOW") {
            return Place(kind: .screen, session: session, window: window)
        }
        if environment.value("ZELLIJ") != nil, let session = environment.value("ZELLIJ_SESSION_NAME"),
            let pane = environment.value("ZELLIJ_PANE_ID")
        {
            return Place(kind: .zellij, pane: pane, session: session)
        }
        return nil
    }

    /// `environment` without the variables of the multiplexer `kind`, to see where it started.
    static func removingMultiplexer(_ kind: PlaceKind, from environment: [String: String]) -> [String: String] {
        environment.filter { !(multiplexerVariables[kind] ?? []).contains($0.key) }
    }

    /// The kitty window or WezTerm pane `environment` is in.
    static func graphicalTerminal(_ environment: [String: String]) -> Place? {
        if let windowID = environment.value("KITTY_WINDOW_ID"), let listenOn = environment.value("KITTY_LISTEN_ON") {
            return Place(
                kind: .kitty,
                listenOn: listenOn,
                windowID: windowID,
                pid: environment.value("KITTY_PID").flatMap { Int32($0) }
            )
        }
        if let pane = environment.value("WEZTERM_PANE") {
            return Place(kind: .wezterm, socket: environment.value("WEZTERM_UNIX_SOCKET"), pane: pane)
        }
        return nil
    }

    /// The window manager's window of the terminal emulator `terminalPID` that `environment` names.
    static func windowManager(_ environment: [String: String], terminalPID: Int32?) -> Place? {
        let wayland = environment.value("WAYLAND_DISPLAY")
        if let socket = environment.value("SWAYSOCK"), let terminalPID {
            return Place(kind: .sway, socket: socket, display: wayland, pid: terminalPID)
        }
        if let instance = environment.value("HYPRLAND_INSTANCE_SIGNATURE"), let terminalPID {
            return Place(kind: .hyprland, display: wayland, instance: instance, pid: terminalPID)
        }
        if let socket = environment.value("NIRI_SOCKET"), let terminalPID {
            return Place(kind: .niri, socket: socket, display: wayland, pid: terminalPID)
        }
        guard let window = environment.value("WINDOWID"), let display = environment.value("DISPLAY") else { return nil }
        if let socket = environment.value("I3SOCK") {
            return Place(kind: .i3, socket: socket, window: window, display: display, pid: terminalPID)
        }
        return Place(kind: .x11, window: window, display: display, pid: terminalPID)
    }
}

extension [String: String] {
    /// The variable's value, or `nil` when it is unset or empty.
    func value(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}
