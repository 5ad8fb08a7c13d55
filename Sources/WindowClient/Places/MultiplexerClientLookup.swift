import WindowProtocol

/// Where a multiplexer's client runs, asked of the multiplexer itself and of `/proc`: the
/// live lookup behind ``PlaceDetector/live``.
enum MultiplexerClientLookup {
    /// The tmux client that shows (or, once switched, will show) the tmux pane `place`; `nil`
    /// for other kinds, or when no client is attached.
    @Sendable
    static func client(of place: Place) -> PlaceDetector.Client? {
        guard place.kind == .tmux, let socket = place.socket else { return nil }
        guard
            let output = ProcessRunner.output([
                "tmux", "-S", socket, "list-clients", "-F", "#{client_activity} #{client_pid} #{session_id}",
            ]),
            let pid = showingClient(output, session: place.session), let environment = ProcessTable.environment(of: pid)
        else { return nil }
        return PlaceDetector.Client(environment: environment, terminalPID: ProcessTable.terminalPID(of: pid))
    }

    /// The tmux pane `place` with its session's `name` and its window's index (`window`), as
    /// tmux says them now; any other place as it is.
    static func named(_ place: Place) -> Place {
        guard place.kind == .tmux, let socket = place.socket, let pane = place.pane,
            let output = ProcessRunner.output([
                "tmux", "-S", socket, "display-message", "-p", "-t", pane, "#{window_index} #{session_name}",
            ])
        else { return place }
        return naming(place, output)
    }

    /// `place` named by `display-message` output `index name`.
    static func naming(_ place: Place, _ output: String) -> Place {
        let fields = output.split(separator: "\n").first?.split(separator: " ", maxSplits: 1) ?? []
        guard fields.count == 2, Int(fields[0]) != nil else { return place }
        var named = place
        named.window = String(fields[0])
        named.name = String(fields[1])
        return named
    }

    /// In `list-clients` output (`activity pid session`), the most recently active client on
    /// `session`, else the most recently active of all (the one `switch-client` moves).
    static func showingClient(_ output: String, session: String?) -> Int32? {
        let clients = output.split(separator: "\n").compactMap {
            line -> (activity: Int64, pid: Int32, session: Substring)? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let activity = Int64(fields[0]), let pid = Int32(fields[1]) else { return nil }
            return (activity, pid, fields[2])
        }
        let onSession = clients.filter { $0.session == session.map { Substring($0) } }
        return (onSession.isEmpty ? clients : onSession).max { $0.activity < $1.activity }?.pid
    }
}
