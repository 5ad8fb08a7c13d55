/// How replies are delimited on the wire, so the load generator can count them without parsing.
enum ReplyFraming {
    /// One reply per `\n`-terminated line (windowd's JSON-RPC, the C echo).
    case lines
    /// Every reply is exactly this many bytes (a RESP reply to a fixed command).
    case fixedLength(Int)
}
