import WindowEngine

/// The `seq` of each connection's events (windowd-protocol(7), events): numbered when an event
/// is addressed, so that a subscription taken by a later request counts it or not exactly as its
/// snapshot does, and taken back when a failed commit withdraws events, so that no client sees a gap.
///
/// Only ``DaemonMachine`` changes it: no other code does arithmetic on a `seq`.
struct EventNumbering {
    private struct Count {
        /// The number of the last event addressed.
        var last: UInt64
        /// Events addressed and then withdrawn with their change, not yet taken out of `last`.
        var withdrawn: UInt64 = 0
    }

    private var counts: [ConnectionID: Count] = [:]
    /// Whether some connection has withdrawn events not yet taken back.
    private(set) var isWithdrawing = false

    /// The number of the last event addressed to `connection` (0 before its first).
    func last(of connection: ConnectionID) -> UInt64 {
        counts[connection]?.last ?? 0
    }

    /// Numbers the next event addressed to `connection`.
    mutating func next(for connection: ConnectionID) -> UInt64 {
        counts[connection, default: Count(last: 0)].last += 1
        return counts[connection]!.last
    }

    /// A connection handed over by a graceful restart goes on from `last`.
    mutating func resume(_ connection: ConnectionID, from last: UInt64) {
        counts[connection] = Count(last: last)
    }

    /// A closed connection is numbered no more.
    mutating func forget(_ connection: ConnectionID) {
        counts[connection] = nil
    }

    /// An event addressed to `connection` was withdrawn with its change: those numbered after it
    /// go out one lower.
    mutating func withdraw(from connection: ConnectionID) {
        guard counts[connection] != nil else { return }
        counts[connection]!.withdrawn += 1
        isWithdrawing = true
    }

    /// The number event `seq` goes out with on `connection`, below the events withdrawn before it.
    func sent(_ seq: UInt64, on connection: ConnectionID) -> UInt64 {
        seq - (counts[connection]?.withdrawn ?? 0)
    }

    /// Every event withdrawn was numbered after every event sent: each connection's count takes
    /// them back. Called once the waiters of a failed commit are released.
    mutating func settleWithdrawn() {
        guard isWithdrawing else { return }
        isWithdrawing = false
        for (connection, count) in counts where count.withdrawn > 0 {
            counts[connection] = Count(last: count.last - count.withdrawn)
        }
    }
}
