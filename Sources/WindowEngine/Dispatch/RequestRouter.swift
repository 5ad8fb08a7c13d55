package import WindowProtocol

/// Turns one request line — a request or a batch of them (JSON-RPC 2.0 section 6) — into its
/// response line and what it changed: the strict parse, the JSON-RPC header, the route, the
/// params, the coordinator operation and the encoded reply.
/// No I/O: the daemon sends, commits and delivers; the fuzzer checks invariants.
package struct RequestRouter {
    private let encoder: ResponseEncoder

    /// A router that writes its replies with `encoder`.
    package init(encoder: ResponseEncoder = ResponseEncoder()) {
        self.encoder = encoder
    }

    /// Handles `line` (without its newline) from `connection` against `context`.
    ///
    /// The requests of a batch run one after the other, each as if sent alone; `executed` is
    /// called after each, before the next runs, so that the daemon can address the events a
    /// request caused while the state they describe is current.
    package func handle(
        line: UnsafeRawBufferPointer,
        from connection: ConnectionID,
        context: any DispatchContext,
        executed: (Reply) -> Void = { _ in }
    ) -> Outcome {
        let message: JSONValue
        do throws(JSONParser.Failure) {
            message = try JSONParser.parse(line)
        } catch {
            // Valid JSON, perhaps, but deeper than the daemon reads: a limit, as a line too long is.
            let error =
                error.isNestingLimit
                ? RPCError.invalidRequest(
                    "the request passes the nesting limit (\(error)): send JSON with fewer arrays and objects inside each other",
                    reason: .limitExceeded
                )
                : .parseError("not valid JSON (\(error)): send one JSON-RPC object per line")
            let reply = refusal(nil, error)
            executed(reply)
            return Outcome(replies: [reply], isBatch: false)
        }
        guard case .array(let requests) = message else {
            let reply = handle(request: message, from: connection, context: context)
            executed(reply)
            return Outcome(replies: [reply], isBatch: false)
        }
        guard !requests.isEmpty else {
            let reply = refusal(nil, .invalidRequest("an empty batch: send at least one request in the array"))
            executed(reply)
            return Outcome(replies: [reply], isBatch: false)
        }
        var replies: [Reply] = []
        replies.reserveCapacity(requests.count)
        for request in requests {
            let reply = handle(request: request, from: connection, context: context)
            executed(reply)
            replies.append(reply)
        }
        return Outcome(replies: replies, isBatch: true)
    }

    /// One request of a line, alone or in a batch.
    private func handle(
        request: JSONValue,
        from connection: ConnectionID,
        context: any DispatchContext
    ) -> Reply {
        guard case .object(let members) = request else {
            return refusal(
                nil,
                .invalidRequest("a request is a JSON object with \"jsonrpc\":\"2.0\", \"method\" and \"id\"")
            )
        }
        let header = RPCRequestHeader(members)
        if let problem = header.problem {
            return refusal(header.id, .invalidRequest(problem))
        }
        guard let method = header.method, let route = MethodTable.routes[method] else {
            return refusal(header.id, .methodNotFound(header.method ?? ""), answered: header.expectsResponse)
        }
        var reply = Reply(id: header.id, expectsResponse: header.expectsResponse, method: method)
        let request = MethodRoute.Request(params: header.params, id: header.id, connection: connection)
        var effects: [Effect] = []
        do {
            let body = try route.invoke(context, request, &effects, encoder)
            if header.expectsResponse { reply.body = body }
        } catch {
            let refusal = error as? RPCError ?? .invalidParams("the params do not fit \(method)")
            reply.error = refusal
            if header.expectsResponse { reply.body = encoder.errorBody(id: header.id, refusal) }
        }
        guard effects.contains(where: \.isPersist) else {
            reply.effects = effects
            return reply
        }
        for effect in effects {
            if case .persist(let change) = effect {
                reply.changes.append(change)
            } else {
                reply.effects.append(effect)
            }
        }
        return reply
    }

    /// The reply to a request whose change (or one it saw) could not be saved: it was undone.
    package static func undoneChange(_ failure: String) -> RPCError {
        RPCError(
            code: RPCError.Code.internalError,
            message:
                "windowd could not save the change (\(failure)), so it was not applied and nothing was announced; try again once the state directory accepts writes"
        )
    }

    /// Encodes an error line (for replies made outside a route).
    package func errorLine(id: RequestID?, _ error: RPCError) -> [UInt8] {
        encoder.errorBody(id: id, error) + [UInt8(ascii: "\n")]
    }

    private func refusal(_ id: RequestID?, _ error: RPCError, answered: Bool = true, method: String? = nil) -> Reply {
        var reply = Reply(id: id, expectsResponse: answered, method: method)
        reply.error = error
        if answered { reply.body = encoder.errorBody(id: id, error) }
        return reply
    }
}
