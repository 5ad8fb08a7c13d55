import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8), Socket and access; windowd-protocol(7): bad input gets a JSON-RPC error (or a clean close) and never
/// disturbs the daemon or its other clients.
@Suite("Bad input", .timeLimit(.minutes(1)))
struct BadInputTests {
    /// One bad line and the error it must get.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let code: Int64
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "invalid JSON", bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"hello""#.utf8), code: -32700),
        // A non-empty array is a batch (JSON-RPC 2.0 section 6, JSONRPCConformanceTests); an empty one is invalid.
        Case(name: "an empty JSON array", bytes: Array("[]".utf8), code: -32600),
        Case(name: "a JSON string", bytes: Array(#""hello""#.utf8), code: -32600),
        Case(name: "no jsonrpc member", bytes: Array(#"{"id":1,"method":"hello"}"#.utf8), code: -32600),
        Case(
            name: "unknown method",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"window.explode"}"#.utf8),
            code: -32601
        ),
        Case(
            name: "wrong param types",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":5,"value":1}}"#.utf8),
            code: -32602
        ),
        // JSON-RPC 2.0 section 4.2: params, when present, are an object or an array; else it is not a valid request.
        Case(
            name: "params not structured",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":"detail"}"#.utf8),
            code: -32600
        ),
        Case(
            name: "a missing param",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"storage.set","params":{"key":"k"}}"#.utf8),
            code: -32602
        ),
        Case(
            name: "binary garbage",
            bytes: [0xFF, 0xFE, 0x00, 0x01, 0x80, 0xC3, 0x28, 0x7F, 0x00, 0x1B, 0x5B, 0xF0, 0x9F],
            code: -32700
        ),
        Case(name: "NUL bytes", bytes: [0x00, 0x00, 0x00], code: -32700),
        Case(
            name: "invalid UTF-8 in a string",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"client":""#.utf8) + [0xC3, 0x28, 0xFF]
                + Array(#""}}"#.utf8),
            code: -32700
        ),
        Case(
            name: "a NUL inside a string",
            bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"hel"#.utf8) + [0x00] + Array(#"lo"}"#.utf8),
            code: -32700
        ),
    ]

    @Test(
        "each bad line gets its JSON-RPC error, the connection stays usable, other clients are served",
        arguments: cases
    )
    func badLine(_ bad: Case) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let other = try daemon.client()
        let id = try #require(try other.call("window.open", #"{"group":"detail","value":9}"#)["window"]?["id"]?.string)

        let client = try daemon.client()
        try client.send(bytes: bad.bytes + [0x0A])
        let message = try #require(
            try client.readMessage(what: "the error for \(bad.name)"),
            "the daemon closed the connection instead of answering"
        )
        #expect(message["jsonrpc"]?.string == "2.0")
        #expect(message["error"]?["code"]?.int == bad.code, "\(message.jsonText)")
        #expect(message["error"]?["message"]?.string?.isEmpty == false)
        #expect(message["result"] == nil)

        // The same connection still works, and so does the other one, with its state intact.
        #expect(try client.call("hello", #"{"client":"e2e","protocol":1}"#)["server"]?.string == "windowd")
        let windows = try #require(try other.call("window.list")["windows"]?.array)
        #expect(windows.compactMap { $0["id"]?.string } == [id])
    }

    @Test(
        "a 300 KiB line gets limit_exceeded, in its place among the replies, and is skipped; the connection and other clients are served"
    )
    func oversizeLine() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let other = try daemon.client()
        try other.call("window.open", #"{"group":"detail","value":9}"#)

        let client = try daemon.client()
        let padding = String(repeating: "a", count: 300 * 1_024)
        let before = RawClient.requestLine(id: 1, method: "window.open", params: #"{"group":"notes","value":"before"}"#)
        let oversize =
            #"{"jsonrpc":"2.0","id":2,"method":"window.open","params":{"group":"notes","value":"\#(padding)"}}"#
        let after = RawClient.requestLine(id: 3, method: "window.list", params: #"{"group":"notes"}"#)
        // In one write, and the oversize line in pieces: the answers come in the order of the lines.
        try client.send(bytes: Array((before + "\n" + oversize.prefix(1_000)).utf8))
        try client.send(bytes: Array((oversize.dropFirst(1_000) + "\n" + after + "\n").utf8))
        let first = try client.nextRaw()
        #expect(first["id"]?.int == 1 && first.result?["created"]?.text == "true", "\(first.text.prefix(300))")
        let error = try client.nextRaw()
        #expect(error["id"]?.text == "null" && error.reason == "limit_exceeded", "\(error.text.prefix(300))")
        let list = try client.nextRaw()
        #expect(list["id"]?.int == 3, "\(list.text.prefix(300))")
        #expect(list.result?["windows"]?.array?.count == 1, "only the window before it: \(list.text.prefix(300))")

        #expect(try other.call("daemon.status")["windows"]?.int == 2, "the daemon serves others and kept its state")
        #expect(try other.call("daemon.status")["clients"]?.int == 2, "the connection that sent it is still there")
    }

    @Test(
        "valid JSON nested past the nesting limit gets -32600 limit_exceeded saying \"nesting limit\", not a parse error; 256 levels are read (windowd-protocol(7), LIMITS)"
    )
    func nestingLimit() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let id = try #require(
            try client.call("window.open", #"{"group":"notes","value":"deep"}"#)["window"]?["id"]?.string
        )
        /// A `storage.set` whose value is `levels` arrays inside each other; the request object is one level more.
        func storageSet(_ levels: Int, id requestID: Int) -> String {
            let value = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            return
                #"{"jsonrpc":"2.0","id":\#(requestID),"method":"storage.set","params":{"id":"\#(id)","key":"k","value":\#(value)}}"#
        }
        for (line, what) in [
            (storageSet(300, id: 1), "a request"), ("[" + storageSet(300, id: 2) + "]", "a batch"),
            (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), "bare arrays"),
        ] {
            try client.send(line: line)
            let reply = try #require(
                try client.readMessage(what: "the reply to \(what)"),
                "the daemon closed the connection"
            )
            #expect(
                reply["error"]?["code"]?.int == -32600
                    && reply["error"]?["data"]?["reason"]?.string == "limit_exceeded",
                "\(what): \(reply.jsonText)"
            )
            #expect(reply["error"]?["message"]?.string?.contains("nesting limit") == true, "\(what): \(reply.jsonText)")
            #expect(reply["id"] == .null)
        }
        // 256 levels in all: the request object, its params and 254 arrays.
        try client.send(line: storageSet(254, id: 3))
        let kept = try #require(try client.readMessage())
        #expect(kept["result"]?["storage"]?["k"] != nil, "\(kept.jsonText.prefix(300))")
        try client.send(line: storageSet(255, id: 4))
        #expect(try client.readMessage()?["error"]?["data"]?["reason"]?.string == "limit_exceeded")
    }

    @Test("an oversize line cut by a graceful restart: the next process skips the rest of it, without a second answer")
    func oversizeLineAcrossARestart() throws {
        let harness = try FDStoreHarness()
        try harness.start()
        let client = try RawClient(path: harness.socketPath)
        try waitUntil("unauthenticated") {
            try client.call("app.state")["state"]?["state"]?.string == "unauthenticated"
        }
        let head = Array(#"{"jsonrpc":"2.0","id":50,"method":"window.open","params":{"group":"notes","value":""#.utf8)
        try client.send(bytes: head + Array(repeating: UInt8(ascii: "a"), count: 70_000))
        let refusal = try client.nextRaw(what: "the refusal of the line so far")
        #expect(refusal.reason == "limit_exceeded", "\(refusal.text.prefix(300))")

        #expect(try harness.restart(with: SIGTERM) == .exited(0))
        try client.send(bytes: Array(repeating: UInt8(ascii: "a"), count: 1_000) + Array(#""}}"#.utf8) + [0x0A])
        // The next message that is not an event answers this request: no parse error for the tail.
        let listed = try client.request("window.list")
        #expect(listed.result?["windows"]?.array?.isEmpty == true, "\(listed.message.jsonText.prefix(300))")
    }

    @Test("a UTF-8 byte order mark at the start of a line is ignored; elsewhere it is a parse error")
    func byteOrderMark() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        try client.send(
            bytes: mark + Array((RawClient.requestLine(id: 1, method: "app.state", params: nil) + "\r\n").utf8)
        )
        let reply = try client.nextRaw()
        #expect(reply["id"]?.int == 1 && reply.result?["state"]?["state"]?.string == "unauthenticated", "\(reply)")
        try client.send(
            bytes: Array(" ".utf8) + mark
                + Array((RawClient.requestLine(id: 2, method: "app.state", params: nil) + "\n").utf8)
        )
        #expect(try client.nextRaw().code == -32700, "a mark after the start is not white space")
    }

    @Test("a string id with an escape comes back as the same string, not the same escape (windowd-protocol(7))")
    func stringIDIsTheSameValue() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let reply = try client.exchange(#"{"jsonrpc":"2.0","id":"caf\u00e9","method":"app.state"}"#)
        #expect(reply["id"]?.string == "café", "\(reply)")
        #expect(reply.result != nil)
    }

    @Test("a request split across writes, and several requests in one write, are each answered once")
    func framing() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let first = RawClient.requestLine(id: 1, method: "app.state", params: nil)
        let second = RawClient.requestLine(id: 2, method: "daemon.status", params: nil)
        let bytes = Array((first + "\n" + second + "\n").utf8)
        let cut = first.utf8.count / 2
        try client.send(bytes: Array(bytes[..<cut]))
        // Half a line gets no answer yet: daemon.status on another connection proves the daemon is idle, not stuck.
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
        try client.send(bytes: Array(bytes[cut...]))
        #expect(try client.response(to: 1).result?["state"]?["state"]?.string == "unauthenticated")
        #expect(try client.response(to: 2).result?["version"] != nil)
        // A notification (no id) gets no response: the next response is for the next request.
        try client.send(line: #"{"jsonrpc":"2.0","method":"daemon.status"}"#)
        try client.send(line: RawClient.requestLine(id: 3, method: "app.state", params: nil))
        #expect(try client.response(to: 3).result != nil)
    }
}
