import WindowProtocol

/// What JSON-RPC 2.0 (sections 4–6) says a line must be answered with, worked out from the
/// line alone: the ids of the responses, in order, and whether they come as an array.
/// The fuzzer holds the router's response line against it.
struct AnsweredIDs: Equatable {
    /// Each response's `id` (`.null` where the request's id could not be read).
    var ids: [JSONValue]
    /// Whether the responses come in an array (a non-empty batch).
    var isBatch: Bool

    init(line: [UInt8]) {
        guard let message = try? JSONParser.parse(line) else {
            self.init(ids: [.null], isBatch: false)
            return
        }
        if case .array(let requests) = message, !requests.isEmpty {
            // A batch of notifications only is answered by no line at all.
            let ids = requests.compactMap(Self.answer(to:))
            self.init(ids: ids, isBatch: !ids.isEmpty)
        } else if case .array = message {
            self.init(ids: [.null], isBatch: false)
        } else {
            self.init(ids: Self.answer(to: message).map { [$0] } ?? [], isBatch: false)
        }
    }

    init(ids: [JSONValue], isBatch: Bool) {
        self.ids = ids
        self.isBatch = isBatch
    }

    /// The id a request is answered with; `nil` for a valid notification, which is not.
    private static func answer(to request: JSONValue) -> JSONValue? {
        guard case .object(let members) = request else { return .null }
        let validID: Bool
        switch members["id"] {
        case nil, .null?, .string?, .int?, .number?: validID = true
        default: validID = false
        }
        let structured: Bool
        switch members["params"] {
        case nil, .object?, .array?: structured = true
        default: structured = false
        }
        var methodIsString = false
        if case .string? = members["method"] { methodIsString = true }
        let valid = validID && structured && members["jsonrpc"] == .string("2.0") && methodIsString
        // An invalid request whose id could be read is answered with it (JSON-RPC 2.0 section 5
        // asks for null only where the id could not be detected).
        guard let id = members["id"] else { return valid ? nil : .null }
        return validID ? id : .null
    }

    /// The ids `response` carries, read the same way; `nil` if it is not a response line.
    static func of(response: [UInt8]?) -> AnsweredIDs? {
        guard let response else { return AnsweredIDs(ids: [], isBatch: false) }
        guard response.last == UInt8(ascii: "\n"), let message = try? JSONParser.parse(response.dropLast()) else {
            return nil
        }
        func id(_ value: JSONValue) -> JSONValue? {
            guard case .object(let members) = value else { return nil }
            return members["id"]
        }
        if case .array(let responses) = message {
            let ids = responses.compactMap(id)
            return ids.count == responses.count ? AnsweredIDs(ids: ids, isBatch: true) : nil
        }
        return id(message).map { AnsweredIDs(ids: [$0], isBatch: false) }
    }
}
