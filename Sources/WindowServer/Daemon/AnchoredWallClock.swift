#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Wall-clock time read once at start and then advanced by the monotonic clock.
///
/// Session expiry compares against this, so stepping the system clock (NTP, `date -s`) while the
/// daemon runs neither expires a session early nor keeps it past its time; only across restarts
/// does the stored wall-clock expiry meet the real wall clock again.
struct AnchoredWallClock: Sendable {
    private let wallAtStart: Double
    private let start: ContinuousClock.Instant

    init(wallAtStart: Double = Date().timeIntervalSince1970, start: ContinuousClock.Instant = .now) {
        self.wallAtStart = wallAtStart
        self.start = start
    }

    /// Seconds since the Unix epoch at `instant`.
    func now(at instant: ContinuousClock.Instant = .now) -> Double {
        let elapsed = instant - start
        return wallAtStart + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
