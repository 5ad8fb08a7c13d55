/// What the service manager was told (`STATUS=`, the first `READY=1`), and whether a status line
/// is on its way: at most one send per ``DaemonMachine/statusPause``, and only of a line that changed.
struct StatusReport {
    /// Whether a send is scheduled.
    private var scheduled = false
    /// The last line sent.
    private var sent = ""
    /// Whether the first `READY=1` went out.
    private var ready = false

    /// The first `READY=1` goes out with `line`; `false` when it went out before.
    mutating func readied(with line: String) -> Bool {
        guard !ready else { return false }
        ready = true
        sent = line
        return true
    }

    /// A send is to be scheduled; `false` when one is already.
    mutating func schedule() -> Bool {
        guard !scheduled else { return false }
        scheduled = true
        return true
    }

    /// The scheduled send is due with `line`: the line to send, or `nil` when it did not change.
    mutating func due(_ line: String) -> String? {
        scheduled = false
        guard line != sent else { return nil }
        sent = line
        return line
    }
}
