/// The outbound limit of one connection (windowd(8), Socket and access): what caps a client is the events it
/// has not read, never a reply it asked for.
///
/// The channel counts every byte it holds (`bufferedWritableBytes`); large replies still being
/// written are counted here and left out, so a client reading a 20 MB `window.list` is not
/// taken for one that does not read. Small replies count: a client that stopped reading has
/// them queued too.
struct OutboundBudget {
    /// `max_outbound_bytes`.
    let limit: Int
    /// Bytes of large replies handed to the channel and not yet written to the socket.
    private(set) var replyBytesInFlight = 0

    /// Replies at least this large are tracked (a promise each); smaller ones are not worth it.
    static let trackedReplySize = 16 * 1_024

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether an event of `bytes` may be queued behind the `queued` bytes the channel holds.
    func admitsEvent(of bytes: Int, queued: Int) -> Bool {
        queued - replyBytesInFlight + bytes <= limit
    }

    /// A large reply was handed to the channel.
    mutating func replyQueued(_ bytes: Int) {
        replyBytesInFlight += bytes
    }

    /// A large reply was written to the socket (or the connection closed).
    mutating func replyWritten(_ bytes: Int) {
        replyBytesInFlight -= bytes
    }
}
