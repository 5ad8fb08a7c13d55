import WindowCore
import WindowProtocol

/// Turns one request line into its response and what it changed: the strict parse, the
/// JSON-RPC header, the route, the params, the coordinator operation and the encoded reply.
/// No I/O: the daemon sends, commits and delivers; the fuzzer checks invariants.
public struct RequestRouter {
    /// What one line produced.
    public struct Outcome {
        /// The response line (newline included); `nil` for a notification, which gets none.
        public var response: [UInt8]?
        /// The error the response carries, if it is one.
        public var error: RPCError?
        /// Events, launches and phase reactions, in order.
        public var effects: [Effect] = []
        /// Changes to commit before the response may be sent.
        public var changes: [StateChange] = []
        /// The method, when the line named a known one.
        public var method: String?
        /// The request's id, echoed in its response.
        public var id: RequestID?

        /// Whether the request changed durable state beyond bookkeeping (the last-attached time):
        /// a failed commit must then be reported to its client.
        public var changesDurableState: Bool {
            changes.contains { if case .windowAttached = $0 { return false } else { return true } }
        }
    }

    private let encoder: ResponseEncoder

    public init(encoder: ResponseEncoder = ResponseEncoder()) {
        self.encoder = encoder
    }

    /// Handles `line` (without its newline) from `connection` against `context`.
    public func handle(line: UnsafeRawBufferPointer, from connection: ConnectionID, context: any DispatchContext) -> Outcome {
        let message: JSONValue
        do throws(JSONParser.Failure) {
            message = try JSONParser.parse(line)
        } catch {
            return refusal(nil, .parseError("not valid JSON (\(error)): send one JSON-RPC object per line"))
        }
        guard case .object(let members) = message else {
            return refusal(nil, .invalidRequest("a request is a JSON object with \"jsonrpc\":\"2.0\", \"method\" and \"id\""))
        }
        let header = RPCRequestHeader(members: members)
        guard header.jsonrpc == "2.0", let method = header.method else {
            return refusal(header.id, .invalidRequest("a request needs \"jsonrpc\":\"2.0\" and a string \"method\""))
        }
        guard let route = MethodTable.routes[method] else {
            var outcome = refusal(header.id, .methodNotFound(method))
            if header.id == nil { outcome.response = nil }
            return outcome
        }
        var outcome = Outcome(method: method, id: header.id)
        if route.mutates, let failure = context.storeFailure {
            outcome.error = Self.storeRefusal(failure)
            outcome.response = header.id == nil ? nil : encoder.line(RPCResponse<NoParams>(id: header.id, error: outcome.error!))
            return outcome
        }
        let request = MethodRoute.Request(params: header.hasParams ? members["params"] : nil, id: header.id, connection: connection)
        var effects: [Effect] = []
        do {
            outcome.response = try route.invoke(context, request, &effects, encoder)
        } catch {
            let refusal = error as? RPCError ?? .invalidParams("\(error)")
            outcome.error = refusal
            outcome.response = encoder.line(RPCResponse<NoParams>(id: header.id, error: refusal))
        }
        if header.id == nil { outcome.response = nil }
        for effect in effects {
            if case .persist(let change) = effect {
                outcome.changes.append(change)
            } else {
                outcome.effects.append(effect)
            }
        }
        return outcome
    }

    /// The reply to a change refused because the store cannot commit.
    public static func storeRefusal(_ failure: String) -> RPCError {
        RPCError(code: -32603, message: "windowd cannot save state (\(failure)); changes are refused until the state directory accepts writes again")
    }

    /// The reply to a change that was applied but whose commit failed.
    public static func unsavedChange(_ failure: String) -> RPCError {
        RPCError(code: -32603, message: "windowd could not save this change yet (\(failure)): it is applied and will be saved once the state directory accepts writes again; other changes are refused until then")
    }

    /// Encodes an error line (for replies made outside a route).
    public func errorLine(id: RequestID?, _ error: RPCError) -> [UInt8] {
        encoder.line(RPCResponse<NoParams>(id: id, error: error))
    }

    private func refusal(_ id: RequestID?, _ error: RPCError) -> Outcome {
        Outcome(response: encoder.line(RPCResponse<NoParams>(id: id, error: error)), error: error, id: id)
    }
}
