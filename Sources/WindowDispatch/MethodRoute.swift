#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WindowCore
import WindowProtocol

/// One entry of the dispatch table: decodes a method's params, runs it, encodes its response.
struct MethodRoute: Sendable {
    /// A request as the route sees it.
    struct Request {
        /// The `params` member, `nil` when absent or `null`.
        var params: JSONValue?
        var id: RequestID?
        var connection: ConnectionID
    }

    /// Runs the request and encodes its response; throws ``RPCError`` to answer with an error.
    let invoke: @Sendable (any DispatchContext, Request, inout [Effect], ResponseEncoder) throws -> [UInt8]
    /// Whether the method changes durable state: refused while the store cannot commit.
    let mutates: Bool

    /// The route for `method`, whose `body` maps typed params to a typed result.
    static func of<Method: RPCMethod>(
        _ method: Method.Type,
        mutates: Bool = false,
        _ body: @escaping @Sendable (any DispatchContext, Method.Params, ConnectionID, inout [Effect]) throws(RPCError) -> Method.Result
    ) -> (String, MethodRoute) {
        let route = MethodRoute(invoke: { context, request, effects, encoder in
            let params = try decodeParams(Method.Params.self, from: request)
            let result = try body(context, params, request.connection, &effects)
            return encoder.line(RPCResponse(id: request.id, result: result))
        }, mutates: mutates)
        return (Method.name, route)
    }

    private static func decodeParams<Params: Decodable>(_ type: Params.Type, from request: Request) throws(RPCError) -> Params {
        do {
            return try JSONValueDecoder().decode(Params.self, from: request.params ?? .object([:]))
        } catch let error as DecodingError {
            throw .invalidParams(error.paramsMessage)
        } catch {
            throw .invalidParams("params do not decode: \(error)")
        }
    }
}

extension DecodingError {
    /// `missing params.group`, `params.phase must be …`: what a person needs to fix the request.
    var paramsMessage: String {
        func path(_ keys: [any CodingKey]) -> String {
            let names = keys.map(\.stringValue).filter { $0 != "params" }
            return (["params"] + names).joined(separator: ".")
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "params must be a JSON object" }
            return "\(path(context.codingPath)) has the wrong type (expected \(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) must not be null (expected \(type))"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) is not valid: \(context.debugDescription)"
        @unknown default:
            return "params do not decode"
        }
    }
}
