import FoundationEssentials
import Glibc

/// Wall-clock time read once at start and then advanced by the monotonic clock.
///
/// Session expiry compares against this, so stepping the system clock (NTP, `date -s`) while the
/// daemon runs neither expires a session early nor keeps it past its time; only across restarts
/// does the stored wall-clock expiry meet the real wall clock again.
struct AnchoredWallClock: Sendable {
    private let wallAtStart: Double
    private let monotonicAtStart: Double

    init(wallAtStart: Double = Date().timeIntervalSince1970, monotonicAtStart: Double = Self.monotonicSeconds()) {
        self.wallAtStart = wallAtStart
        self.monotonicAtStart = monotonicAtStart
    }

    /// Seconds since the Unix epoch when the monotonic clock reads `monotonic` seconds.
    func now(monotonic: Double = Self.monotonicSeconds()) -> Double {
        wallAtStart + (monotonic - monotonicAtStart)
    }

    /// `CLOCK_MONOTONIC` in seconds: read per request, so as a `Double` straight from
    /// `clock_gettime` (`ContinuousClock`'s `Duration` arithmetic cost six times as much).
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
