#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WindowProtocol

/// Encodes responses and event payloads as compact JSON bytes.
public final class ResponseEncoder {
    private let encoder = JSONEncoder()

    public init() {}

    /// `message` as one line, newline included.
    public func line(_ message: some Encodable) -> [UInt8] {
        var bytes = bytes(message) ?? Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: cannot encode the response"}}"#.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `value` as compact JSON, or `nil` if it does not encode.
    public func bytes(_ value: some Encodable) -> [UInt8]? {
        try? Array(encoder.encode(value))
    }
}
