import NIOCore

/// A request on its way: how to write it under an id, and what to do with its answer.
///
/// ```swift
/// let call = PendingCall(method: "app.state", encode: { id in try JSONWriter.bytes(request(id)) }) { outcome in … }
/// ```
///
/// `complete` runs on the connection's actor (its event loop), exactly once.
struct PendingCall: Sendable {
    /// The method name, for messages and for ``ReplaySafety``.
    let method: String
    /// Whether it may be sent again after the daemon went away before answering.
    let replaySafe: Bool
    /// Part of re-establishing the connection: it fails, rather than waits, when the connection drops.
    let isRestore: Bool
    /// The request's bytes for the id it is sent under.
    let encode: @Sendable (RequestID) throws -> [UInt8]
    /// Takes the answer, on the connection's actor.
    let complete: @Sendable (isolated DaemonConnection, Result<JSONValue, WindowKitError>) -> Void
    /// Names an awaited call, so that its caller's cancellation finds it (``DaemonConnection/abandon(_:)``).
    let token: CallToken?
    /// Ends an awaited call's wait with `CancellationError`, instead of ``complete``.
    let abandon: (@Sendable () -> Void)?
    /// The request timeout, while it is in flight.
    var timeout: Scheduled<Void>?
    /// The bytes of its last sending, for telling which request a daemon found too large.
    var size = 0
    /// How many times it was sent: one that the daemon went away on again and again is not
    /// sent forever.
    var sends = 0

    /// The most times a request is sent.
    static let maximumSends = 3

    init(
        method: String,
        replaySafe: Bool? = nil,
        isRestore: Bool = false,
        encode: @escaping @Sendable (RequestID) throws -> [UInt8],
        token: CallToken? = nil,
        abandon: (@Sendable () -> Void)? = nil,
        complete: @escaping @Sendable (isolated DaemonConnection, Result<JSONValue, WindowKitError>) -> Void
    ) {
        self.method = method
        self.replaySafe = replaySafe ?? ReplaySafety.allows(method)
        self.isRestore = isRestore
        self.encode = encode
        self.token = token
        self.abandon = abandon
        self.complete = complete
    }
}

/// The identity of one awaited call, from the moment it is made until it is answered or abandoned.
final class CallToken: Sendable {}
