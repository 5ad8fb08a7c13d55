#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import WindowCore

/// Starts child processes from an argv, never through a shell, each in a session of its own so
/// it outlives the daemon, and reports how they end. Lives on the event loop, where it reaps
/// its children by polling `waitpid` (quickly while someone waits for an outcome).
final class ProcessLauncher {
    /// How a child ended.
    enum Outcome: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
        case failedToStart(String)

        var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signaled(let signal): return "signal \(signal)"
            case .timedOut: return "timed out"
            case .failedToStart(let reason): return "could not start: \(reason)"
            }
        }
    }

    private struct Child {
        var command: String
        var deadline: NIODeadline?
        var completion: (Outcome) -> Void
    }

    private let eventLoop: any EventLoop
    private let logger: Logger
    private var children: [pid_t: Child] = [:]
    private var reaper: Scheduled<Void>?
    /// glibc's `POSIX_SPAWN_SETSID`, hidden from Swift without `_GNU_SOURCE`.
    private static let spawnSetSID: Int32 = 0x80

    init(eventLoop: any EventLoop, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Starts a group's launch command for `window`; a failure is logged and handed to
    /// `failed`, never fatal.
    func launch(_ arguments: [String], window: WindowID, failed: @escaping (Outcome) -> Void = { _ in }) {
        let logger = self.logger
        run(arguments, timeout: nil) { outcome in
            guard outcome != .exited(0) else { return }
            logger.warning("launch command failed", metadata: [
                "window.id": "\(window)", "command": "\(arguments)", "outcome": "\(outcome)",
            ])
            failed(outcome)
        }
    }

    /// Runs `arguments` and calls `completion` on the event loop with how it ended; after
    /// `timeout` it is killed and reported as timed out.
    func run(_ arguments: [String], timeout: TimeAmount?, completion: @escaping (Outcome) -> Void) {
        switch spawn(arguments) {
        case .failure(let reason):
            completion(.failedToStart(reason))
        case .success(let pid):
            children[pid] = Child(command: arguments[0], deadline: timeout.map { .now() + $0 }, completion: completion)
            scheduleReap()
        }
    }

    private enum SpawnResult {
        case success(pid_t)
        case failure(String)
    }

    private func spawn(_ arguments: [String]) -> SpawnResult {
        guard let program = arguments.first, !program.isEmpty else { return .failure("empty command") }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // The daemon ignores SIGPIPE; the child gets default dispositions and an empty mask.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else { return .failure("\(program): \(String(cString: strerror(result)))") }
        return .success(pid)
    }

    /// Polls every 10 ms while a child has a deadline (someone waits for it), else every second.
    private func scheduleReap() {
        guard reaper == nil, !children.isEmpty else { return }
        let urgent = children.values.contains { $0.deadline != nil }
        let launcher = NIOLoopBound(self, eventLoop: eventLoop)
        reaper = eventLoop.scheduleTask(in: urgent ? .milliseconds(10) : .seconds(1)) {
            launcher.value.reap()
        }
    }

    private func reap() {
        reaper = nil
        let now = NIODeadline.now()
        for (pid, child) in children {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                children.removeValue(forKey: pid)
                let signal = status & 0x7f
                child.completion(signal != 0 ? .signaled(signal) : .exited((status >> 8) & 0xff))
            } else if let deadline = child.deadline, deadline <= now {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                children.removeValue(forKey: pid)
                child.completion(.timedOut)
            }
        }
        scheduleReap()
    }
}
