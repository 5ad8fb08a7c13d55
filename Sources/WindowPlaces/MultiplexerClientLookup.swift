import WindowProtocol

/// Where a multiplexer's client runs, asked of the multiplexer itself and of `/proc`: the
/// live lookup behind ``PlaceDetector/live``.
enum MultiplexerClientLookup {
    /// The client most recently active on the session of the tmux pane `place`; `nil` for
    /// other kinds, or when none is attached.
    @Sendable
    static func client(of place: Place) -> PlaceDetector.Client? {
        guard place.kind == .tmux, let socket = place.socket, let pane = place.pane else { return nil }
        guard let output = ProcessRunner.output(["tmux", "-S", socket, "list-clients", "-t", pane, "-F", "#{client_activity} #{client_pid}"]),
              let pid = mostRecentClient(output), let environment = ProcessTable.environment(of: pid) else { return nil }
        return PlaceDetector.Client(environment: environment, terminalPID: ProcessTable.terminalPID(of: pid))
    }

    /// The pid of the line with the highest activity time in `list-clients` output.
    static func mostRecentClient(_ output: String) -> Int32? {
        let clients = output.split(separator: "\n").compactMap { line -> (Int64, Int32)? in
            let fields = line.split(separator: " ")
            guard fields.count == 2, let activity = Int64(fields[0]), let pid = Int32(fields[1]) else { return nil }
            return (activity, pid)
        }
        return clients.max { $0.0 < $1.0 }?.1
    }
}
