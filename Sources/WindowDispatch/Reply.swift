import WindowCore
import WindowProtocol

/// What one request produced: its response, and what it changed.
public struct Reply {
    /// The request's id, echoed in its response (`nil`: answered with `"id": null`).
    public var id: RequestID?
    /// Whether the request gets a response: it is not a notification, or it was not a valid request.
    public var expectsResponse: Bool
    /// The method, when the request named a known one.
    public var method: String?
    /// The response object (no newline); `nil` for a notification, which gets none.
    public var body: [UInt8]?
    /// The error the response carries, if it is one.
    public var error: RPCError?
    /// Events, launches and phase reactions, in order.
    public var effects: [Effect] = []
    /// Changes to commit before the response may be sent.
    public var changes: [StateChange] = []

    /// A reply to request `id` with no body, effects or changes yet; routing fills them in.
    public init(id: RequestID?, expectsResponse: Bool, method: String? = nil) {
        self.id = id
        self.expectsResponse = expectsResponse
        self.method = method
    }

    /// Whether the request changed durable state beyond bookkeeping (the last-attached time):
    /// a failed commit must then be reported to its client.
    public var changesDurableState: Bool {
        changes.contains { !$0.isBookkeeping }
    }
}
