package import WindowProtocol

/// Encodes responses and event payloads as compact JSON bytes with ``JSONWriter``: request ids
/// and numbers are written exactly as they were sent.
package struct ResponseEncoder: Sendable {
    /// An encoder; it holds no state, so one serves every connection.
    package init() {}

    /// `message` as one line, newline included.
    package func line(_ message: some Encodable) -> [UInt8] {
        var bytes = body(message)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `message` as compact JSON, or an internal-error response if it does not encode.
    package func body(_ message: some Encodable) -> [UInt8] {
        bytes(message)
            ?? Array(
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: cannot encode the response"}}"#
                    .utf8
            )
    }

    /// The error response to request `id`, without a newline.
    package func errorBody(id: RequestID?, _ error: RPCError) -> [UInt8] {
        body(RPCResponse<NoParams>(id: id, error: error))
    }

    /// `value` as compact JSON, or `nil` if it does not encode.
    package func bytes(_ value: some Encodable) -> [UInt8]? {
        try? JSONWriter.bytes(value)
    }
}
