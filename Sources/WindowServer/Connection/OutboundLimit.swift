/// The outbound limits of a connection (windowd.toml(5), `outbound_soft_bytes`,
/// `outbound_soft_seconds`, `outbound_hard_bytes`), as redis's `client-output-buffer-limit
/// pubsub`: the events a client has not read may pass the soft limit for a few seconds, and
/// the hard one never. A client past either is disconnected; no one else waits for it.
///
/// What it weighs is events only: a reply a client asked for is delivered whole, whatever its
/// size (a client that does not read its replies stops only its own reading, ``Connection``).
struct OutboundLimit: Equatable {
    /// Why a client is disconnected.
    enum Breach: Equatable {
        /// Its unsent events passed `outbound_hard_bytes`.
        case hard
        /// They stayed over `outbound_soft_bytes` longer than `outbound_soft_seconds`.
        case soft
    }

    let softBytes: Int
    let softSeconds: Double
    let hardBytes: Int

    /// Weighs `unsent` bytes of events at `now` (read only while over the soft limit);
    /// `overSoftSince` is when the connection went over it, kept by the connection.
    func check(unsent: Int, overSoftSince: inout Double?, now: () -> Double) -> Breach? {
        if unsent > hardBytes { return .hard }
        guard unsent > softBytes else {
            overSoftSince = nil
            return nil
        }
        let now = now()
        guard let since = overSoftSince else {
            overSoftSince = now
            return nil
        }
        return now - since > softSeconds ? .soft : nil
    }
}

extension OutboundLimit {
    /// The limits `daemon` sets.
    init(_ daemon: DaemonConfig.DaemonSection) {
        self.init(
            softBytes: daemon.outboundSoftBytes,
            softSeconds: Double(daemon.outboundSoftSeconds),
            hardBytes: daemon.outboundHardBytes
        )
    }
}
