/// i3's IPC framing, which sway speaks too: `i3-ipc`, the payload's length and the message
/// type as 32-bit little-endian integers, then the payload.
public enum I3Message {
    static let magic = Array("i3-ipc".utf8)
    /// The magic and two 32-bit integers.
    static let headerSize = 14

    /// The bytes of a message of `type` with `payload`.
    public static func frame(type: UInt32, payload: String) -> [UInt8] {
        let body = Array(payload.utf8)
        return magic + littleEndian(UInt32(body.count)) + littleEndian(type) + body
    }

    /// The payload of the whole reply at the start of `bytes`, or `nil` while it is incomplete.
    public static func reply(in bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= headerSize else { return nil }
        let length = (6..<10).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
        guard bytes.count >= headerSize + length else { return nil }
        return Array(bytes[headerSize..<(headerSize + length)])
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
