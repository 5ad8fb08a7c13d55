import TestSupport
import Testing
import WindowProtocol

/// windowd-protocol(7), window.open: `open(group, value)` de-duplicates on the typed value.
@Suite("De-duplication by value", .timeLimit(.minutes(1)))
struct DeduplicationTests {
    @Test("winctl open twice from two processes: one window, the second run says it was not created")
    func winctlOpenTwice() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }

        let first = try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath, json: true)
        let second = try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath, json: true)
        #expect(first.status == 0, "\(first)")
        #expect(second.status == 0, "\(second)")
        let created = try first.json()
        let reused = try second.json()
        #expect(created["created"]?.bool == true)
        #expect(reused["created"]?.bool == false)
        let id = try #require(created["window"]?["id"]?.string)
        #expect(reused["window"]?["id"]?.string == id)
        #expect(created["window"]?["value"]?.int == 42)

        // The human form says so too.
        let human = try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath)
        #expect(human.status == 0, "\(human)")
        #expect(human.stdout.contains(id))
        #expect(!human.stdout.contains("created"), "a reused window must not be reported as created: \(human.stdout)")
    }

    @Test("42 and \"42\" for an int group are the same window")
    func integerAndStringAreOneWindow() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()

        let number = try client.call("window.open", #"{"group":"detail","value":42}"#)
        let text = try client.call("window.open", #"{"group":"detail","value":"42"}"#)
        #expect(number["created"]?.bool == true)
        #expect(text["created"]?.bool == false)
        #expect(text["window"]?["id"] == number["window"]?["id"])
        #expect(text["window"]?["value"]?.int == 42, "the value is typed by the group")

        let list = try client.call("window.list", #"{"group":"detail"}"#)
        #expect(list["windows"]?.array?.count == 1)
        // With a value, the group's window for it (typed as the open types it), or none.
        let one = try client.call("window.list", #"{"group":"detail","value":"42"}"#)
        #expect(one["windows"]?.array?.map { $0["id"] } == [number["window"]?["id"]])
        let none = try client.call("window.list", #"{"group":"detail","value":43}"#)
        #expect(none["windows"]?.array?.isEmpty == true)
    }

    @Test("a group of value type none has at most one window")
    func noneGroupHasOneWindow() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()

        let first = try client.call("window.open", #"{"group":"main"}"#)
        let second = try client.call("window.open", #"{"group":"main","value":null}"#)
        let third = try Winctl.run(["open", "main"], socket: daemon.socketPath, json: true)
        #expect(first["created"]?.bool == true)
        #expect(second["created"]?.bool == false)
        #expect(third.status == 0, "\(third)")
        #expect(try third.json()["created"]?.bool == false)
        let id = try #require(first["window"]?["id"]?.string)
        #expect(second["window"]?["id"]?.string == id)
        #expect(try third.json()["window"]?["id"]?.string == id)
        #expect(first["window"]?["value"]?.isNull == true)

        let list = try client.call("window.list", #"{"group":"main"}"#)
        #expect(list["windows"]?.array?.count == 1)
    }

    @Test("a value that does not parse as the group's type is invalid_value; winctl exits 1")
    func unparsableValueIsRejected() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()

        for params in [
            #"{"group":"detail","value":"abc"}"#, #"{"group":"detail","value":4.5}"#,
            #"{"group":"detail","value":[1]}"#, #"{"group":"main","value":1}"#,
        ] {
            let response = try client.request("window.open", params)
            #expect(response.code == -32000, "\(params): \(response.message.jsonText)")
            #expect(response.reason == "invalid_value", "\(params): \(response.message.jsonText)")
        }

        let run = try Winctl.run(["open", "detail", "abc"], socket: daemon.socketPath)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("abc"), "the message names the value: \(run.stderr)")
        #expect(try client.call("window.list")["windows"]?.array?.isEmpty == true, "no window was made")
    }

    @Test("32 concurrent opens of one new value create exactly one window")
    func concurrentOpensCreateOneWindow() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }

        let clients = try (0..<32).map { _ in try daemon.client() }
        // Every request is written before any response is read.
        let line =
            RawClient.requestLine(id: 1, method: "window.open", params: #"{"group":"detail","value":1234}"#) + "\n"
        for client in clients { try client.send(bytes: Array(line.utf8)) }
        let results = try clients.map { client -> JSONValue in
            let response = try client.response(to: 1)
            return try #require(response.result, "window.open failed: \(response.message.jsonText)")
        }

        let created = results.filter { $0["created"]?.bool == true }
        #expect(created.count == 1, "exactly one open creates the window")
        let ids = Set(results.compactMap { $0["window"]?["id"]?.string })
        #expect(ids.count == 1, "every open returns the same window: \(ids)")

        let windows = try #require(try clients[0].call("window.list", #"{"group":"detail"}"#)["windows"]?.array)
        #expect(windows.count == 1)
        #expect(windows.first?["value"]?.int == 1234)
        #expect(windows.first?["id"]?.string == ids.first)
    }
}
