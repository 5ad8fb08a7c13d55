/// The state strings that ``SystemdNotifier`` hands to `sd_notify`, built without I/O.
///
/// Each value is one datagram: newline-separated `KEY=value` assignments, as
/// `sd_notify(3)` describes. Values never contain a newline, which would start
/// a new assignment; one in a status text is replaced by a space.
package enum NotifyState {
    /// `READY=1` with a `STATUS=` line: start-up or a reload is finished.
    package static func ready(status: String) -> String {
        "READY=1\n" + statusLine(status)
    }

    /// A `STATUS=` line alone: a free-form text shown by `systemctl status`.
    package static func status(_ text: String) -> String {
        statusLine(text)
    }

    /// `RELOADING=1` with the `MONOTONIC_USEC=` that systemd needs to order the reload.
    package static func reloading(monotonicMicroseconds: UInt64) -> String {
        "RELOADING=1\nMONOTONIC_USEC=\(monotonicMicroseconds)"
    }

    /// `STOPPING=1`, with a `STATUS=` line when a text is given.
    package static func stopping(status: String?) -> String {
        guard let status else { return "STOPPING=1" }
        return "STOPPING=1\n" + statusLine(status)
    }

    /// `WATCHDOG=1`: the keep-alive ping.
    package static let watchdog = "WATCHDOG=1"

    /// `ERRNO=` and/or `EXIT_STATUS=` followed by a `STATUS=` line: start-up failed.
    package static func startFailed(errno: Int32?, exitStatus: Int32?, status: String) -> String {
        var lines: [String] = []
        if let errno { lines.append("ERRNO=\(errno)") }
        if let exitStatus { lines.append("EXIT_STATUS=\(exitStatus)") }
        lines.append(statusLine(status))
        return lines.joined(separator: "\n")
    }

    private static func statusLine(_ text: String) -> String {
        "STATUS=" + String(text.map { $0.isNewline ? " " : $0 })
    }
}
