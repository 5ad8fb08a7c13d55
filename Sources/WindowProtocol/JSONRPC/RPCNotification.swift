/// A JSON-RPC 2.0 notification: an event from the daemon, with no `id`.
public struct RPCNotification<Params: Codable & Sendable>: Codable, Sendable {
    /// Always `"2.0"`.
    public var jsonrpc: String = "2.0"
    /// The event name.
    public var method: String
    /// The event's payload, including its `seq`.
    public var params: Params

    /// A notification of the event `method` with `params`.
    public init(method: String, params: Params) {
        self.method = method
        self.params = params
    }
}
