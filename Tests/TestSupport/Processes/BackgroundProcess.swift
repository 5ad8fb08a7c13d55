import POSIXSupport

#if canImport(Glibc)
package import Glibc
#endif

/// A long-running program a real-environment test starts (Xvfb, kitty, i3, sway, a tmux
/// client): in a session of its own, so that `stop()` ends it and everything it started.
package final class BackgroundProcess: @unchecked Sendable {
    private let process: ChildProcess
    private var stopped = false

    package var pid: pid_t { process.pid }

    /// Starts `arguments` with `environment` as its whole environment, stdin on `/dev/null`,
    /// stdout and stderr appended to `log`; `passing` is an fd the child gets as fd 3.
    package init(
        _ arguments: [String],
        environment: [String: String],
        log: String,
        passing descriptor: Int32? = nil
    ) throws {
        do {
            process = try ChildProcess(
                arguments,
                environment: environment,
                stdout: .appending(log),
                stderr: .standardOutput,
                passing: descriptor.map { [$0] } ?? [],
                newSession: true
            )
        } catch {
            throw TestFailure("could not start \(error)")
        }
    }

    /// Whether it still runs.
    package var isRunning: Bool { !stopped && process.poll() == nil }

    /// Ends its whole session: SIGTERM, then SIGKILL after a grace period, and reaps it.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        process.terminate(grace: .seconds(1), group: true)
        // Whatever it started in its session and left behind.
        kill(-process.pid, SIGKILL)
    }

    deinit { stop() }
}
