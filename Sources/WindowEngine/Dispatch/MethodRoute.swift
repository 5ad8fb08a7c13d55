import FoundationEssentials
import WindowProtocol

/// One entry of the dispatch table: decodes a method's params, runs it, encodes its response.
struct MethodRoute: Sendable {
    /// A request as the route sees it.
    struct Request {
        /// The `params` member (an object or an array), `nil` when absent.
        var params: JSONValue?
        var id: RequestID?
        var connection: ConnectionID
    }

    /// Runs the request and encodes its response (no newline); throws ``RPCError`` to answer with
    /// an error (a refusal of the core is turned into one here).
    let invoke: @Sendable (any DispatchContext, Request, inout [Effect], ResponseEncoder) throws -> [UInt8]

    /// The route for `method`, whose `body` maps typed params to a typed result.
    static func of<Method: RPCMethod>(
        _ method: Method.Type,
        _ body:
            @escaping @Sendable (any DispatchContext, Method.Params, ConnectionID, inout [Effect]) throws ->
            Method.Result
    ) -> (String, MethodRoute) {
        let route = MethodRoute(invoke: { context, request, effects, encoder in
            let params = try decodeParams(Method.Params.self, from: request)
            let result: Method.Result
            do {
                result = try body(context, params, request.connection, &effects)
            } catch let refusal as Refusal {
                throw RPCError(refusal)
            }
            return encoder.body(RPCResponse(id: request.id, result: result))
        })
        return (Method.name, route)
    }

    private static func decodeParams<Params: Decodable>(
        _ type: Params.Type,
        from request: Request
    ) throws(RPCError) -> Params {
        var params = request.params ?? .object([:])
        if case .array(let positional) = params {
            // windowd's methods take named params; an empty list is as good as none.
            guard positional.isEmpty else {
                throw .invalidParams("windowd's methods take named params: send \"params\" as an object, not an array")
            }
            params = .object([:])
        }
        do {
            return try JSONValueDecoder().decode(Params.self, from: params)
        } catch let error as DecodingError {
            throw .invalidParams(error.paramsMessage)
        } catch {
            throw .invalidParams("params do not decode: \(error)")
        }
    }
}

extension DecodingError {
    /// `missing params.group`, `params.phase must be one of active, inactive, background, not "bogus"`:
    /// what a person needs to fix the request, without Swift's type names.
    var paramsMessage: String {
        func path(_ keys: [any CodingKey]) -> String {
            let names = keys.map(\.stringValue).filter { $0 != "params" }
            return (["params"] + names).joined(separator: ".")
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context):
            let found =
                context.debugDescription.hasPrefix("found ") ? ", not " + context.debugDescription.dropFirst(6) : ""
            return "\(path(context.codingPath)) must be \(Self.kind(of: type))\(found)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) must be \(Self.kind(of: type)), not null"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) \(context.debugDescription)"
        @unknown default:
            return "params do not fit the method"
        }
    }

    /// `a string`, `an integer`, …: a wire type in words.
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt32.Type, is UInt.Type:
            return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        case is [String: JSONValue].Type: return "an object"
        case is [JSONValue].Type: return "an array"
        case let vocabulary as any WireEnum.Type: return vocabulary.choices
        default: return "a JSON value of another type"
        }
    }
}
