import WindowEngine

/// Flow control on the writers (windowd-protocol(7), "Limits"): while a subscriber has more
/// than a quarter of `max_outbound_bytes` of events it has not read, no client's requests are
/// read, so that a burst from every client at once reaches a subscriber that reads whole
/// instead of overflowing its queue; reading resumes once every such subscriber is under an
/// eighth. A subscriber that stays over the eighth for `outbound_stall_ms` does not read: it is
/// disconnected, and never holds the others longer than that.
///
/// A value: the daemon tells it what each connection has unsent, and acts on what it returns.
struct OutboundPressure {
    /// What the daemon must do after a measurement.
    enum Change: Equatable {
        /// Stop reading requests: a subscriber is over the mark.
        case hold
        /// Read requests again: no subscriber is over the mark any more.
        case release
    }

    /// Unsent event bytes at which a connection holds the writers.
    private(set) var holdAt = 0
    /// Unsent event bytes under which it lets them go again.
    private(set) var releaseBelow = 0
    /// How long, in seconds, a connection may hold the writers before it is taken for one that does not read.
    private(set) var stallSeconds = 0.0
    /// The connections holding the writers, with when each began.
    private(set) var holding: [ConnectionID: Double] = [:]

    /// Marks for `maxOutbound` (`max_outbound_bytes`) and `stallMilliseconds` (`outbound_stall_ms`).
    init(maxOutbound: Int, stallMilliseconds: Int) {
        reconfigure(maxOutbound: maxOutbound, stallMilliseconds: stallMilliseconds)
    }

    /// New marks after a reload; the connections holding the writers go on holding them.
    mutating func reconfigure(maxOutbound: Int, stallMilliseconds: Int) {
        holdAt = max(1, maxOutbound / 4)
        releaseBelow = max(1, maxOutbound / 8)
        stallSeconds = Double(stallMilliseconds) / 1_000
    }

    /// Whether requests are held back.
    var holdsRequests: Bool { !holding.isEmpty }

    /// Whether `connection` is one that holds the writers.
    func isHolding(_ connection: ConnectionID) -> Bool { holding[connection] != nil }

    /// `connection` has `unsent` bytes of events not yet written to its socket, at `now`
    /// (read only when it begins to hold the writers).
    mutating func measured(_ connection: ConnectionID, unsent: Int, now: @autoclosure () -> Double) -> Change? {
        let wasHolding = holdsRequests
        if holding[connection] == nil {
            guard unsent >= holdAt else { return nil }
            holding[connection] = now()
            return wasHolding ? nil : .hold
        }
        guard unsent < releaseBelow else { return nil }
        return forget(connection)
    }

    /// `connection` closed (or was disconnected).
    mutating func closed(_ connection: ConnectionID) -> Change? {
        holding[connection] == nil ? nil : forget(connection)
    }

    /// The connections that have held the writers for `outbound_stall_ms` or longer at `now`.
    func stalled(now: Double) -> [ConnectionID] {
        holding.filter { now - $0.value >= stallSeconds }.map(\.key)
    }

    /// When the next connection will have held the writers too long, if any holds them.
    var nextStall: Double? {
        holding.values.min().map { $0 + stallSeconds }
    }

    private mutating func forget(_ connection: ConnectionID) -> Change? {
        holding.removeValue(forKey: connection)
        return holding.isEmpty ? .release : nil
    }
}
