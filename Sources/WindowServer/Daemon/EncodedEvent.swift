import NIOCore
import WindowProtocol

/// An event encoded once, with the place for its per-connection `seq` left open:
/// `{"jsonrpc":"2.0","method":NAME,"params":{"seq":` N `,` payload members `}}`.
///
/// Fanning one event out to a thousand subscribers then costs a copy each, not an encode each.
struct EncodedEvent {
    let name: EventName
    private let head: [UInt8]
    private let tail: [UInt8]

    /// Splits the encoded `payload` object so that `seq` can go first.
    init(name: EventName, payload: [UInt8]) {
        self.name = name
        head = Array(#"{"jsonrpc":"2.0","method":"\#(name.rawValue)","params":{"seq":"#.utf8)
        // payload is `{...}`: drop its `{`; an empty object leaves just `}`.
        let members = payload.dropFirst()
        if members.first == UInt8(ascii: "}") {
            tail = Array("}}\n".utf8)
        } else {
            tail = [UInt8(ascii: ",")] + members + Array("}\n".utf8)
        }
    }

    /// The line for event number `seq`.
    func line(seq: UInt64, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: head.count + tail.count + 20)
        buffer.writeBytes(head)
        buffer.writeString(String(seq))
        buffer.writeBytes(tail)
        return buffer
    }
}
