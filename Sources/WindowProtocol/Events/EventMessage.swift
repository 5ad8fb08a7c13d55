/// An event as a client reads it: its name, `seq`, and the rest of its params.
public struct EventMessage: Decodable, Sendable {
    /// The event name (`method`).
    public var name: String
    /// The event's number on this connection, from 1, gap-free.
    public var seq: UInt64
    /// All of `params`, `seq` included, for decoding the payload.
    public var params: [String: JSONValue]

    private enum CodingKeys: String, CodingKey { case method, params }

    /// Reads `method` and `params`; an event without a positive `seq` is refused, since gap
    /// detection depends on it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .method)
        params = try container.decode([String: JSONValue].self, forKey: .params)
        guard case .int(let number)? = params["seq"], number > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .params,
                in: container,
                debugDescription: "event without a positive seq"
            )
        }
        seq = UInt64(number)
    }
}

extension EventMessage {
    /// This event with its window's `value` as `held` gives it for the window's id (`null` if
    /// not held) where the event left it out: an event may leave out a value over 1024 bytes
    /// (windowd-protocol(7), "EVENTS"), and the client has it from the snapshot or `window.list`.
    public func keepingValue(_ held: (_ id: String) -> JSONValue?) -> EventMessage {
        guard case .object(var window)? = params["window"], window["value"] == nil, case .string(let id)? = window["id"]
        else { return self }
        window["value"] = held(id) ?? .null
        var event = self
        event.params["window"] = .object(window)
        return event
    }
}
