/// One measured figure: throughput and latency, or a single scalar (milliseconds, KiB).
struct Figure {
    /// What was measured, e.g. "redis GET".
    var label: String
    /// Requests (or runs) per second.
    var rate: Double?
    /// Latency percentiles in nanoseconds.
    var latency: LatencySummary?
    /// A single figure and its unit, when this is not a rate or a latency.
    var scalar: (value: Double, unit: String)?

    static func load(_ label: String, _ outcome: ClosedLoopLoad.Outcome) -> Figure {
        Figure(label: label, rate: outcome.requestsPerSecond, latency: outcome.latency)
    }

    static func latency(_ label: String, _ summary: LatencySummary) -> Figure {
        Figure(label: label, latency: summary)
    }

    static func scalar(_ label: String, _ value: Double, _ unit: String) -> Figure {
        Figure(label: label, scalar: (value, unit))
    }
}

/// How a windowd figure is compared with a peer's.
enum Comparison {
    /// windowd's requests/s over the peer's: above 1 is faster.
    case rate
    /// windowd's p50 over the peer's: below 1 is faster.
    case p50
    /// windowd's p99 over the peer's: below 1 is faster.
    case p99
    /// windowd's scalar over the peer's: below 1 is better.
    case scalar

    /// The ratio, if both figures have what it needs.
    func ratio(_ ours: Figure, _ theirs: Figure) -> Double? {
        func divide(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b, b > 0 else { return nil }
            return a / b
        }
        switch self {
        case .rate: return divide(ours.rate, theirs.rate)
        case .p50: return divide(ours.latency.map { Double($0.p50) }, theirs.latency.map { Double($0.p50) })
        case .p99: return divide(ours.latency.map { Double($0.p99) }, theirs.latency.map { Double($0.p99) })
        case .scalar: return divide(ours.scalar?.value, theirs.scalar?.value)
        }
    }

    /// The column text: `0.84× req/s`.
    var name: String {
        switch self {
        case .rate: return "req/s"
        case .p50: return "p50"
        case .p99: return "p99"
        case .scalar: return ""
        }
    }
}

/// A row of the table: one windowd figure, and the peers it is compared with.
struct BenchRow {
    /// The item number (1–7).
    var item: Int
    /// The shape, "N×P", or "—".
    var shape: String
    /// windowd's figure.
    var windowd: Figure
    /// Keys into the peer figures, with how to compare.
    var peers: [(key: String, comparisons: [Comparison])] = []
    /// Text printed after the figure, e.g. its target and the spread of its runs.
    var remark: String?
}
