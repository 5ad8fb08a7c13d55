package import WindowProtocol

/// What one request produced: its response, and what it changed.
package struct Reply {
    /// The request's id, echoed in its response (`nil`: answered with `"id": null`).
    package var id: RequestID?
    /// Whether the request gets a response: it is not a notification, or it was not a valid request.
    package var expectsResponse: Bool
    /// The method, when the request named a known one.
    package var method: String?
    /// The response object (no newline); `nil` for a notification, which gets none.
    package var body: [UInt8]?
    /// The error the response carries, if it is one.
    package var error: RPCError?
    /// Events, launches and phase reactions, in order.
    package var effects: [Effect] = []
    /// Changes to commit before the response may be sent.
    package var changes: [StateChange] = []

    /// A reply to request `id` with no body, effects or changes yet; routing fills them in.
    package init(id: RequestID?, expectsResponse: Bool, method: String? = nil) {
        self.id = id
        self.expectsResponse = expectsResponse
        self.method = method
    }
}
