/// When to try to reach windowd again, and when to give up: the first try at once (a daemon
/// that dropped a slow subscriber is still there), then delays double from 50 ms up to 1 s,
/// and after ``ConnectionOptions/reconnectFor`` without the daemon the client gives up.
///
/// ```swift
/// var schedule = ReconnectSchedule(giveUpAfter: .seconds(60))
/// let delay = schedule.nextDelay()          // 0, 50 ms, 100 ms, 200 ms, … 1 s
/// schedule.hasGivenUp(after: .seconds(61))  // true
/// ```
struct ReconnectSchedule: Sendable, Hashable {
    /// The delay before the second try.
    static let initialDelay: Duration = .milliseconds(50)
    /// The longest delay between two tries.
    static let maximumDelay: Duration = .seconds(1)

    /// How long the daemon may be gone.
    let giveUpAfter: Duration
    /// The tries made so far.
    private(set) var attempts = 0

    /// Counts a try and returns how long to wait before it.
    mutating func nextDelay() -> Duration {
        defer { attempts += 1 }
        guard attempts > 0 else { return .zero }
        return min(ReconnectSchedule.initialDelay * (1 << min(attempts - 1, 16)), ReconnectSchedule.maximumDelay)
    }

    /// Whether a daemon gone for `gone` is gone for good.
    func hasGivenUp(after gone: Duration) -> Bool {
        gone >= giveUpAfter
    }
}
