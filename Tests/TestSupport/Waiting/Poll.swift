#if canImport(Glibc)
package import Glibc
#endif

/// Waiting for a real program's state: checked every few milliseconds until it holds or a
/// deadline passes (the programs have no way to tell us; no fixed sleeps).
package enum Poll {
    /// Seconds on the monotonic clock.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The first non-nil `value()` within `seconds`, or `nil`.
    package static func until<T>(
        within seconds: Double = 5,
        every interval: useconds_t = 10_000,
        _ value: () throws -> T?
    ) rethrows -> T? {
        let deadline = now() + seconds
        while true {
            if let result = try value() { return result }
            if now() > deadline { return nil }
            usleep(interval)
        }
    }

    /// Whether `condition()` became true within `seconds`.
    package static func until(
        within seconds: Double = 5,
        every interval: useconds_t = 10_000,
        _ condition: () throws -> Bool
    ) rethrows -> Bool {
        try until(within: seconds, every: interval) { try condition() ? true : nil } ?? false
    }
}
