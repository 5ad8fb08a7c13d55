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

    public init(id: RequestID?, method: String, params: Params) {
        self.jsonrpc = "2.0"
        self.id = id
        self.method = method
        self.params = params
    }
}

/// The part of a request that can be read before its method is known.
public struct RPCRequestHeader: Decodable, Sendable {
    /// Must be `"2.0"`.
    public var jsonrpc: String?
    /// The request id, if any.
    public var id: RequestID?
    /// The method name, if present and a string.
    public var method: String?
    /// Whether a `params` member is present at all.
    public var hasParams: Bool

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params }

    /// Reads the header from an already parsed request object.
    public init(members: [String: JSONValue]) {
        if case .string(let version)? = members["jsonrpc"] { jsonrpc = version } else { jsonrpc = nil }
        switch members["id"] {
        case .int(let number)?: id = .number(number)
        case .string(let text)?: id = .string(text)
        default: id = nil
        }
        if case .string(let name)? = members["method"] { method = name } else { method = nil }
        switch members["params"] {
        case nil, .null?: hasParams = false
        default: hasParams = true
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
        id = try? container.decodeIfPresent(RequestID.self, forKey: .id)
        method = try? container.decodeIfPresent(String.self, forKey: .method)
        hasParams = container.contains(.params) && !((try? container.decodeNil(forKey: .params)) ?? false)
    }
}
