package import WindowProtocol

extension RequestRouter {
    /// What one line produced: a reply per request, answered in one line.
    package struct Outcome {
        /// The requests' replies, in the order they ran.
        package var replies: [Reply]
        /// Whether the line was a batch, answered by an array.
        package var isBatch: Bool

        /// Changes to commit before the response line may be sent.
        package var changes: [StateChange] { replies.flatMap(\.changes) }
        /// The response line (newline included); `nil` when nothing is answered (notifications).
        package var response: [UInt8]? { line(undone: nil) }
        /// The first error among the replies.
        package var error: RPCError? { replies.lazy.compactMap(\.error).first }

        /// The response line; when the line's changes were undone because their commit failed
        /// with `undone`, every reply is the ``RequestRouter/undoneChange(_:)`` error instead
        /// (each request ran on, or saw, a state that is gone).
        package func line(undone: String?, encoder: ResponseEncoder = ResponseEncoder()) -> [UInt8]? {
            var line: [UInt8] = []
            return write(undone: undone, encoder: encoder, into: &line) ? line : nil
        }

        /// Appends the response line (newline included) to `sink`, as ``line(undone:encoder:)``
        /// makes it; `false` when nothing is answered.
        @discardableResult
        package func write(
            undone: String?,
            encoder: ResponseEncoder = ResponseEncoder(),
            into sink: inout some ResponseSink
        ) -> Bool {
            func body(_ reply: Reply) -> [UInt8]? {
                guard let body = reply.body else { return nil }
                guard let undone else { return body }
                return encoder.errorBody(id: reply.id, RequestRouter.undoneChange(undone))
            }
            guard isBatch else {
                guard let single = replies.first.flatMap(body) else { return false }
                sink.append(bytes: single)
                sink.append(byte: UInt8(ascii: "\n"))
                return true
            }
            var first = true
            for reply in replies {
                guard let body = body(reply) else { continue }
                sink.append(byte: first ? UInt8(ascii: "[") : UInt8(ascii: ","))
                sink.append(bytes: body)
                first = false
            }
            guard !first else { return false }
            sink.append(byte: UInt8(ascii: "]"))
            sink.append(byte: UInt8(ascii: "\n"))
            return true
        }
    }
}

/// Where response lines are written: a byte array, or a connection's output buffer.
package protocol ResponseSink {
    /// Appends `bytes`.
    mutating func append(bytes: [UInt8])
    /// Appends one byte.
    mutating func append(byte: UInt8)
}

extension Array: ResponseSink where Element == UInt8 {
    /// Appends `bytes` (``ResponseSink``).
    package mutating func append(bytes: [UInt8]) { append(contentsOf: bytes) }
    /// Appends one byte (``ResponseSink``).
    package mutating func append(byte: UInt8) { append(byte) }
}
