/// JSON-RPC responses read as ``RawJSON``, for tests that compare exact bytes or read huge replies.
extension RawJSON {
    package var result: RawJSON? { self["result"] }
    package var error: RawJSON? { self["error"] }
    /// `error.code`.
    package var code: Int64? { error?["code"]?.int }
    /// `error.data.reason`.
    package var reason: String? { error?["data"]?["reason"]?.string }
    /// `error.message`.
    package var errorMessage: String? { error?["message"]?.string }
    /// A notification: a `method` and no `id`.
    package var isEvent: Bool { self["method"] != nil && self["id"] == nil }
    /// An event's `params.seq`.
    package var seq: Int64? { self["params"]?["seq"]?.int }
}

extension RawClient {
    /// Sends `line` as it is (a newline is added) and returns the next line, parsed.
    /// For a connection that receives no events.
    package func exchange(_ line: String, timeout: Duration = RawClient.timeout) throws -> RawJSON {
        try send(line: line)
        return try nextRaw(timeout: timeout, what: "the reply to \(line.prefix(120))")
    }

    /// Sends request `id` for `method` and returns the next line, parsed. For a connection that receives no events.
    package func rawCall(
        _ method: String,
        _ params: String? = nil,
        id: Int64 = 1,
        timeout: Duration = RawClient.timeout
    ) throws -> RawJSON {
        try exchange(RawClient.requestLine(id: id, method: method, params: params), timeout: timeout)
    }

    /// The next line, parsed; fails if the daemon closed the connection.
    package func nextRaw(
        timeout: Duration = RawClient.timeout,
        what: @autoclosure () -> String = "a line"
    ) throws -> RawJSON {
        guard let line = try readRawLine(timeout: timeout, what: what()) else {
            throw TestFailure("windowd closed the connection instead of sending \(what())")
        }
        return try RawJSON.parse(line)
    }

    /// Sends `line` and returns the next line as it came, or `nil` if the daemon closed the connection.
    package func readRawLineAfterSending(_ line: String, timeout: Duration) throws -> [UInt8]? {
        try send(line: line)
        return try readRawLine(timeout: timeout, what: "the reply to \(line.prefix(100))")
    }
}
