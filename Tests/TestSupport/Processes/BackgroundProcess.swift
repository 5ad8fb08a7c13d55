#if canImport(Glibc)
import Glibc
#endif

/// A long-running program a real-environment test starts (Xvfb, kitty, i3, sway, a tmux
/// client): in a session of its own, so that `stop()` ends it and everything it started.
package final class BackgroundProcess: @unchecked Sendable {
    package let pid: pid_t
    private var stopped = false

    /// Starts `arguments` with `environment` as its whole environment, stdin on `/dev/null`,
    /// stdout and stderr appended to `log`; `passing` is an fd the child gets as fd 3.
    package init(_ arguments: [String], environment: [String: String], log: String, passing descriptor: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, 3) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH, SIGALRM] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // 0x80: POSIX_SPAWN_SETSID, hidden from Swift without _GNU_SOURCE.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) }
        envp.append(nil)
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestFailure("could not start \(arguments[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Whether it still runs.
    package var isRunning: Bool {
        var status: Int32 = 0
        return !stopped && waitpid(pid, &status, WNOHANG) == 0
    }

    /// Ends its whole session: SIGTERM, then SIGKILL after a grace period, and reaps it.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Poll.now() + 1.0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Poll.now() > deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(5_000)
        }
        // Whatever it started in its session and left behind.
        kill(-pid, SIGKILL)
    }

    deinit { stop() }
}
