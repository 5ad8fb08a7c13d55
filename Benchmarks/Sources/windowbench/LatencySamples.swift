/// Latency samples in nanoseconds, with exact percentiles from the sorted samples.
struct LatencySamples {
    private(set) var values: [UInt64] = []
    private var sorted = true

    init(capacity: Int = 0) {
        values.reserveCapacity(capacity)
    }

    /// Adds one sample.
    mutating func record(_ nanoseconds: UInt64) {
        if let last = values.last, nanoseconds < last { sorted = false }
        values.append(nanoseconds)
    }

    /// The number of samples.
    var count: Int { values.count }

    /// The sample at `fraction` (0.5 for the median) in nanoseconds, nearest rank; 0 without samples.
    mutating func percentile(_ fraction: Double) -> UInt64 {
        guard !values.isEmpty else { return 0 }
        if !sorted {
            values.sort()
            sorted = true
        }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    /// p50, p99, p99.9 and the largest, in nanoseconds.
    mutating func summary() -> LatencySummary {
        LatencySummary(
            p50: percentile(0.50),
            p99: percentile(0.99),
            p999: percentile(0.999),
            samples: count,
            max: percentile(1)
        )
    }
}

/// The percentiles a table row shows, in nanoseconds.
struct LatencySummary {
    var p50: UInt64
    var p99: UInt64
    var p999: UInt64
    var samples: Int
    /// The largest sample (0 where a peer's tool does not say).
    var max: UInt64 = 0
}
