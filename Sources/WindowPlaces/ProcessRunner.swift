#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a program from an argv (never through a shell) with its stdin and stderr on
/// `/dev/null`: not a byte of it may land on the screen a presenter draws.
public enum ProcessRunner {
    /// Runs `arguments` with stdout on `/dev/null` and waits; `false` if it could not start or
    /// failed. With a `timeout`, a program still running then is killed and counts as failed.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: Duration? = nil) -> Bool {
        guard let pid = spawn(arguments, environment: environment, stdout: nil) else { return false }
        guard let timeout else { return wait(pid) == 0 }
        return wait(pid, deadline: ContinuousClock.now + timeout) == 0
    }

    /// Runs `arguments` and returns what it printed on stdout, or `nil` if it failed.
    public static func output(_ arguments: [String]) -> String? {
        var pipe: [Int32] = [0, 0]
        // pipe2 is hidden from Swift without _GNU_SOURCE: close-on-exec set right after.
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        for fd in pipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard let pid = spawn(arguments, environment: nil, stdout: pipe[1]) else {
            close(pipe[0])
            close(pipe[1])
            return nil
        }
        close(pipe[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        close(pipe[0])
        return wait(pid) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether `program` names an executable: a path, or a name found on `PATH`.
    public static func isExecutable(_ program: String, path: String? = nil) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let directories = (path ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return directories.contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// Starts `arguments` (stdout on `output` or `/dev/null`), with `environment` as its whole
    /// environment or the caller's; its pid, or `nil` if it could not start.
    static func spawn(_ arguments: [String], environment: [String: String]?, stdout output: Int32?) -> pid_t? {
        guard let program = arguments.first, !program.isEmpty else { return nil }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        resetSignals(&attributes)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result: Int32
        if let environment {
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) }
            envp.append(nil)
            defer { envp.forEach { free($0) } }
            result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        } else {
            result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        }
        return result == 0 ? pid : nil
    }

    /// Gives the child an empty signal mask and default dispositions: a caller that blocks
    /// signals for signalfd (the daemon) or ignores SIGPIPE would pass that on, and programs
    /// that wait for a signal of their own child (`screen -dm`) then hang.
    static func resetSignals(_ attributes: inout posix_spawnattr_t) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH, SIGALRM, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    /// Waits for `pid` until `deadline`, checking at growing intervals from 20 µs (most
    /// programs run here end in a few milliseconds) up to 1 ms; then kills it. Its exit status,
    /// or -1.
    static func wait(_ pid: pid_t, deadline: ContinuousClock.Instant) -> Int32 {
        var status: Int32 = 0
        var interval: useconds_t = 20
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status & 0x7f == 0 ? (status >> 8) & 0xff : -1 }
            if result < 0 && errno != EINTR { return -1 }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = wait(pid)
                return -1
            }
            usleep(interval)
            interval = min(interval * 2, 1_000)
        }
    }

    /// Waits for `pid`; its exit status, or -1 if it was killed by a signal or cannot be waited for.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}
