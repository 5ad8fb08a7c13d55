import POSIXSupport
package import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// One response as it came: `result` or `error`.
package struct RawResponse {
    package let message: JSONValue

    package var result: JSONValue? { message["result"] }
    package var error: JSONValue? { message["error"] }
    /// `error.code`.
    package var code: Int64? { error?["code"]?.int }
    /// `error.data.reason`.
    package var reason: String? { error?["data"]?["reason"]?.string }
    /// `error.message`.
    package var errorMessage: String? { error?["message"]?.string }
}

/// A client that speaks newline-delimited JSON-RPC over a Unix socket with plain POSIX calls,
/// so that a test can send exact bytes and see exactly what comes back.
package final class RawClient {
    package static let timeout: Duration = .seconds(10)

    package let path: String
    package let fileDescriptor: Int32
    private let reader: LineReader
    private var events: [JSONValue] = []
    private var nextID: Int64 = 1
    private var closed = false

    /// Connects to `path`.
    package init(path: String) throws {
        guard case .success(let fd) = UnixSocketConnection.connect(to: path) else {
            throw TestFailure.system("connect to \(path)")
        }
        self.path = path
        fileDescriptor = fd
        reader = LineReader(fileDescriptor: fd)
    }

    deinit { close() }

    /// Closes the connection; later calls do nothing.
    package func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fileDescriptor)
    }

    // MARK: - Sending

    /// Writes all of `bytes`; throws if the daemon closed the connection.
    package func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fileDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw TestFailure.system("send to \(path)")
            }
            offset += written
        }
    }

    /// Writes `text` and a newline.
    package func send(line text: String) throws {
        try send(bytes: Array((text + "\n").utf8))
    }

    /// The request line for `method` with `params` (JSON text), numbered `id`.
    package static func requestLine(id: Int64, method: String, params: String?) -> String {
        var text = #"{"jsonrpc":"2.0","id":\#(id),"method":\#(JSONValue.quote(method))"#
        if let params { text += #","params":"# + params }
        return text + "}"
    }

    /// Sends a request without waiting; returns its id, for ``response(to:timeout:)``.
    @discardableResult
    package func sendRequest(_ method: String, _ params: String? = nil) throws -> Int64 {
        let id = nextID
        nextID += 1
        try send(line: Self.requestLine(id: id, method: method, params: params))
        return id
    }

    // MARK: - Receiving

    /// The next message, or `nil` when the daemon closed the connection.
    package func readMessage(
        timeout: Duration = RawClient.timeout,
        what: @autoclosure () -> String = "a message"
    ) throws -> JSONValue? {
        guard let line = try reader.readLine(timeout: timeout, what: "\(what()) from windowd at \(path)") else {
            return nil
        }
        return try JSONValue.parse(line)
    }

    /// The response to request `id`; events read on the way are kept for ``nextEvent(timeout:)``.
    package func response(to id: Int64, timeout: Duration = RawClient.timeout) throws -> RawResponse {
        while true {
            guard let message = try readMessage(timeout: timeout, what: "the response to request \(id)") else {
                throw TestFailure("windowd closed the connection before answering request \(id)")
            }
            if Self.isEvent(message) {
                events.append(message)
                continue
            }
            guard message["id"]?.int == id else {
                throw TestFailure("expected the response to request \(id), got \(message.jsonText)")
            }
            return RawResponse(message: message)
        }
    }

    /// Sends `method` and returns its response, whatever it is.
    package func request(
        _ method: String,
        _ params: String? = nil,
        timeout: Duration = RawClient.timeout
    ) throws -> RawResponse {
        try response(to: sendRequest(method, params), timeout: timeout)
    }

    /// Sends `method` and returns its `result`; an error response fails the test.
    @discardableResult
    package func call(
        _ method: String,
        _ params: String? = nil,
        timeout: Duration = RawClient.timeout
    ) throws -> JSONValue {
        let response = try request(method, params, timeout: timeout)
        guard let result = response.result else {
            throw TestFailure("\(method) \(params ?? "") failed: \(response.message.jsonText)")
        }
        return result
    }

    /// The next event (a notification), in order.
    package func nextEvent(timeout: Duration = RawClient.timeout) throws -> JSONValue {
        if !events.isEmpty { return events.removeFirst() }
        guard let message = try readMessage(timeout: timeout, what: "an event") else {
            throw TestFailure("windowd closed the connection while an event was awaited")
        }
        guard Self.isEvent(message) else {
            throw TestFailure("expected an event, got \(message.jsonText)")
        }
        return message
    }

    /// Skips events until one named `name` that satisfies `matching`; returns it.
    package func waitForEvent(
        _ name: String,
        timeout: Duration = RawClient.timeout,
        matching: (JSONValue) -> Bool = { _ in true }
    ) throws -> JSONValue {
        let deadline = Deadline(timeout)
        while true {
            let left = Duration.milliseconds(Int64(deadline.remainingMilliseconds))
            let event: JSONValue
            do {
                event = try nextEvent(timeout: left)
            } catch let failure as TestFailure {
                throw TestFailure("no \(name) event arrived: \(failure)")
            }
            if event["method"]?.string == name, matching(event) { return event }
        }
    }

    /// Events already read and not yet taken.
    package var bufferedEventCount: Int { events.count }

    /// Reads until the daemon closes the connection; returns what came before the end.
    package func readUntilClosed(timeout: Duration = RawClient.timeout) throws -> [UInt8] {
        try reader.drainToEnd(timeout: timeout, what: "windowd to close the connection")
    }

    // MARK: - Raw lines

    /// The next line exactly as it came, without its newline; `nil` when the daemon closed the connection.
    /// Bypasses the event buffer: use either this or the parsed calls on one connection.
    package func readRawLine(
        timeout: Duration = RawClient.timeout,
        what: @autoclosure () -> String = "a line"
    ) throws -> [UInt8]? {
        try reader.readLine(timeout: timeout, what: "\(what()) from windowd at \(path)")
    }

    /// The next line if one can be had without waiting.
    package func readRawLineIfReady() throws -> [UInt8]? {
        try reader.readLineIfReady()
    }

    /// Whether the daemon closed the connection (as far as read so far).
    package var isClosedByDaemon: Bool { reader.atEnd && !reader.hasBufferedLine }

    /// Sends `lines` with up to `inFlight` unanswered, reading replies as they come; returns one
    /// line per request, in the order they came. Only for a connection that receives no events.
    package func pipeline(
        _ lines: [String],
        inFlight: Int = 1_000,
        chunk: Int = 100,
        timeout: Duration = .seconds(60)
    ) throws -> [[UInt8]] {
        let deadline = Deadline(timeout)
        var replies: [[UInt8]] = []
        replies.reserveCapacity(lines.count)
        var sent = 0
        while replies.count < lines.count {
            if sent < lines.count, sent - replies.count < inFlight {
                let end = min(sent + chunk, lines.count, replies.count + inFlight)
                var bytes: [UInt8] = []
                for line in lines[sent..<end] {
                    bytes += line.utf8
                    bytes.append(0x0A)
                }
                try send(bytes: bytes)
                sent = end
                while let line = try reader.readLineIfReady() { replies.append(line) }
            } else {
                let left = Duration.milliseconds(Int64(deadline.remainingMilliseconds))
                guard
                    let line = try reader.readLine(
                        timeout: left,
                        what: "reply \(replies.count + 1) of \(lines.count) from windowd at \(path)"
                    )
                else {
                    throw TestFailure(
                        "windowd closed the connection after \(replies.count) of \(lines.count) pipelined replies"
                    )
                }
                replies.append(line)
            }
            if reader.atEnd && !reader.hasBufferedLine && replies.count < lines.count {
                throw TestFailure(
                    "windowd closed the connection after \(replies.count) of \(lines.count) pipelined replies"
                )
            }
        }
        return replies
    }

    private static func isEvent(_ message: JSONValue) -> Bool {
        message["method"] != nil && message["id"] == nil
    }
}
