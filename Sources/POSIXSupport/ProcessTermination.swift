package import Glibc

/// How a child process ended, and the one `waitpid` that finds out (``ChildProcess`` reaps
/// through it).
package enum ProcessTermination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    /// The ending a raw `waitpid` status describes (`WIFEXITED`, `WEXITSTATUS` and `WTERMSIG`
    /// are macros that Swift does not import).
    package init(waitStatus status: Int32) {
        self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
    }

    /// The exit status, if it exited.
    package var exitStatus: Int32? {
        if case .exited(let status) = self { return status }
        return nil
    }

    /// The status a shell gives it: the exit status, or 128 + N for signal N (as `$?`, `nice`
    /// and `timeout` report it).
    package var shellStatus: Int32 {
        switch self {
        case .exited(let status): return status
        case .signaled(let signal): return 128 + signal
        }
    }

    package var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signaled(let signal): return "signal \(signal)"
        }
    }

    /// Reaps child `pid` if it has ended (waits for it when `blocking`); `nil` while it runs.
    ///
    /// A process that cannot be waited for (reaped already, or not a child) reads as
    /// `.signaled(0)`: there is nothing more to learn about it. `onInterrupt` runs each time a
    /// blocking wait is interrupted by a signal, before it waits again.
    package static func reap(_ pid: pid_t, blocking: Bool, onInterrupt: () -> Void = {}) -> ProcessTermination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return ProcessTermination(waitStatus: status) }
            if result == 0 { return nil }
            guard errno == EINTR else { return .signaled(0) }
            onInterrupt()
        }
    }
}

extension ProcessTermination {
    /// What ``firstEndedChild()`` finds among this process's children.
    package enum EndedChild: Equatable, Sendable {
        /// A child has ended and waits to be reaped (it still is: a peek, `WNOWAIT`).
        case ended(pid_t)
        /// Children run, none has ended.
        case running
        /// This process has no child at all.
        case none
    }

    /// The first child that has ended, without reaping it, so that its owner may (a process
    /// exec'd in place inherits the children of the image before, whose owners are gone; see
    /// `ProcessLauncher`). Never blocks.
    package static func firstEndedChild() -> EndedChild {
        var info = siginfo_t()
        while waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
            if errno != EINTR { return errno == ECHILD ? .none : .running }
        }
        let pid = info._sifields._sigchld.si_pid
        return pid == 0 ? .running : .ended(pid)
    }
}
