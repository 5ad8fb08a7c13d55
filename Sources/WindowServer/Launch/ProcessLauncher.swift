import Glibc
import Logging
import NIOCore
import POSIXSupport
import WindowEngine

/// Starts child processes from an argv, never through a shell, each in a session of its own so
/// it outlives the daemon, and reports how they end. Lives on the event loop, where it reaps
/// its children by polling `waitpid` (quickly while someone waits for an outcome).
///
/// It also reaps the children it did not start: an upgrade in place (SIGUSR2) exec's the
/// binary, and the new image inherits the old one's children (a group's `launch` still running)
/// but not its list of them. Until this process has no child it does not know, each poll reaps
/// those that ended, so that none stays a zombie. A poll, not SIGCHLD: the signal sequence the
/// daemon uses sets a trapped signal to `SIG_IGN`, which for SIGCHLD would reap every child
/// before its owner learns how it ended; and not a double fork, which would lose that too.
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
        var process: ChildProcess
        var deadline: NIODeadline?
        /// A check's standard output and error, read as they come (launches print to the daemon's own).
        var output: OutputPipe?
        var completion: (Outcome) -> Void
    }

    private let eventLoop: any EventLoop
    private let logger: Logger
    private var children: [pid_t: Child] = [:]
    private var reaper: Scheduled<Void>?
    /// Whether this process may have children it did not start (see the type's summary): until
    /// the first poll finds none.
    private var mayHaveInheritedChildren = true

    init(eventLoop: any EventLoop, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Starts reaping the children this process inherited, if any: call once on the event loop.
    func reapInheritedChildren() {
        eventLoop.preconditionInEventLoop()
        reapUnknown()
        scheduleReap()
    }

    /// Starts a group's launch command for `window`, with `WINDOWD_WINDOW_ID` naming it beside
    /// the daemon's `WINDOWD_SOCKET` and `WINDOWD_APP`; `ended` gets how it ended, however it
    /// did (a failure is logged first, never fatal).
    func launch(_ arguments: [String], window: WindowID, ended: @escaping (Outcome) -> Void) {
        let logger = self.logger
        var environment = ProcessEnvironment.current()
        environment["WINDOWD_WINDOW_ID"] = window.rawValue
        run(arguments, environment: environment, timeout: nil) { outcome in
            if outcome != .exited(0) {
                logger.warning(
                    "launch command failed",
                    metadata: [
                        "window.id": "\(window)", "command": "\(arguments)", "outcome": "\(outcome)",
                    ]
                )
            }
            ended(outcome)
        }
    }

    /// Runs `arguments` and calls `completion` on the event loop with how it ended; after
    /// `timeout` it is killed and reported as timed out.
    func run(
        _ arguments: [String],
        environment: [String: String]? = nil,
        timeout: TimeAmount?,
        completion: @escaping (Outcome) -> Void
    ) {
        do {
            // stdout and stderr stay the daemon's (the journal); a session of its own, so that
            // the app outlives the daemon.
            let process = try ChildProcess(
                arguments,
                environment: environment,
                stdin: .null,
                stdout: .inherited,
                stderr: .inherited,
                newSession: true
            )
            children[process.pid] = Child(
                process: process,
                deadline: timeout.map { .now() + $0 },
                completion: completion
            )
            scheduleReap()
        } catch {
            completion(.failedToStart(error.description))
        }
    }

    /// Runs a check (`validate_command`) and calls `completion` on the event loop with how it
    /// ended and what it printed (standard output and error together, as one bounded, escaped
    /// line: ``PrintedOutput``). It leads a process group of its own: after `timeout` the whole
    /// group is killed, so that nothing it started in the background lives on.
    func check(_ arguments: [String], timeout: TimeAmount, completion: @escaping (Outcome, String?) -> Void) {
        let output: OutputPipe
        do {
            output = try OutputPipe()
        } catch {
            completion(.failedToStart(error.description), nil)
            return
        }
        do {
            let process = try ChildProcess(
                arguments,
                stdin: .null,
                stdout: .descriptor(output.writeEnd),
                stderr: .standardOutput,
                newSession: true
            )
            output.closeWriteEnd()
            children[process.pid] = Child(process: process, deadline: .now() + timeout, output: output) { outcome in
                completion(outcome, output.printed.line)
            }
            scheduleReap()
        } catch {
            output.close()
            completion(.failedToStart(error.description), nil)
        }
    }

    /// Polls every 10 ms while a child has a deadline (someone waits for it), else every second.
    private func scheduleReap() {
        guard reaper == nil, !children.isEmpty || mayHaveInheritedChildren else { return }
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
            child.output?.drain()
            if let ended = child.process.poll() {
                children.removeValue(forKey: pid)
                child.output?.close()
                switch ended {
                case .exited(let status): child.completion(.exited(status))
                case .signaled(let signal): child.completion(.signaled(signal))
                }
            } else if let deadline = child.deadline, deadline <= now {
                // Its whole group: what it started in the background goes with it (it leads a session).
                child.process.signal(SIGKILL, group: true)
                child.process.wait()
                children.removeValue(forKey: pid)
                child.output?.close()
                child.completion(.timedOut)
            }
        }
        reapUnknown()
        scheduleReap()
    }

    /// Reaps every ended child that this launcher did not start; a known one is left to
    /// ``reap()``. Stops looking once the process has no child at all.
    private func reapUnknown() {
        while mayHaveInheritedChildren {
            switch ProcessTermination.firstEndedChild() {
            case .none:
                mayHaveInheritedChildren = false
            case .running:
                return
            case .ended(let pid):
                guard children[pid] == nil else { return }
                let ended = ProcessTermination.reap(pid, blocking: false)
                logger.debug(
                    "reaped a child started before an upgrade",
                    metadata: ["pid": "\(pid)", "outcome": "\(ended.map(\.description) ?? "?")"]
                )
            }
        }
    }
}
