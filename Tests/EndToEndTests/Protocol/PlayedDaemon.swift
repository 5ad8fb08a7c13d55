import Foundation
import POSIXSupport
import TestSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket that answers each request line with what `answer` gives for it (a `result` or
/// an `error` JSON text, put into a reply with the request's id): a daemon played from a
/// recording, for clients of today to meet.
final class PlayedDaemon: @unchecked Sendable {
    let path: String
    private let fileDescriptor: Int32

    /// Binds and listens at `path`; every connection is served on a thread of its own until it closes.
    /// `answer` gets the method and params and returns the reply's member (`"result":…` or
    /// `"error":…`), or `nil` to say nothing.
    init(path: String, answer: @escaping @Sendable (_ method: String, _ params: JSONValue?) -> String?) throws {
        self.path = path
        let fd = try listeningUnixSocket(at: path)
        fileDescriptor = fd
        Thread.detachNewThread {
            // Ends when the listening socket is shut down (accept fails).
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { Self.serve(client, answer) }
            }
        }
    }

    deinit {
        shutdown(fileDescriptor, Int32(SHUT_RDWR))
        close(fileDescriptor)
        unlink(path)
    }

    private static func serve(_ client: Int32, _ answer: (String, JSONValue?) -> String?) {
        defer { close(client) }
        let reader = LineReader(fileDescriptor: client)
        while let line = try? reader.readLine(timeout: .seconds(60), what: "a request"),
            let request = try? RawJSON.parse(line)
        {
            guard let method = request["method"]?.string, let id = request["id"]?.text else { continue }
            let params = request["params"].flatMap { try? JSONValue.parse($0.text) }
            guard let member = answer(method, params) else { continue }
            let reply = Array(#"{"jsonrpc":"2.0","id":\#(id),\#(member)}"#.utf8) + [0x0A]
            guard reply.withUnsafeBytes({ send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == reply.count
            else { return }
        }
    }
}
