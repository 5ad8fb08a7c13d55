/// Follows the `seq` of the events on one connection and tells which ones were missed.
struct EventSequence {
    /// The `seq` of the last event seen, or the one a subscription started after.
    private(set) var last: UInt64

    /// Starts after event `last` (0 before any).
    init(after last: UInt64) { self.last = last }

    /// Takes event `seq`; returns the numbers skipped before it, if any.
    ///
    /// A `seq` at or below the last one means the daemon started counting anew
    /// (a restart that lost the connection's state): it is the new base, not a gap.
    mutating func accept(_ seq: UInt64) -> ClosedRange<UInt64>? {
        defer { last = seq }
        guard seq > last + 1 else { return nil }
        return (last + 1)...(seq - 1)
    }

    /// `missed events #4–#6 (the daemon dropped them)`: the warning for `range`.
    static func warning(_ range: ClosedRange<UInt64>) -> String {
        let numbers = range.count == 1 ? "#\(range.lowerBound)" : "#\(range.lowerBound)–#\(range.upperBound)"
        return "missed event\(range.count == 1 ? "" : "s") \(numbers)"
    }
}
