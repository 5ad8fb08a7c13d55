/// How the presenter is connected to windowd, as the view shows it.
enum LinkStatus: Hashable, Sendable {
    /// Attached and receiving events.
    case connected
    /// The daemon said it is stopping; the connection is about to drop.
    case stopping
    /// The connection dropped: `attempt` tries so far, gone for `gone`, giving up after `giveUp`.
    case reconnecting(attempt: Int, gone: Duration, giveUp: Duration)
}
