/// A JSON-RPC 2.0 request (or, without `id`, a notification) with typed params.
public struct RPCRequest<Params: Codable & Sendable>: Codable, Sendable {
    /// Always `"2.0"`.
    public var jsonrpc: String
    /// Absent for a notification, which gets no response.
    public var id: RequestID?
    /// The method name.
    public var method: String
    /// The method's params.
    public var params: Params

    /// A request for `method`; a `nil` `id` makes it a notification, which gets no response.
    public init(id: RequestID?, method: String, params: Params) {
        self.jsonrpc = "2.0"
        self.id = id
        self.method = method
        self.params = params
    }
}

/// The part of a request that can be read before its method is known, checked against
/// JSON-RPC 2.0 section 4.
public struct RPCRequestHeader: Sendable {
    /// The request id, if it has a valid one (`nil` for `null`, absent or invalid).
    public var id: RequestID?
    /// Whether a response is owed: the request has an `id` member (`null` included), or is
    /// invalid. Only a valid request without `id` is a notification.
    public var expectsResponse: Bool
    /// The method name, if present and a string.
    public var method: String?
    /// The `params` member: an object or an array; `nil` when absent.
    package var params: JSONValue?
    /// Why the object is not a valid request, if it is not.
    public var problem: String?

    /// Reads the header from the members of a request object.
    package init(_ members: [String: JSONValue]) {
        expectsResponse = true
        switch members["id"] {
        case nil:
            id = nil
            expectsResponse = false
        case .null?:
            id = nil
        case let value?:
            id = RequestID(value)
            if id == nil { problem = "\"id\" must be a string, a number or null, not \(value.jsonText)" }
        }
        if case .string(let name)? = members["method"] { method = name } else { method = nil }
        switch members["params"] {
        case nil: params = nil
        case .object?, .array?: params = members["params"]
        case let value?:
            params = nil
            // JSON-RPC 2.0 section 4.2: params, if present, are structured; `null` is not.
            if problem == nil {
                problem =
                    "\"params\" must be an object (or an array), not \(value.jsonText); leave it out when there are none"
            }
        }
        if problem == nil, members["jsonrpc"] != .string("2.0") {
            problem = "a request needs \"jsonrpc\":\"2.0\""
        } else if problem == nil, method == nil {
            problem = "a request needs a string \"method\""
        }
        if problem != nil {
            // An invalid request is answered even without an id (JSON-RPC 2.0 section 5.1).
            expectsResponse = true
        }
    }
}
