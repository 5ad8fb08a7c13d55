import Foundation

/// Checks, outside the measurement, that a request line gets the reply the benchmark means to
/// measure: a benchmark of an error reply would look fast and measure nothing.
enum ReplyCheck {
    /// The reply to `line`, which must hold each of `expected`; stops the run if it does not.
    @discardableResult
    static func respond(_ path: RequestPath, to line: String, expecting expected: [String]) -> [UInt8] {
        let reply = path.respond(to: Array(line.utf8))
        let text = String(decoding: reply, as: UTF8.self)
        for fragment in expected where !text.contains(fragment) {
            fatalError("the reply to \(line) lacks \(fragment): \(text)")
        }
        return reply
    }

    /// The `result.window.id` of a reply.
    static func windowID(in reply: [UInt8]) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any],
            let result = object["result"] as? [String: Any], let window = result["window"] as? [String: Any],
            let id = window["id"] as? String
        else { fatalError("no result.window.id in \(String(decoding: reply, as: UTF8.self))") }
        return id
    }

    /// How many windows a `window.list` reply holds: their ids are its only string `"id"`s (the
    /// benchmarks' request ids are numbers).
    static func listedWindows(in reply: [UInt8]) -> Int {
        String(decoding: reply, as: UTF8.self).split(separator: #""id":""#, omittingEmptySubsequences: false).count - 1
    }
}
