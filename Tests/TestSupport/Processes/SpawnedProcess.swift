#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A child process started with `posix_spawn`, reaped by this object and no one else.
package final class SpawnedProcess {
    /// How a process ended.
    package enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signaled(let signal): return "signal \(signal)"
            }
        }

        /// The exit status, if it exited.
        package var exitStatus: Int32? {
            if case .exited(let status) = self { return status }
            return nil
        }
    }

    /// Where one of the child's standard streams goes.
    package enum Stream {
        case null
        /// A file, created or truncated.
        case file(String)
        /// A descriptor of ours, duplicated onto the stream.
        case descriptor(Int32)
    }

    package let pid: pid_t
    package let executable: String
    package private(set) var termination: Termination?

    /// Starts `executable` with `arguments`; `inheriting` descriptors become its 3, 4, … (as
    /// `LISTEN_FDS` passes them).
    package init(_ executable: String, _ arguments: [String], environment: [String: String] = SpawnedProcess.testEnvironment(),
         stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null, inheriting: [Int32] = []) throws {
        guard access(executable, X_OK) == 0 else {
            throw TestFailure("\(executable) is not an executable file; build it first (swift build) or set WINDOWD_BIN / WINCTL_BIN")
        }
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        // Lifted above the range first, so that placing one cannot clobber another.
        let lifted = inheriting.map { fcntl($0, F_DUPFD_CLOEXEC, 1000) }
        defer { lifted.forEach { close($0) } }
        for (index, fd) in lifted.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, fd, 3 + Int32(index))
        }
        // The test process may block or ignore signals; the child starts with the defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestFailure.system("posix_spawn \(executable)", errno: result) }
        pid = child
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = reap(options: 0)
        }
    }

    /// The environment children get: ours, without anything that would connect them to a
    /// systemd, a journal or another windowd.
    package static func testEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
                     "JOURNAL_STREAM", "WINDOWD_SOCKET", "WINDOWD_APP", "CONFIGURATION_DIRECTORY", "STATE_DIRECTORY"] {
            environment.removeValue(forKey: name)
        }
        environment.merge(extra) { $1 }
        return environment
    }

    /// How it ended, if it has; never blocks.
    package func poll() -> Termination? {
        if termination == nil { termination = reap(options: WNOHANG) }
        return termination
    }

    /// Waits until it ends; throws at the deadline (the process keeps running).
    @discardableResult
    package func wait(timeout: Duration = .seconds(10)) throws -> Termination {
        try waitUntil("\(executable) (pid \(pid)) to exit", timeout: timeout) { poll() != nil }
        return termination!
    }

    /// Sends `signal`.
    package func signal(_ signal: Int32) {
        if poll() == nil { kill(pid, signal) }
    }

    /// SIGTERM, then SIGKILL if it has not exited within `grace`; reaps it.
    @discardableResult
    package func terminate(grace: Duration = .seconds(5)) -> Termination {
        if let termination = poll() { return termination }
        kill(pid, SIGTERM)
        if let ended = try? wait(timeout: grace) { return ended }
        kill(pid, SIGKILL)
        termination = reap(options: 0)
        return termination ?? .signaled(SIGKILL)
    }

    private func reap(options: Int32) -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, options)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return .signaled(0)  // Already reaped or not our child: nothing more to learn.
        }
        // WIFEXITED and WEXITSTATUS are macros that Swift does not import.
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(status & 0x7f)
    }
}

/// A connected pair of sockets, both close-on-exec: one end for a child's stream, one for us.
package struct SocketPair {
    package let ours: Int32
    package let theirs: Int32

    package init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw TestFailure.system("socketpair")
        }
        ours = ends[0]
        theirs = ends[1]
    }
}
