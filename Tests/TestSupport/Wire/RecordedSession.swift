import POSIXSupport
package import WindowProtocol

/// A session recorded from a real windowd by `Tests/Fixtures/record-session.py`: each line a
/// connection sent, the reply it got, and the events each connection received.
///
/// `windowd-0.1.0.transcript` is the release before 0.2.0 (commit 963b611), built once and
/// recorded: today's clients must read every reply it gave, and today's daemon must answer the
/// same requests with every member it gave.
package struct RecordedSession {
    /// One request and its reply, on connection `connection` (1, 2, 3).
    package struct Exchange {
        package var connection: Int
        package var request: String
        package var reply: String
        /// The request's `method`.
        package var method: String
        /// The request's `params` as sent; `nil` without.
        package var params: JSONValue?
        /// The reply, parsed.
        package var replyValue: JSONValue
    }

    /// Every request with its reply, in the order sent.
    package var exchanges: [Exchange] = []
    /// Every event received, by connection, in the order received.
    package var events: [Int: [String]] = [:]

    /// The session recorded from windowd 0.1.0.
    package static func previousRelease() throws -> RecordedSession {
        try RecordedSession(path: Binaries.packageRoot + "/Tests/Fixtures/windowd-0.1.0.transcript")
    }

    /// Reads a transcript: `N> line` sent on connection N, `N< line` received; a line received
    /// right after one sent on the same connection is its reply, any other an event.
    package init(path: String) throws {
        guard let text = WholeFile.text(path) else { throw TestFailure("cannot read the recorded session \(path)") }
        var pending: [Int: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.firstIndex(of: " "), let connection = Int(line.prefix { $0.isNumber }) else {
                continue
            }
            let body = String(line[line.index(after: space)...])
            if line[..<space].hasSuffix(">") {
                pending[connection] = body
            } else if let request = pending.removeValue(forKey: connection) {
                let parsed = try JSONValue.parse(request)
                exchanges.append(
                    Exchange(
                        connection: connection,
                        request: request,
                        reply: body,
                        method: parsed["method"]?.string ?? "?",
                        params: parsed["params"],
                        replyValue: try JSONValue.parse(body)
                    )
                )
            } else {
                events[connection, default: []].append(body)
            }
        }
    }

    /// The first reply recorded for `method`.
    package func reply(to method: String) -> Exchange? {
        exchanges.first { $0.method == method }
    }

    /// The first reply recorded for `method` sent with exactly `params` (`nil`: none).
    package func reply(to method: String, params: JSONValue?) -> Exchange? {
        exchanges.first { $0.method == method && $0.params == params }
    }
}
