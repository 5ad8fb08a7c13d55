/// When to try to reach the daemon again, and when to give up.
///
/// Delays double from ``initialDelay`` up to ``maximumDelay``; after ``giveUp`` without the
/// daemon, the presenter stops trying.
public struct ReconnectBackoff: Hashable, Sendable {
    /// The delay before the first retry.
    public static let initialDelay: Duration = .milliseconds(100)
    /// The longest delay between two tries.
    public static let maximumDelay: Duration = .seconds(2)

    /// How long the daemon may be gone before the presenter gives up.
    public let giveUp: Duration
    /// The tries made since the connection dropped.
    public private(set) var attempts = 0

    /// A backoff that gives up after `giveUp`.
    public init(giveUp: Duration) {
        self.giveUp = giveUp
    }

    /// Counts a try and returns how long to wait before the next one.
    public mutating func nextDelay() -> Duration {
        defer { attempts += 1 }
        var delay = ReconnectBackoff.initialDelay
        for _ in 0..<min(attempts, 16) { delay *= 2 }
        return min(delay, ReconnectBackoff.maximumDelay)
    }

    /// Whether a daemon gone for `gone` is gone for good.
    public func hasGivenUp(after gone: Duration) -> Bool {
        gone >= giveUp
    }
}
