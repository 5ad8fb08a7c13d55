import Glibc

/// What became of a child that job control may stop and continue.
package enum ChildChange: Equatable, Sendable {
    /// A signal (SIGTSTP, SIGSTOP, SIGTTIN, SIGTTOU) stopped it.
    case stopped(Int32)
    /// SIGCONT continued it.
    case continued
    /// It ended (and is reaped).
    case ended(ProcessTermination)

    /// The change a raw `waitpid` status describes (`WIFSTOPPED`, `WIFCONTINUED` and
    /// `WSTOPSIG` are macros that Swift does not import).
    package init(waitStatus status: Int32) {
        if status & 0xff == 0x7f {
            self = .stopped((status >> 8) & 0xff)
        } else if status == 0xffff {
            self = .continued
        } else {
            self = .ended(ProcessTermination(waitStatus: status))
        }
    }
}

extension ChildProcess {
    /// The next change of it (stopped, continued or ended) if one is pending; never blocks. Call
    /// it on SIGCHLD until it returns `nil`.
    package func pollChange() -> ChildChange? {
        if let termination { return .ended(termination) }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG | WUNTRACED | WCONTINUED)
            if result == 0 { return nil }
            if result < 0 {
                if errno == EINTR { continue }
                termination = .signaled(0)
                return .ended(.signaled(0))
            }
            let change = ChildChange(waitStatus: status)
            if case .ended(let ended) = change { termination = ended }
            return change
        }
    }
}
