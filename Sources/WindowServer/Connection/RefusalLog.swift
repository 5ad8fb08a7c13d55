/// When to log refused connections: the first at once, then at most one line per interval that
/// counts the refusals since, so that a flood of clients past a limit cannot flood the log.
struct RefusalLog {
    /// The shortest time between two log lines, in seconds.
    static let interval = 10.0

    /// Refusals not yet logged.
    private var unlogged = 0
    /// When the last line was logged.
    private var loggedAt: Double?

    /// Counts one refusal at `now` (seconds); returns how many to report in a log line now, or
    /// `nil` when the line waits for the interval to pass.
    mutating func refused(now: Double) -> Int? {
        unlogged += 1
        if let loggedAt, now - loggedAt < Self.interval { return nil }
        defer { unlogged = 0 }
        loggedAt = now
        return unlogged
    }
}
