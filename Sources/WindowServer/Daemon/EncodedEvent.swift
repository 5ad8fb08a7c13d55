import NIOCore
import WindowProtocol

/// An event encoded once, with the place for its per-connection `seq` left open:
/// `{"jsonrpc":"2.0","method":NAME,"params":{"seq":` N `,` payload members `}}`.
///
/// Fanning one event out to a thousand subscribers then costs a copy into each connection's
/// buffer, not an encode (or an allocation) each.
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

    /// Appends the line for event number `seq` to `buffer`.
    func write(seq: UInt64, into buffer: inout ByteBuffer) {
        buffer.reserveCapacity(minimumWritableBytes: byteCount(seq: seq))
        buffer.writeBytes(head)
        DecimalDigits.write(seq, into: &buffer)
        buffer.writeBytes(tail)
    }

    /// The length of the line for event number `seq`.
    func byteCount(seq: UInt64) -> Int {
        head.count + DecimalDigits.count(seq) + tail.count
    }
}
