#if canImport(Glibc)
import Glibc
#endif

/// A process this benchmark started with `posix_spawn`; stopped and reaped by its pid only.
final class ChildProcess {
    /// Its process id.
    let pid: pid_t
    /// What was started, for messages.
    let name: String
    private(set) var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`; output goes to `log`
    /// (or `/dev/null`), input comes from `/dev/null`; `inheriting` become its descriptors 3, 4, …
    /// in order (the `LISTEN_FDS` convention), and must not be numbered below 3 + their count.
    init(_ executable: String, _ arguments: [String], environment: [String], log: String? = nil, inheriting: [Int32] = []) throws(BenchError) {
        name = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let output = log ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        for (index, fd) in inheriting.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, fd, 3 + Int32(index))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw .system("posix_spawn \(executable)", result) }
        pid = child
    }

    deinit { stop(signal: SIGKILL, graceMilliseconds: 1000) }

    /// Whether it has exited; never blocks.
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        return exitStatus != nil
    }

    /// Waits for it to exit; returns the raw wait status, or nil at the deadline.
    @discardableResult
    func wait(timeoutMilliseconds: Int) -> Int32? {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while !hasExited {
            if MonotonicClock.now() >= deadline { return nil }
            MonotonicClock.sleep(milliseconds: 1)
        }
        return exitStatus
    }

    /// Sends `signal`, waits up to `graceMilliseconds`, then `SIGKILL`s and reaps it.
    func stop(signal: Int32 = SIGTERM, graceMilliseconds: Int = 5000) {
        guard !hasExited else { return }
        kill(pid, signal)
        if wait(timeoutMilliseconds: graceMilliseconds) == nil {
            kill(pid, SIGKILL)
            wait(timeoutMilliseconds: 5000)
        }
    }

    /// Its resident set (`VmRSS` of `/proc/PID/status`) in KiB.
    func residentKiB() -> Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).filter { $0.isNumber })
            }
        }
        return nil
    }

    /// Runs `executable` to completion with output discarded and returns its exit status, or nil
    /// if it did not exit normally within `timeoutSeconds` (then it is killed).
    ///
    /// Waits in a blocking `waitpid`, so the wall time measured around it has no polling step;
    /// `SIGALRM` (installed without `SA_RESTART`) interrupts a child that hangs.
    static func run(_ executable: String, _ arguments: [String], environment: [String], timeoutSeconds: UInt32 = 10) throws(BenchError) -> Int32? {
        installAlarmHandler()
        let child = try ChildProcess(executable, arguments, environment: environment)
        alarm(timeoutSeconds)
        defer { alarm(0) }
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) != child.pid {
            guard errno == EINTR else { throw .system("waitpid", errno) }
            kill(child.pid, SIGKILL)
        }
        child.exitStatus = status
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : nil
    }

    private static func installAlarmHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGALRM, &action, nil)
    }
}
