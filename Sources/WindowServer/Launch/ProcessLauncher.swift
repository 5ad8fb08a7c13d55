#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import WindowCore

/// Starts a group's launch command for a new window: an argv, never a shell, in a session
/// of its own so it outlives the daemon; failures are logged, never fatal. Lives on the event loop.
final class ProcessLauncher {
    private let eventLoop: any EventLoop
    private let logger: Logger
    private var running: [pid_t: (command: String, window: WindowID)] = [:]
    private var reaper: RepeatedTask?
    /// glibc's `POSIX_SPAWN_SETSID`, hidden from Swift without `_GNU_SOURCE`.
    private static let spawnSetSID: Int32 = 0x80

    init(eventLoop: any EventLoop, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Spawns `arguments` (`arguments[0]` looked up in `PATH`) for `window`.
    func launch(_ arguments: [String], window: WindowID) {
        guard let program = arguments.first else { return }
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
        guard result == 0 else {
            logger.error("cannot start the launch command", metadata: [
                "window.id": "\(window)", "command": "\(arguments)", "error": "\(String(cString: strerror(result)))",
            ])
            return
        }
        running[pid] = (program, window)
        startReaper()
    }

    /// Collects finished children once a second while any run, and logs those that failed.
    private func startReaper() {
        guard reaper == nil else { return }
        let launcher = NIOLoopBound(self, eventLoop: eventLoop)
        reaper = eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(100), delay: .seconds(1)) { task in
            launcher.value.reap(task)
        }
    }

    private func reap(_ task: RepeatedTask) {
        for (pid, launched) in running {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            running.removeValue(forKey: pid)
            let exitCode = (status >> 8) & 0xff
            let signal = status & 0x7f
            if signal != 0 || exitCode != 0 {
                logger.warning("launch command failed", metadata: [
                    "window.id": "\(launched.window)", "command": "\(launched.command)",
                    "status": "\(signal != 0 ? "signal \(signal)" : "exit \(exitCode)")",
                ])
            }
        }
        if running.isEmpty {
            task.cancel()
            reaper = nil
        }
    }
}
