/// How a client is connected to windowd, for a view that says so.
///
/// ```swift
/// for await status in app.connectionStatuses {
///     if case .reconnecting(let attempt) = status { showBanner("reconnecting (\(attempt))…") }
/// }
/// ```
public enum ConnectionStatus: Sendable, Hashable {
    /// Connected, attached and subscribed as asked.
    case connected
    /// The connection dropped; `attempt` tries to connect again so far. Calls wait meanwhile.
    case reconnecting(attempt: Int)
    /// Closed for good: by ``AppClient/close()``, or windowd was gone for longer than
    /// ``ConnectionOptions/reconnectFor``.
    case closed
}
