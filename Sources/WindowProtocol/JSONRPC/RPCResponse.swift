/// A JSON-RPC 2.0 response: `result` on success, `error` otherwise.
public struct RPCResponse<Result: Codable & Sendable>: Codable, Sendable {
    /// Always `"2.0"`.
    public var jsonrpc: String = "2.0"
    /// The id of the request answered; `null` when it could not be read.
    public var id: RequestID?
    /// The result, on success.
    public var result: Result?
    /// The error, on failure.
    public var error: RPCError?

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    /// A success answering `id`.
    public init(id: RequestID?, result: Result) {
        self.id = id
        self.result = result
    }

    /// A failure answering `id` (`nil` when the request's id could not be read).
    public init(id: RequestID?, error: RPCError) {
        self.id = id
        self.error = error
    }

    /// Always writes `id`, as `null` when the request's id could not be read, as JSON-RPC 2.0 requires.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        // JSON-RPC wants `"id": null` when the request id could not be read.
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(result, forKey: .result)
        try container.encodeIfPresent(error, forKey: .error)
    }
}
