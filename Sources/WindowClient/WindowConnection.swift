import FoundationEssentials
public import WindowProtocol

/// A connection to windowd that makes typed calls and receives events.
///
/// Events that arrive while a call waits for its response are kept, in order,
/// for ``nextEvent()``. With a `timeout`, the connect and each call end with
/// ``ClientError/timedOut(path:limit:)`` when the daemon does not answer in time;
/// ``nextEvent()`` waits for events as long as it takes.
public final class WindowConnection {
    /// The socket underneath, for `poll`.
    public let socket: LineSocket
    private var nextID: Int64 = 1
    private var pendingEvents: [(EventMessage, [UInt8])] = []
    private let decoder = JSONValueDecoder()

    /// Connects to the daemon at `path`; `timeout` bounds the connect and every call (`nil`: no bound).
    public init(path: String, timeout: Duration? = nil) throws(ClientError) {
        socket = try LineSocket(path: path, timeout: timeout)
    }

    /// Sends `method` with `params` and waits for its response.
    public func call<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params
    ) throws(ClientError) -> Method.Result {
        let id = nextID
        nextID += 1
        let request = RPCRequest(id: .number(id), method: Method.name, params: params)
        let bytes: [UInt8]
        do {
            // The wire writer: numbers in params keep every digit.
            bytes = try JSONWriter.bytes(request)
        } catch {
            throw .malformed("cannot encode \(Method.name): \(error)")
        }
        do throws(ClientError) {
            try socket.writeLine(bytes)
        } catch {
            // A daemon that refuses the connection (another uid, too many clients) sends one
            // error line and closes it, perhaps before the request got there: that line, still
            // to be read, is the answer.
            guard case .disconnected = error else { throw error }
        }
        let deadline = socket.timeout.map { ContinuousClock.now + $0 }
        while true {
            guard let line = try socket.readLine(until: deadline) else { throw .disconnected(path: socket.path) }
            let (incoming, tree) = try classify(line)
            switch incoming {
            case .event(let event):
                pendingEvents.append((event, line))
            case .response(let responseID):
                guard responseID == .number(id) || responseID == nil else { continue }
                let response: RPCResponse<Method.Result>
                do {
                    response = try decoder.decode(RPCResponse<Method.Result>.self, from: tree)
                } catch {
                    throw .malformed("response to \(Method.name) does not decode: \(error)")
                }
                if let error = response.error { throw .refused(error) }
                guard let result = response.result else {
                    throw .malformed("response to \(Method.name) has neither result nor error")
                }
                return result
            }
        }
    }

    /// The next event and its raw line: a kept one first, else one read from the socket; `nil` at
    /// end of stream. Past `deadline` (if any), ``ClientError/timedOut(path:limit:)``.
    public func nextEvent(
        until deadline: ContinuousClock.Instant? = nil
    ) throws(ClientError) -> (
        event: EventMessage, line: [UInt8]
    )? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        while let line = try socket.readLine(until: deadline) {
            if case .event(let event) = try classify(line).incoming { return (event, line) }
        }
        return nil
    }

    /// Decodes an event's payload from its raw line.
    public func payload<Payload: Decodable>(_ type: Payload.Type, of line: [UInt8]) throws(ClientError) -> Payload {
        do {
            return try decoder.decode(EventEnvelope<Payload>.self, from: JSONParser.parse(line)).params
        } catch {
            throw .malformed("event payload does not decode as \(Payload.self): \(error)")
        }
    }

    private enum Incoming {
        case event(EventMessage)
        case response(RequestID?)
    }

    private struct Probe: Decodable {
        var id: RequestID?
        var method: String?
    }

    private struct EventEnvelope<Payload: Decodable>: Decodable {
        var params: Payload
    }

    /// What `line` is, and its parsed tree (parsed once, with numbers kept exactly).
    private func classify(_ line: [UInt8]) throws(ClientError) -> (incoming: Incoming, tree: JSONValue) {
        do {
            let tree = try JSONParser.parse(line)
            let probe = try decoder.decode(Probe.self, from: tree)
            if probe.method != nil {
                return (.event(try decoder.decode(EventMessage.self, from: tree)), tree)
            }
            return (.response(probe.id), tree)
        } catch {
            throw .malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
    }
}
