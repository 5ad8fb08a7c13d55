import WindowEngine

/// Flow control on the writers (windowd-protocol(7), "Limits"), as a value: whether a
/// subscriber's unsent events hold requests back (``OutboundPressure``), whose input is kept
/// unread meanwhile and in what order it is handled again, and when the stall timer is due.
///
/// ``DaemonMachine`` owns it and answers with its outputs (set or cancel the stall timer, handle
/// the kept input, close a stalled connection); the daemon keeps the bytes themselves (each
/// connection's kept input) and the timer.
struct FlowControl {
    /// What becomes of bytes a connection read.
    enum ReadAdmission: Equatable {
        /// Frame them into request lines and handle them now.
        case frame
        /// Keep them, behind what the connection kept before.
        case keep
        /// Keep them, the first the connection keeps: read it no further until they are handled.
        case keepAndStopReading
    }

    /// Whether a subscriber's unsent events hold requests back, and since when.
    private(set) var pressure: OutboundPressure
    /// Connections with input kept unread while requests were held back, in the order they were held.
    private(set) var keeping: [ConnectionID] = []
    /// When the stall timer is set for, if it is.
    private(set) var stallDue: Double?
    /// Set while kept input is being handled, so that a release meanwhile does not start again.
    private(set) var isResuming = false

    /// Marks for `maxOutbound` (`max_outbound_bytes`) and `stallMilliseconds` (`outbound_stall_ms`).
    init(maxOutbound: Int, stallMilliseconds: Int) {
        pressure = OutboundPressure(maxOutbound: maxOutbound, stallMilliseconds: stallMilliseconds)
    }

    /// New marks after a reload; the connections holding the writers go on holding them.
    mutating func reconfigure(maxOutbound: Int, stallMilliseconds: Int) {
        pressure.reconfigure(maxOutbound: maxOutbound, stallMilliseconds: stallMilliseconds)
    }

    /// Whether `connection` has input kept unread.
    func keepsInput(of connection: ConnectionID) -> Bool {
        !keeping.isEmpty && keeping.contains(connection)
    }

    /// Bytes `connection` read: handled now, or kept while requests are held back (and behind
    /// bytes it kept before, to keep the order).
    mutating func read(from connection: ConnectionID) -> ReadAdmission {
        if keepsInput(of: connection) { return .keep }
        guard pressure.holdsRequests else { return .frame }
        keeping.append(connection)
        return .keepAndStopReading
    }

    /// Whether `unsent` bytes of events on `connection` change whether it holds the writers
    /// (cheap: the daemon asks before it reads the clock).
    func changes(_ connection: ConnectionID, unsent: Int) -> Bool {
        pressure.isHolding(connection) ? unsent < pressure.releaseBelow : unsent >= pressure.holdAt
    }

    /// `connection` has `unsent` bytes of events not yet written, at `now`.
    mutating func measured(
        _ connection: ConnectionID,
        unsent: Int,
        now: Double,
        into outputs: inout [DaemonMachine.Output]
    ) {
        follow(pressure.measured(connection, unsent: unsent, now: now), into: &outputs)
    }

    /// `connection` closed: it keeps nothing and holds no one back any more.
    mutating func closed(_ connection: ConnectionID, into outputs: inout [DaemonMachine.Output]) {
        if let index = keeping.firstIndex(of: connection) { keeping.remove(at: index) }
        follow(pressure.closed(connection), into: &outputs)
    }

    /// The stall timer fired at `now`: the connections that held the writers for
    /// `outbound_stall_ms` are closed as not reading; the timer is set again for the others.
    mutating func stallTimerFired(now: Double, into outputs: inout [DaemonMachine.Output]) {
        stallDue = nil
        for connection in pressure.stalled(now: now).sorted(by: { $0.rawValue < $1.rawValue }) {
            outputs.append(.closeStalled(connection))
            follow(pressure.closed(connection), into: &outputs)
        }
        if pressure.holdsRequests { armStall(into: &outputs) }
    }

    // MARK: - Handling kept input again

    /// Begins handling kept input; `false` if that is already under way (a release meanwhile).
    mutating func beginResuming() -> Bool {
        guard !isResuming else { return false }
        isResuming = true
        return true
    }

    /// The connection whose kept input is handled next: the first held, while requests are not
    /// held back (or whatever the pressure, with `force`: a hand-off or a stop).
    func nextToResume(force: Bool) -> ConnectionID? {
        guard force || !pressure.holdsRequests else { return nil }
        return keeping.first
    }

    /// Whether kept input may go on being handled (not once a subscriber holds the writers again).
    func resumes(force: Bool) -> Bool { force || !pressure.holdsRequests }

    /// `connection`'s kept input is all handled: it reads again.
    mutating func resumed(_ connection: ConnectionID) {
        if let index = keeping.firstIndex(of: connection) { keeping.remove(at: index) }
    }

    /// Handling kept input is over.
    mutating func endResuming() {
        isResuming = false
    }

    private mutating func follow(_ change: OutboundPressure.Change?, into outputs: inout [DaemonMachine.Output]) {
        switch change {
        case .hold?:
            armStall(into: &outputs)
        case .release?:
            if stallDue != nil { outputs.append(.cancelStallTimer) }
            stallDue = nil
            outputs.append(.resumeKeptInput)
        case nil:
            break
        }
    }

    private mutating func armStall(into outputs: inout [DaemonMachine.Output]) {
        guard let due = pressure.nextStall else { return }
        stallDue = due
        outputs.append(.armStallTimer(at: due))
    }
}
