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

    /// The whole messages at the start of `bytes`, taken out of it: each one's type (an event's
    /// with its high bit set) and payload. What is left is the start of the next one.
    public static func messages(in bytes: inout [UInt8]) -> [(type: UInt32, payload: [UInt8])] {
        var messages: [(type: UInt32, payload: [UInt8])] = []
        var start = 0
        while bytes.count - start >= headerSize {
            let length = integer(bytes, at: start + 6)
            guard bytes.count - start >= headerSize + length else { break }
            let payload = Array(bytes[(start + headerSize)..<(start + headerSize + length)])
            messages.append((UInt32(integer(bytes, at: start + 10)), payload))
            start += headerSize + length
        }
        bytes.removeFirst(start)
        return messages
    }

    /// Whether a message `type` is an event rather than a reply.
    public static func isEvent(_ type: UInt32) -> Bool { type & 0x8000_0000 != 0 }

    private static func integer(_ bytes: [UInt8], at offset: Int) -> Int {
        (offset..<(offset + 4)).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
