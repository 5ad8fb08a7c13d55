import WindowCore
import WindowProtocol

extension RequestRouter {
    /// What one line produced: a reply per request, answered in one line.
    public struct Outcome {
        /// The requests' replies, in the order they ran.
        public var replies: [Reply]
        /// Whether the line was a batch, answered by an array.
        public var isBatch: Bool

        /// Changes to commit before the response line may be sent.
        public var changes: [StateChange] { replies.flatMap(\.changes) }
        /// The response line (newline included); `nil` when nothing is answered (notifications).
        public var response: [UInt8]? { line(unsaved: nil) }
        /// The first error among the replies.
        public var error: RPCError? { replies.lazy.compactMap(\.error).first }

        /// The response line, each reply that changed durable state turned into the
        /// ``RequestRouter/unsavedChange(_:)`` error when its commit failed with `unsaved`.
        public func line(unsaved: String?, encoder: ResponseEncoder = ResponseEncoder()) -> [UInt8]? {
            func body(_ reply: Reply) -> [UInt8]? {
                guard let body = reply.body else { return nil }
                guard let unsaved, reply.error == nil, reply.changesDurableState else { return body }
                return encoder.errorBody(id: reply.id, RequestRouter.unsavedChange(unsaved))
            }
            guard isBatch else {
                guard let single = replies.first.flatMap(body) else { return nil }
                return single + [UInt8(ascii: "\n")]
            }
            let bodies = replies.compactMap(body)
            guard !bodies.isEmpty else { return nil }
            var line: [UInt8] = [UInt8(ascii: "[")]
            line.reserveCapacity(bodies.reduce(3) { $0 + $1.count + 1 })
            for (index, body) in bodies.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                line.append(contentsOf: body)
            }
            line.append(contentsOf: "]\n".utf8)
            return line
        }
    }
}
