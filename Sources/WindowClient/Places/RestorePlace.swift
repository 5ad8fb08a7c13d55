public import WindowProtocol

/// Where a window comes back (winctl(1), restore): at its last place where that place exists or
/// can be made again, else where the restoring client runs. Pure: the caller says what is there.
public enum RestorePlace {
    /// The launches to try in turn for `argv`, titled `title`, of a window last presented at
    /// `last`: in its tmux session (made again when `tmuxWindows`, the session's window indexes,
    /// is `nil`), at its old index when free, else the next; in its kitty, beside its old
    /// window; then at `here`, the first that starts.
    public static func launches(
        argv: [String],
        title: String,
        last: Place?,
        here: Place,
        tmuxWindows: [Int]?,
        environment: [String: String],
        variables: LaunchVariables
    ) -> [[PlaceStep]] {
        let request = LaunchRequest(argv: argv, title: title, environment: environment, variables: variables)
        var first: [PlaceStep] = []
        if let last, last.kind == .kitty {
            first = LaunchCommands.steps(for: request, at: last)
        } else if let last, last.kind == .tmux, let socket = last.socket, let name = last.name {
            // At its old index when free; a session made again gets it as its first window, moved there.
            let index = last.window.flatMap(Int.init).flatMap { tmuxWindows?.contains($0) == true ? nil : String($0) }
            var made = request
            made.newSession = tmuxWindows == nil ? name : nil
            let session = Place(kind: .tmux, socket: socket, session: "=" + name, window: index ?? "")
            first = LaunchCommands.steps(for: made, at: session)
            // Moved in the same tmux command, which its presenter's question of where it is waits for.
            if let index, made.newSession != nil, case .run(let argv) = first.last {
                let move =
                    "move-window -s \(ShellQuote.word("=" + name + ":")) -t \(ShellQuote.word("=\(name):\(index)"))"
                let test = "#{!=:#{window_index},\(index)}"
                first = [.run(argv + [";", "if-shell", "-F", "-t", "=" + name + ":", test, move])]
            }
        }
        let there = PlaceCommands.launch(
            argv: argv,
            title: title,
            at: here,
            environment: environment,
            variables: variables
        )
        return [first, there].filter { !$0.isEmpty }
    }

    /// The step that moves the window presented again at `place`, an i3 or sway window, to the
    /// workspace it was on at `last` (its name quoted: a workspace name is data), without
    /// showing that workspace; with `front`, focused there, which shows it. `nil` when there is
    /// no such workspace or no id to name the window by.
    public static func move(_ place: Place, toWorkspaceOf last: Place?, front: Bool) -> PlaceStep? {
        guard let workspace = last?.workspace, place.kind == .i3 || place.kind == .sway, let socket = place.socket,
            let criteria = FocusCommands.criteria(of: place)
        else { return nil }
        let name = "\"" + String(workspace.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }) + "\""
        let move = "\(criteria) move --no-auto-back-and-forth container to workspace \(name)"
        return .i3IPC(
            socket: socket,
            type: I3MessageType.runCommand,
            payload: move + (front ? "; \(criteria) focus" : "")
        )
    }
}
