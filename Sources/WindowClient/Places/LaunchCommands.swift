import WindowProtocol

/// The steps that open a new window at one level of a place.
enum LaunchCommands {
    static func steps(for request: LaunchRequest, at place: Place) -> [PlaceStep] {
        let argv = request.argv
        switch place.kind {
        case .tmux:
            guard let socket = place.socket,
                let target = place.session.map({ $0 + ":" + (place.window ?? "") }) ?? place.pane
            else {
                return []
            }
            let variables = request.passedVariables.flatMap { ["-e", $0] }
            // tmux runs a single argument through the shell, several directly: quote a lone one.
            let command = argv.count == 1 ? [ShellQuote.word(argv[0])] : argv
            let window = request.newSession.map { ["new-session", "-d", "-s", $0] } ?? ["new-window", "-t", target]
            // tmux ends a command at an argument that ends in `;` (dropping it), unless a `\` comes before
            // it, and expands formats (`#{…}`) in a window's name, unless each `#` is doubled.
            let name = request.title.replacing("#", with: "##")
            let arguments = (window + ["-n", name] + variables + ["--"] + command).map {
                $0.hasSuffix(";") ? $0.dropLast() + "\\;" : $0
            }
            return [.run(["tmux", "-S", socket] + arguments)]
        case .screen:
            guard let session = place.session else { return [] }
            // screen expands `$NAME`, `${NAME}` and `^X` in a command's arguments; `\` escapes them.
            let arguments = (["screen", "-t", request.title] + withVariables(request, argv)).map {
                $0.replacing("\\", with: "\\\\").replacing("$", with: "\\$").replacing("^", with: "\\^")
            }
            return [.run(["screen", "-S", session, "-X"] + arguments)]
        case .kitty:
            guard let listenOn = place.listenOn else { return [] }
            var payload: [String: JSONValue] = [
                "args": .array(argv.map(JSONValue.string)),
                "type": .string("window"),
                "window_title": .string(request.title),
                "env": .array(request.passedVariables.map(JSONValue.string)),
            ]
            // In the opener's tab, beside the opener's window.
            if let windowID = place.windowID { payload["match"] = .string("window_id:" + windowID) }
            let launch = KittyMessage.command("launch", payload: payload)
            return [.kittyRemoteControl(listenOn: listenOn, pid: place.pid, command: launch)]
        case .wezterm:
            var arguments = ["spawn"]
            if let pane = place.pane { arguments += ["--pane-id", pane] }
            return [.run(WeztermCommands.cli(socket: place.socket, arguments + ["--"] + withVariables(request, argv)))]
        case .zellij:
            guard let session = place.session else { return [] }
            let pane = ["zellij", "--session", session, "action", "new-pane", "--name", request.title, "--"]
            return [.run(pane + withVariables(request, argv))]
        case .x11, .i3, .sway, .hyprland, .niri, .terminal:
            guard var environment = graphicalEnvironment(request.environment, place: place) else { return [] }
            environment.merge(request.variables.environment) { $1 }
            return [
                .startTerminal(
                    TerminalLaunch(
                        candidates: candidates(request.environment, place: place),
                        argv: argv,
                        title: request.title,
                        environment: environment
                    )
                )
            ]
        }
    }

    /// `argv` preceded by `env NAME=value…` for the variables passed, if any.
    private static func withVariables(_ request: LaunchRequest, _ argv: [String]) -> [String] {
        let variables = request.passedVariables
        return variables.isEmpty ? argv : ["env"] + variables + argv
    }

    /// The terminal emulators to try: `xdg-terminal-exec` (the desktop's choice), `$TERMINAL`,
    /// the one the opener runs in, one the user runs (an "Open with" has no terminal of its own),
    /// then the distribution's `x-terminal-emulator`.
    private static func candidates(_ environment: [String: String], place: Place) -> [TerminalLaunch.Candidate] {
        var candidates: [TerminalLaunch.Candidate] = [.program("xdg-terminal-exec")]
        if let terminal = environment.value("TERMINAL") { candidates.append(.program(terminal)) }
        if let pid = place.pid { candidates.append(.sameAs(pid: pid)) }
        return candidates + [.running, .program("x-terminal-emulator")]
    }

    /// The new terminal's environment: the opener's, less what names the opener's window and its
    /// own `WINDOWD_*` (a window it presents, a daemon it did not use), with the place's
    /// display; `nil` when there is no display to open a window on.
    private static func graphicalEnvironment(_ opener: [String: String], place: Place) -> [String: String]? {
        var environment = opener.filter {
            !EnvironmentPlace.windowVariables.contains($0.key) && !$0.key.hasPrefix("WINDOWD_")
        }
        switch place.kind {
        case .x11, .i3:
            if let display = place.display { environment["DISPLAY"] = display }
        case .sway, .hyprland, .niri:
            if let display = place.display { environment["WAYLAND_DISPLAY"] = display }
        default:
            break
        }
        switch place.kind {
        case .sway: environment["SWAYSOCK"] = place.socket ?? environment["SWAYSOCK"]
        case .i3: environment["I3SOCK"] = place.socket ?? environment["I3SOCK"]
        case .niri: environment["NIRI_SOCKET"] = place.socket ?? environment["NIRI_SOCKET"]
        case .hyprland:
            environment["HYPRLAND_INSTANCE_SIGNATURE"] = place.instance ?? environment["HYPRLAND_INSTANCE_SIGNATURE"]
        default: break
        }
        guard environment.value("DISPLAY") != nil || environment.value("WAYLAND_DISPLAY") != nil else { return nil }
        return environment
    }
}
