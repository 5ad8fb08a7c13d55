/// A figure `make bench-check` guards: a windowd measurement divided by its peer's, both
/// measured in the same round of the same run, through the same client code.
enum CheckFigure: String, CaseIterable {
    case dedupHit1x1 = "dedup-hit-1x1"
    case dedupHit50x1 = "dedup-hit-50x1"
    case dedupHit50x16 = "dedup-hit-50x16"
    case newValue50x16 = "new-value-50x16"
    case sceneFanOut = "scene-fan-out-1000"
    case winctlOpen = "winctl-open"
    case startUp100k = "start-up-100000"
    case idleResident = "idle-rss"

    /// windowd's side, as the table names it.
    var title: String {
        switch self {
        case .dedupHit1x1: return "window.open existing value, 1×1"
        case .dedupHit50x1: return "window.open existing value, 50×1"
        case .dedupHit50x16: return "window.open existing value, 50×16"
        case .newValue50x16: return "window.open new value, 50×16"
        case .sceneFanOut: return "scene.setPhase → 1,000 subscribers"
        case .winctlOpen: return "winctl open (one process)"
        case .startUp100k: return "start-up to READY, 100,000 windows"
        case .idleResident: return "idle RSS, one instance"
        }
    }

    /// The peer's side.
    var peer: String {
        switch self {
        case .dedupHit1x1: return "redis EXISTS, 1×1"
        case .dedupHit50x1: return "redis EXISTS, 50×1"
        case .dedupHit50x16: return "redis EXISTS, 50×16"
        case .newValue50x16: return "redis SET (everysec), 50×16"
        case .sceneFanOut: return "redis PUBLISH → 1,000 subscribers"
        case .winctlOpen: return "tmux display-message (one process)"
        case .startUp100k: return "redis-server loading 100,000 keys"
        case .idleResident: return "redis-server idle"
        }
    }

    /// What is divided: requests per second, a p50 latency, a duration, a resident set.
    var unit: String {
        switch self {
        case .dedupHit1x1, .dedupHit50x1, .dedupHit50x16, .newValue50x16: return "req/s"
        case .sceneFanOut, .winctlOpen: return "p50"
        case .startUp100k: return "ms"
        case .idleResident: return "MiB"
        }
    }

    /// Whether a larger ratio is better (throughput) rather than worse (time, memory).
    var higherIsBetter: Bool { unit == "req/s" }

    /// A measured value of this figure's unit as text (`57,120`, `3.18 ms`, `12.4 MiB`).
    func text(_ value: Double) -> String {
        switch unit {
        case "req/s": return NumberText.grouped(value)
        case "MiB": return NumberText.fixed(value, 1) + " MiB"
        default: return NumberText.duration(UInt64(max(value, 0) * 1e6))
        }
    }
}

/// One round's measurement of a figure: windowd's value and its peer's, in the figure's unit
/// (milliseconds for times).
struct CheckPair {
    var windowd: Double
    var peer: Double
    /// windowd over the peer.
    var ratio: Double { windowd / peer }
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
