/// How replies are delimited on the wire, so the load generator can count them without parsing.
enum ReplyFraming {
    /// One reply per `\n`-terminated line (windowd's JSON-RPC, the C echo).
    case lines
    /// Every reply is exactly this many bytes (a RESP reply to a fixed command).
    case fixedLength(Int)

    /// How many replies `bytes`, just received, complete; `carry` holds a connection's bytes of
    /// a fixed-length reply not yet complete, from one read to the next. Nothing is kept of a
    /// line: only its `\n` is counted (the lines themselves are read by `LineBuffer`).
    func replies(in bytes: UnsafeRawBufferPointer, carry: inout Int) -> Int {
        switch self {
        case .lines:
            var lines = 0
            for byte in bytes where byte == UInt8(ascii: "\n") { lines += 1 }
            return lines
        case .fixedLength(let length):
            let replies = (carry + bytes.count) / length
            carry = (carry + bytes.count) % length
            return replies
        }
    }
}
