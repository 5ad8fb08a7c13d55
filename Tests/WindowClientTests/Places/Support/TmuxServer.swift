import TestSupport
import WindowClient

/// A private tmux server on a socket in its own directory (`tmux -S`), with a session `s`.
final class TmuxServer: @unchecked Sendable {
    let directory: TemporaryDirectory
    let socket: String
    private var clients: [BackgroundProcess] = []

    /// Starts the server with session `s` running `command`, 80x24.
    init(command: [String]) throws {
        directory = try TemporaryDirectory("tmux")
        socket = directory.file("s")
        guard
            ProcessRunner.run(
                ["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "s", "-x", "80", "-y", "24", "--"]
                    + command,
                environment: TestEnvironment.base(),
                timeout: .seconds(10)
            )
        else {
            throw TestFailure("tmux new-session failed")
        }
    }

    /// `tmux -S socket ARGS`, its output.
    @discardableResult
    func tmux(_ arguments: [String]) -> String? {
        TestEnvironment.output(["tmux", "-S", socket] + arguments)
    }

    /// Opens a window running `command` in session `s`: its pane id and the pane process's pid.
    func newWindow(_ command: [String]) throws -> (pane: String, pid: Int32) {
        guard let line = tmux(["new-window", "-t", "s:", "-P", "-F", "#{pane_id} #{pane_pid}", "--"] + command),
            case let fields = line.split(whereSeparator: \.isWhitespace), fields.count == 2, let pid = Int32(fields[1])
        else {
            throw TestFailure("tmux new-window failed")
        }
        return (String(fields[0]), pid)
    }

    /// Each pane: id, the pane's pid, whether its window is the session's current one, whether it is its window's active pane.
    func panes() -> [(pane: String, pid: Int32, windowActive: Bool, paneActive: Bool)] {
        (tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_pid} #{window_active} #{pane_active}"]) ?? "").split(
            separator: "\n"
        ).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 4, let pid = Int32(fields[1]) else { return nil }
            return (String(fields[0]), pid, fields[2] == "1", fields[3] == "1")
        }
    }

    /// The pane shown in session `s`: its current window's active pane.
    func shownPane() -> String? {
        panes().first { $0.windowActive && $0.paneActive }?.pane
    }

    /// Attaches a client to session `s` on a pseudo-terminal of its own (script(1)), with
    /// `environment`, as a user's terminal would; it ends with the server.
    @discardableResult
    func attachClient(environment: [String: String] = [:]) throws -> BackgroundProcess {
        let client = try BackgroundProcess(
            ["script", "-qfc", "tmux -S \(socket) attach -t s", "/dev/null"],
            environment: TestEnvironment.base(["TERM": "xterm-256color"]).merging(environment) { $1 },
            log: directory.file("client.log")
        )
        clients.append(client)
        guard Poll.until({ !(tmux(["list-clients", "-F", "#{client_pid}"]) ?? "").isEmpty }) else {
            throw TestFailure("the tmux client did not attach")
        }
        return client
    }

    deinit {
        tmux(["kill-server"])
        clients.forEach { $0.stop() }
    }
}
