import Foundation
import TestSupport
import Testing
import WindowProtocol

/// windowd-protocol(7) ("JSON-RPC 2.0 in full"), walked through sections 4–7 of the JSON-RPC 2.0
/// specification, its examples adapted to windowd's methods. Replies are read as raw lines, so an
/// id is compared byte for byte with what was sent.
@Suite("JSON-RPC 2.0 conformance", .timeLimit(.minutes(2)))
struct JSONRPCConformanceTests {
    // MARK: - Section 4: the request object and its id

    /// Every id JSON-RPC allows: a string, a number of any size or form, null (section 4).
    static let ids = [
        "1", "0", "-0", "-1", "1.5", "1.0", "1e2", "1E+2", "-1.5e-3",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890",
        #""abc""#, #""""#, "null",
    ]

    @Test("every id is answered and echoed exactly as sent, in a result and in an error", arguments: ids)
    func idIsEchoedExactly(_ id: String) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let requests = [
            (#"{"jsonrpc":"2.0","id":\#(id),"method":"hello","params":{"client":"e2e","protocol":1}}"#, true),
            (
                #"{"jsonrpc":"2.0","method":"window.open","params":{"group":"notes","value":"id \#(id.replacingOccurrences(of: "\"", with: "'"))"},"id":\#(id)}"#,
                true
            ),
            (#"{"id":\#(id),"jsonrpc":"2.0","method":"daemon.status"}"#, true),
            (#"{"jsonrpc":"2.0","id":\#(id),"method":"foobar"}"#, false),
        ]
        for (line, succeeds) in requests {
            guard let reply = try Self.ask(client, line) else {
                Issue.record("no response to \(line): the next line was the reply to the request sent after it")
                continue
            }
            #expect(reply["id"]?.text == id, "\(line) was answered with id \(reply["id"]?.text ?? "none"): \(reply)")
            #expect(Self.shapeProblems(reply).isEmpty, "\(Self.shapeProblems(reply))")
            if succeeds {
                #expect(reply.result != nil, "\(line) → \(reply)")
            } else {
                #expect(reply.code == -32601, "\(line) → \(reply)")
            }
        }
        // "id": null is a request, not a notification: it ran and was answered.
        #expect(try client.call("window.list", #"{"group":"notes"}"#)["windows"]?.array?.count == 1)
    }

    @Test("string ids with escapes and non-ASCII text come back as the same string")
    func stringIDsKeepTheirValue() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        for id in [#""a\"b\\c""#, #""\u00e9t\u00e9""#, #""été 🪟""#, #""\ud83e\ude9f""#, #""tab\there""#] {
            let reply = try Self.answer(client, #"{"jsonrpc":"2.0","id":\#(id),"method":"app.state"}"#)
            let sent = try RawJSON.parse(id)
            #expect(reply["id"]?.string == sent.string, "id \(id) came back as \(reply["id"]?.text ?? "none")")
            #expect(reply.result != nil)
        }
    }

    @Test(
        "an id that is an object, an array or a boolean is an invalid request: -32600 with id null, and nothing runs",
        arguments: [#"{"a":1}"#, "[1]", "true", "false"]
    )
    func invalidIDRunsNothing(_ id: String) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"window.open","params":{"group":"notes","value":"fresh"}}"#
        if let reply = try Self.ask(client, line) {
            #expect(reply.code == -32600, "\(reply)")
            #expect(reply["id"]?.isNull == true, "\(reply)")
            #expect(Self.shapeProblems(reply).isEmpty, "\(Self.shapeProblems(reply))")
        } else {
            Issue.record("no response to \(line): it was taken for a notification")
        }
        let windows = try client.rawCall("window.list", #"{"group":"notes"}"#, id: 2).result?["windows"]?.array
        #expect(windows?.count == 0, "the refused window.open made no window")
    }

    @Test("a notification (no id) gets no response, even when it fails or names an unknown method; it still runs")
    func notificationsAreNotAnswered() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        for line in [
            #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#,
            #"{"jsonrpc": "2.0", "method": "foobar"}"#,
            #"{"jsonrpc":"2.0","method":"window.open","params":{"group":"nope","value":1}}"#,
            #"{"jsonrpc":"2.0","method":"window.close","params":{"id":"00000000-0000-0000-0000-000000000000"}}"#,
            #"{"jsonrpc":"2.0","method":"scene.setPhase","params":{"id":"x","phase":"bogus"}}"#,
            #"{"jsonrpc":"2.0","method":"app.transition","params":{"to":{"state":"loading"}}}"#,
            #"{"jsonrpc":"2.0","method":"window.open","params":{"group":"notes","value":"by notification"}}"#,
        ] {
            try client.send(line: line)
        }
        let reply = try client.exchange(
            #"{"jsonrpc":"2.0","id":"list","method":"window.list","params":{"group":"notes"}}"#
        )
        #expect(
            reply["id"]?.text == #""list""#,
            "the next line is the probe's reply, nothing for the notifications: \(reply)"
        )
        #expect(reply.result?["windows"]?[0]?["value"]?.string == "by notification", "the notification ran")
    }

    // MARK: - Section 4.2: params are structured

    static let methods = [
        "hello", "window.open", "window.close", "window.focus", "window.list", "window.attach", "window.detach",
        "scene.setPhase", "scene.phase", "storage.get", "storage.set", "storage.remove", "app.state", "app.transition",
        "events.subscribe", "daemon.status",
    ]

    @Test(
        "params that are neither object nor array make an invalid request (-32600) for every method",
        arguments: methods
    )
    func paramsMustBeStructured(_ method: String) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        var wrong: [String] = []
        for (index, params) in [#""bar""#, "5", "true", "null"].enumerated() {
            let line = #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"\#(method)","params":\#(params)}"#
            let reply = try Self.answer(client, line)
            if reply.code != -32600 || reply["id"]?.text != "\(index + 1)" {
                wrong.append("params \(params) → \(reply.error?.text ?? reply.text)")
            }
        }
        #expect(
            wrong.count == 0,
            "each is -32600 with its id echoed (the id is intact); got:\n\(wrong.joined(separator: "\n"))"
        )
        #expect(
            try client.rawCall("app.state", id: 9).result?["state"]?["state"]?.string == "unauthenticated",
            "nothing changed"
        )
    }

    @Test("params by position (an array) are structured: answered with a result or -32602, never as an invalid request")
    func paramsByPosition() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        for (index, line) in [
            #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":["detail",42]}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"daemon.status","params":[]}"#,
        ].enumerated() {
            let reply = try Self.answer(client, line)
            #expect(reply["id"]?.text == "\(index + 1)")
            #expect(reply.result != nil || reply.code == -32602, "\(line) → \(reply)")
        }
    }

    // MARK: - Section 5: the response object

    @Test("hello with a protocol windowd does not speak is refused, naming the versions it speaks")
    func helloWithAnUnknownProtocol() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let refused = try client.rawCall("hello", #"{"client":"future","protocol":99}"#)
        #expect(refused.result == nil && refused.error != nil, "protocol 99 is refused: \(refused)")
        let message = refused.errorMessage ?? ""
        #expect(
            message.contains("99") && message.split(whereSeparator: { !$0.isNumber }).contains("1"),
            "the message names the version asked for and the one windowd speaks (1): \(message)"
        )
        #expect(try client.rawCall("hello", #"{"client":"now","protocol":1}"#, id: 2).result?["protocol"]?.int == 1)
    }

    // MARK: - Section 6: batch

    @Test("a batch is answered by one array in one line, a response per request, in order")
    func batchOfRequests() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let reply = try Self.answer(
            client,
            #"""
            [{"jsonrpc":"2.0","id":1,"method":"hello","params":{"client":"e2e","protocol":1}}, {"jsonrpc":"2.0","id":"two","method":"window.open","params":{"group":"detail","value":2}},{"jsonrpc":"2.0","id":3,"method":"window.list"}]
            """#
        )
        let responses = try #require(reply.array, "a batch is answered by an array: \(reply)")
        #expect(responses.map { $0["id"]?.text ?? "none" } == ["1", #""two""#, "3"])
        #expect(responses.allSatisfy { $0.result != nil && Self.shapeProblems($0).isEmpty }, "\(reply)")
        #expect(responses.last?.result?["windows"]?.array?.count == 1, "requests in a batch run in order")
        try Self.expectNothingMore(on: client)
    }

    @Test("the specification's mixed batch: results, -32600 for a non-request, -32601, nothing for the notification")
    func mixedBatchFromTheSpecification() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let reply = try Self.answer(
            client,
            #"""
            [
                {"jsonrpc": "2.0", "method": "hello", "params": {"client": "spec", "protocol": 1}, "id": "1"},
                {"jsonrpc": "2.0", "method": "window.open", "params": {"group": "notes", "value": "notified"}},
                {"jsonrpc": "2.0", "method": "window.open", "params": {"group": "notes", "value": "asked"}, "id": "2"},
                {"foo": "boo"},
                {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                {"jsonrpc": "2.0", "method": "app.state", "id": "9"}
            ]
            """#.split(separator: "\n").joined()
        )
        let responses = try #require(reply.array, "\(reply)")
        #expect(
            responses.map { $0["id"]?.text ?? "none" } == [#""1""#, #""2""#, "null", #""5""#, #""9""#],
            "one per request, none for the notification, in order"
        )
        if responses.count == 5 {
            #expect(responses[0].result?["server"]?.string == "windowd")
            #expect(responses[1].result?["created"]?.bool == true)
            #expect(responses[2].code == -32600)
            #expect(responses[3].code == -32601)
            #expect(responses[4].result?["state"] != nil)
        }
        #expect(responses.allSatisfy { Self.shapeProblems($0).isEmpty }, "\(reply)")
        let values = try client.rawCall("window.list", #"{"group":"notes"}"#, id: 10).result?["windows"]?.array?
            .compactMap { $0["value"]?.string }
        #expect(values.map(Set.init) == ["notified", "asked"], "the notification inside ran")
    }

    @Test("a batch of notifications only produces no line at all, and its requests run")
    func batchOfNotifications() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        try client.send(
            line:
                #"[{"jsonrpc":"2.0","method":"window.open","params":{"group":"notes","value":"quiet"}},{"jsonrpc":"2.0","method":"foobar"}]"#
        )
        let reply = try client.rawCall("window.list", #"{"group":"notes"}"#, id: 7)
        #expect(reply["id"]?.text == "7", "the next line is the next request's reply: \(reply)")
        #expect(reply.result?["windows"]?[0]?["value"]?.string == "quiet")
    }

    @Test(
        "batches that are not batches of requests: [] is one -32600, [1], [1,2], [1,2,3] and [[…]] an array of -32600s"
    )
    func invalidBatches() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let empty = try Self.answer(client, "[]")
        #expect(
            empty.isObject && empty.code == -32600 && empty["id"]?.isNull == true,
            "[] → one error object, not an array: \(empty)"
        )
        for (line, count) in [
            ("[1]", 1), ("[1,2]", 2), ("[1,2,3]", 3), (#"[[{"jsonrpc":"2.0","id":1,"method":"hello"}]]"#, 1),
        ] {
            let reply = try Self.answer(client, line)
            let responses = reply.array ?? []
            #expect(
                responses.count == count && responses.allSatisfy { $0.code == -32600 && $0["id"]?.isNull == true },
                "\(line) → an array of \(count) invalid-request errors, not \(reply)"
            )
        }
        try Self.expectNothingMore(on: client)
    }

    @Test("a batch that is not valid JSON is one -32700 with id null (the specification's example)")
    func batchWithInvalidJSON() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let reply = try Self.answer(
            client,
            #"[ {"jsonrpc": "2.0", "method": "window.open", "params": {"group": "notes", "value": "x"}, "id": "1"}, {"jsonrpc": "2.0", "method" ]"#
        )
        #expect(reply.isObject && reply.code == -32700 && reply["id"]?.isNull == true, "\(reply)")
        #expect(try client.rawCall("window.list", id: 2).result?["windows"]?.array?.count == 0, "nothing in it ran")
    }

    @Test(
        "the message-size limit applies to a whole batch line: 65,536 bytes answered, 65,537 refused with limit_exceeded and skipped"
    )
    func batchAtTheMessageLimit() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        func batch(length: Int) -> String {
            let head =
                #"[{"jsonrpc":"2.0","id":1,"method":"hello","params":{"client":"e2e","protocol":1}},{"jsonrpc":"2.0","id":2,"method":"window.open","params":{"group":"notes","value":""#
            let tail = #""}}]"#
            return head + String(repeating: "b", count: length - head.utf8.count - tail.utf8.count) + tail
        }
        let fits = try daemon.client()
        let line = batch(length: 65_536)
        #expect(line.utf8.count == 65_536)
        let reply = try Self.answer(fits, line)
        #expect(
            reply.array?.count == 2 && reply[1]?.result?["created"]?.bool == true,
            "\(reply.error?.text ?? reply.text)"
        )

        let over = try daemon.client()
        try over.send(line: batch(length: 65_537))
        let error = try over.nextRaw(what: "the refusal of a 65,537-byte batch")
        #expect(error.isObject && error.reason == "limit_exceeded", "one error, not an array: \(error)")
        let next = try over.rawCall("window.list", id: 3)
        #expect(next.result?["windows"]?.array?.count == 1, "the connection goes on; nothing of the batch ran: \(next)")
    }

    // MARK: - Section 7: the remaining examples

    @Test(
        "the specification's single-call examples, adapted: named params, unknown method, invalid JSON, invalid request, reserved rpc. names"
    )
    func sectionSevenExamples() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let examples: [(line: String, id: String, code: Int64?)] = [
            (
                #"{"jsonrpc": "2.0", "method": "window.open", "params": {"group": "detail", "value": 42}, "id": 3}"#,
                "3", nil
            ),
            (
                #"{"jsonrpc": "2.0", "method": "window.open", "params": {"value": 42, "group": "detail"}, "id": 4}"#,
                "4", nil
            ),
            (#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#, #""1""#, -32601),
            (#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#, "null", -32700),
            (#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#, "null", -32600),
            (#"{"jsonrpc": "2.0", "method": "rpc.discover", "id": 5}"#, "5", -32601),
            (#"{"jsonrpc": "2.0", "method": "window.open", "params": {"value": 42}, "id": 6}"#, "6", -32602),
        ]
        for example in examples {
            let reply = try Self.answer(client, example.line)
            #expect(reply["id"]?.text == example.id, "\(example.line) → \(reply)")
            #expect(Self.shapeProblems(reply).isEmpty, "\(example.line) → \(Self.shapeProblems(reply))")
            if let code = example.code {
                #expect(reply.code == code, "\(example.line) → \(reply)")
            } else {
                #expect(reply.result != nil, "\(example.line) → \(reply)")
            }
        }
        for line in [
            #"{"jsonrpc": "1.0", "method": "hello", "id": 8}"#, #"{"method": "hello", "id": 9}"#,
            #"{"jsonrpc": 2.0, "method": "hello", "id": 10}"#,
        ] {
            let reply = try Self.answer(client, line)
            #expect(reply.code == -32600, "jsonrpc must be exactly \"2.0\": \(line) → \(reply)")
        }
    }

    // MARK: - Helpers

    /// What a response object breaks of section 5: `jsonrpc` "2.0", an `id` member, exactly one
    /// of `result` and `error`, an error with an integer `code` and a string `message`.
    static func shapeProblems(_ response: RawJSON) -> [String] {
        var problems: [String] = []
        if response["jsonrpc"]?.string != "2.0" { problems.append("jsonrpc is not \"2.0\"") }
        if response["id"] == nil { problems.append("no id member") }
        if (response.result == nil) == (response.error == nil) {
            problems.append("not exactly one of result and error")
        }
        if let error = response.error {
            if error["code"]?.int == nil { problems.append("error.code is not an integer") }
            if error["message"]?.string == nil { problems.append("error.message is not a string") }
        }
        return problems
    }

    /// The reply to `line`; no reply fails the test.
    static func answer(_ client: RawClient, _ line: String) throws -> RawJSON {
        guard let reply = try ask(client, line) else {
            throw TestFailure(
                "no response to \(line.prefix(300)): the next line was the reply to the request sent after it"
            )
        }
        return reply
    }

    /// The next line on `client` is the reply to a new request: nothing else was sent before it.
    static func expectNothingMore(on client: RawClient) throws {
        let probe = try client.exchange(#"{"jsonrpc":"2.0","id":"after","method":"app.state"}"#)
        #expect(probe["id"]?.text == #""after""#, "nothing came between: \(probe)")
    }

    /// Sends `line` and a probe request after it; returns the reply to `line`, or `nil` at once
    /// (instead of waiting out a timeout) if the probe's reply comes first: `line` got none.
    static func ask(_ client: RawClient, _ line: String) throws -> RawJSON? {
        try client.send(line: line)
        try client.send(line: #"{"jsonrpc":"2.0","id":"probe","method":"daemon.status"}"#)
        let reply = try client.nextRaw(what: "the reply to \(line.prefix(120))")
        if reply.isObject, reply["id"]?.text == #""probe""#, reply.result?["version"] != nil { return nil }
        let probe = try client.nextRaw(what: "the probe's reply")
        guard probe["id"]?.text == #""probe""# else {
            throw TestFailure(
                "after the reply to \(line.prefix(200)), a second line came before the probe's reply: \(probe.text.prefix(300))"
            )
        }
        return reply
    }
}
