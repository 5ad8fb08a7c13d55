/// One message from windowd, sorted: a response to a request, or an event.
///
/// ```swift
/// switch try Incoming(JSONParser.parse(line)) {
/// case .response(let id, let outcome): …
/// case .event(let message): …
/// }
/// ```
enum Incoming {
    /// A response: the id it answers (`nil` for `null`) and its result or error.
    case response(id: RequestID?, outcome: Result<JSONValue, RPCError>)
    /// An event (a notification from the daemon).
    case event(EventMessage)

    /// Sorts a parsed message; throws if it is neither.
    init(_ value: JSONValue) throws(WindowKitError) {
        guard case .object(let members) = value else {
            throw WindowKitError(
                .protocolViolation,
                "windowd sent \(String(value.jsonText.prefix(120))), not a JSON-RPC object"
            )
        }
        let decoder = JSONValueDecoder()
        if members["method"] != nil {
            do {
                self = .event(try decoder.decode(EventMessage.self, from: value))
            } catch {
                throw WindowKitError(.protocolViolation, "an event from windowd does not decode: \(error)")
            }
            return
        }
        let id = members["id"].flatMap(RequestID.init)
        if let error = members["error"] {
            do {
                self = .response(id: id, outcome: .failure(try decoder.decode(RPCError.self, from: error)))
            } catch {
                throw WindowKitError(.protocolViolation, "an error from windowd does not decode: \(error)")
            }
            return
        }
        self = .response(id: id, outcome: .success(members["result"] ?? .null))
    }
}
