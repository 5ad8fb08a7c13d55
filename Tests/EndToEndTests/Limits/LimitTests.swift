import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8), Socket and access: every declared limit, at its value — and every method still works there. The
/// tests run one at a time: several hold a daemon with 100,000 windows, and the machine is shared.
@Suite("Limits", .serialized, .timeLimit(.minutes(5)))
struct LimitTests {
    // MARK: - max_windows: 100,000

    @Test("100,000 windows open through pipelined window.open; the 100,001st is refused with limit_exceeded")
    func hundredThousandWindowsOpen() throws {
        let fixture = try HundredThousandWindows.shared()
        #expect(fixture.problems.isEmpty, "\(fixture.problems.joined(separator: "\n"))")
        #expect(Set(fixture.ids).count == HundredThousandWindows.count, "100,000 distinct ids")
        #expect(fixture.ids.allSatisfy { $0.count == 36 && $0 == $0.lowercased() }, "ids are lower-case UUIDs")
        let over = fixture.overLimitReply
        #expect(over.code == -32000 && over.reason == "limit_exceeded", "the 100,001st: \(over)")
        #expect(
            over.errorMessage?.contains("100000") == true || over.errorMessage?.contains("100,000") == true,
            "the refusal names the limit: \(over)"
        )
        #expect(fixture.termination == .exited(0), "SIGTERM with 100,000 windows ends with exit 0")
        print("limits: 100,000 pipelined window.open took \(fixture.openDuration)")
    }

    @Test("window.list returns all 100,000 windows in one reply, at the default outbound limits")
    func listAtTheWindowLimit() throws {
        let fixture = try HundredThousandWindows.shared()
        let daemon = try fixture.startDaemon()
        defer { daemon.stop() }
        for params in [nil, #"{"group":"detail"}"#] as [String?] {
            let client = try daemon.client()
            Self.part("window.list \(params ?? "")") {
                let started = ContinuousClock.now
                let reply = try client.rawCall("window.list", params, timeout: TestTiming.scaled(.seconds(60)))
                let problems = fixture.check(reply.result?["windows"], "window.list \(params ?? "")")
                #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
                print(
                    "limits: window.list \(params ?? "") of 100,000 windows read and parsed in \(ContinuousClock.now - started)"
                )
                #expect(
                    try client.rawCall("hello", #"{"client":"e2e","protocol":1}"#, id: 2).result?["server"]?.string
                        == "windowd",
                    "the connection is still served after the big reply"
                )
            }
        }
    }

    @Test("events.subscribe, with and without a types filter, returns a snapshot of all 100,000 windows")
    func subscribeAtTheWindowLimit() throws {
        let fixture = try HundredThousandWindows.shared()
        let daemon = try fixture.startDaemon()
        defer { daemon.stop() }
        for params in [nil, #"{"types":["app.state"]}"#] as [String?] {
            let client = try daemon.client()
            Self.part("events.subscribe \(params ?? "")") {
                let reply = try client.rawCall("events.subscribe", params, timeout: TestTiming.scaled(.seconds(60)))
                #expect(reply.result?["seq"]?.int == 0, "\(reply.error?.text ?? "")")
                let problems = fixture.check(reply.result?["snapshot"]?["windows"], "events.subscribe \(params ?? "")")
                #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
                #expect(reply.result?["snapshot"]?["state"]?["state"]?.string == "unauthenticated")
                #expect(reply.result?["snapshot"]?["phase"]?.string == "background")
            }
        }
    }

    @Test("winctl list and winctl --json list print all 100,000 windows")
    func winctlListAtTheWindowLimit() throws {
        let fixture = try HundredThousandWindows.shared()
        let daemon = try fixture.startDaemon()
        defer { daemon.stop() }
        let timeout = TestTiming.scaled(.seconds(60))

        var started = ContinuousClock.now
        // winctl's own limit as the test's: this checks that every window comes, not how fast
        // (make bench times it); a loaded machine's debug build took over 5 s.
        let human = try Winctl.run(["list", "--timeout", "60"], socket: daemon.socketPath, timeout: timeout)
        print("limits: winctl list of 100,000 windows took \(ContinuousClock.now - started)")
        #expect(human.status == 0, "\(human.termination): \(human.stderr.prefix(500))")
        let rows = human.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == HundredThousandWindows.count, "a header and 100,000 rows")
        let listed = Set(rows.compactMap { $0.split(separator: " ").first.map(String.init) })
        let everyID = listed == Set(fixture.ids)
        #expect(everyID, "every window's id is in the table (\(listed.count) distinct ids in the first column)")

        started = ContinuousClock.now
        let json = try Winctl.run(["list", "--timeout", "60"], socket: daemon.socketPath, json: true, timeout: timeout)
        print("limits: winctl --json list of 100,000 windows took \(ContinuousClock.now - started)")
        #expect(json.status == 0, "\(json.termination): \(json.stderr.prefix(500))")
        if json.status == 0 {
            let problems = fixture.check(try RawJSON.parse(json.stdout)["windows"], "winctl --json list")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test("stopped with SIGTERM and started again, twice, the daemon restores all 100,000 windows with the same ids")
    func restartAtTheWindowLimit() throws {
        let fixture = try HundredThousandWindows.shared()
        // A large outbound limit, so that this test checks restoring, not the size of window.list's reply.
        let config = TestConfig.text(daemon: ["outbound_hard_bytes = 268435456"])
        let first = try fixture.startDaemon(config: config)
        let firstList = try first.client().rawCall("window.list", timeout: TestTiming.scaled(.seconds(60)))
        let firstProblems = fixture.check(firstList.result?["windows"], "after the first restore")
        #expect(firstProblems.isEmpty, "\(firstProblems.joined(separator: "\n"))")
        #expect(first.stop(grace: TestTiming.scaled(.seconds(30))) == .exited(0))

        let started = ContinuousClock.now
        let second = try DaemonProcess(in: first.directory, config: config, name: "second")
        defer { second.stop() }
        try second.waitUntilServing(timeout: TestTiming.scaled(.seconds(60)))
        print("limits: start to serving with 100,000 stored windows: \(ContinuousClock.now - started) (debug build)")
        try second.waitForAppState("unauthenticated", timeout: TestTiming.scaled(.seconds(30)))
        let secondList = try second.client().rawCall("window.list", timeout: TestTiming.scaled(.seconds(60)))
        let secondProblems = fixture.check(secondList.result?["windows"], "after the second restore")
        #expect(secondProblems.isEmpty, "\(secondProblems.joined(separator: "\n"))")
        let windows = secondList.result?["windows"]?.array ?? []
        #expect(
            windows.allSatisfy { $0["attached"]?.bool == false && $0["phase"]?.string == "background" },
            "restored detached and background"
        )
    }

    // MARK: - max_clients: 1,024

    @Test("1,024 clients connected at once are all answered hello; the 1,025th is refused with limit_exceeded")
    func thousandTwentyFourClients() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let first = try RawClient(path: daemon.socketPath)
        try waitUntil("the start-up probe connections to close") {
            try first.call("daemon.status")["clients"]?.int == 1
        }
        var clients = [first]
        for _ in 1..<1_024 { clients.append(try RawClient(path: daemon.socketPath)) }
        defer { clients.forEach { $0.close() } }
        for (index, client) in clients.enumerated() {
            try client.send(
                line: RawClient.requestLine(id: 100, method: "hello", params: #"{"client":"c\#(index)","protocol":1}"#)
            )
        }
        var answered = 0
        for (index, client) in clients.enumerated() {
            let reply = try client.nextRaw(what: "hello's reply on client \(index + 1)")
            if reply.result?["server"]?.string == "windowd" {
                answered += 1
            } else {
                Issue.record("client \(index + 1): \(reply)")
            }
        }
        #expect(answered == 1_024)
        #expect(try first.call("daemon.status")["clients"]?.int == 1_024)

        let extra = try RawClient(path: daemon.socketPath)
        let refused = try extra.readUntilClosed()
        let lines = refused.split(separator: 0x0A)
        #expect(
            lines.count == 1,
            "one error line, then the close: \(String(decoding: refused.prefix(500), as: UTF8.self))"
        )
        if let line = lines.first {
            let error = try RawJSON.parse(Array(line))
            #expect(error.reason == "limit_exceeded", "\(error)")
            #expect(error["id"]?.isNull == true)
        }

        // A place that frees up is given to the next client.
        clients.removeLast().close()
        try waitUntil("the daemon to forget a closed client") {
            try first.call("daemon.status")["clients"]?.int == 1_023
        }
        let next = try RawClient(path: daemon.socketPath)
        defer { next.close() }
        #expect(try next.call("hello", #"{"client":"next","protocol":1}"#)["server"]?.string == "windowd")
    }

    // MARK: - max_message_bytes: 64 KiB

    /// A `window.open` request line of exactly `length` bytes (newline excluded).
    static func openLine(length: Int, id: Int64 = 1) -> (line: String, value: Int) {
        let prefix = #"{"jsonrpc":"2.0","id":\#(id),"method":"window.open","params":{"group":"notes","value":""#
        let suffix = #""}}"#
        let value = length - prefix.utf8.count - suffix.utf8.count
        return (prefix + String(repeating: "m", count: value) + suffix, value)
    }

    @Test(
        "a request of exactly 65,536 bytes (the \\n or \\r\\n not counted, as config/windowd.toml says) is answered; 65,537 gets limit_exceeded and the connection reads on"
    )
    func messageSizeBoundary() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        for (length, ending) in [(65_535, "\n"), (65_536, "\n"), (65_536, "\r\n")] {
            let client = try daemon.client()
            let (line, value) = Self.openLine(length: length, id: Int64(length))
            #expect(line.utf8.count == length)
            try client.send(bytes: Array((line + ending).utf8))
            let reply = try client.nextRaw(what: "the reply to a \(length)-byte line")
            #expect(
                reply.result?["window"]?["value"]?.string?.count == value,
                "a \(length)-byte line ending in \(ending.debugDescription): \(reply.error?.text ?? "")"
            )
        }

        // One byte over: refused with its id unread, skipped; the next line on the same connection is served.
        let client = try daemon.client()
        let (line, _) = Self.openLine(length: 65_537)
        try client.send(line: line)
        let error = try client.nextRaw(what: "the refusal of a 65,537-byte line")
        #expect(error.reason == "limit_exceeded" && error.code == -32600, "\(error)")
        #expect(error["id"]?.text == "null", "\(error)")
        #expect(error.errorMessage?.contains("65536") == true, "the refusal names the limit: \(error)")
        let next = try client.rawCall("window.list", #"{"group":"notes"}"#, id: 9)
        #expect(next["id"]?.int == 9)
        #expect(
            next.result?["windows"]?.array?.count == 2,
            "the refused request opened nothing: \(next.text.prefix(300))"
        )
    }

    // MARK: - max_storage_bytes: 64 KiB

    @Test("scene storage of exactly 64 KiB is accepted and restored; one byte more is refused with limit_exceeded")
    func storageBoundary() throws {
        // windowd counts a window's storage as each key plus its value as compact JSON
        // (WindowEngine's SceneStorage). Two keys, because one 64 KiB value does not fit in a
        // 64 KiB request line: "a" + "\"…40,000…\"" and "b" + "\"…25,530…\"" = 65,536 bytes.
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess.start(in: directory)
        let client = try daemon.client()
        let id = try #require(
            try client.call("window.open", #"{"group":"notes","value":"full"}"#)["window"]?["id"]?.string
        )
        let (a, b) = (40_000, 25_530)
        #expect(1 + (a + 2) + 1 + (b + 2) == 65_536)
        let setA = try client.request(
            "storage.set",
            #"{"id":"\#(id)","key":"a","value":"\#(String(repeating: "a", count: a))"}"#
        )
        #expect(setA.result != nil, "\(setA.message.jsonText.prefix(300))")
        let setB = try client.request(
            "storage.set",
            #"{"id":"\#(id)","key":"b","value":"\#(String(repeating: "b", count: b))"}"#
        )
        #expect(setB.result != nil, "exactly 65,536 bytes of storage: \(setB.message.jsonText.prefix(300))")

        let over = try client.request(
            "storage.set",
            #"{"id":"\#(id)","key":"b","value":"\#(String(repeating: "c", count: b + 1))"}"#
        )
        #expect(
            over.code == -32000 && over.reason == "limit_exceeded",
            "65,537 bytes: \(over.message.jsonText.prefix(300))"
        )
        let extraKey = try client.request("storage.set", #"{"id":"\#(id)","key":"c","value":0}"#)
        #expect(
            extraKey.reason == "limit_exceeded",
            "a 2-byte key and value more: \(extraKey.message.jsonText.prefix(300))"
        )
        let kept = try client.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
        #expect(kept?["b"]?.string == String(repeating: "b", count: b), "the refused write changed nothing")

        #expect(daemon.stop() == .exited(0))
        let again = try DaemonProcess.start(in: directory, name: "again")
        defer { again.stop() }
        let restored = try again.client().call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
        #expect(restored?["a"]?.string?.count == a)
        #expect(restored?["b"]?.string == String(repeating: "b", count: b), "64 KiB of storage is restored whole")
    }

    // MARK: - Outbound limits

    @Test(
        "a subscriber that never reads is disconnected once its unsent events pass outbound_hard_bytes; others are served meanwhile"
    )
    func nonReadingSubscriberIsDisconnected() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(daemon: ["outbound_hard_bytes = 1048576"]))
        defer { daemon.stop() }
        let slow = try daemon.client()
        #expect(try slow.call("events.subscribe")["seq"]?.int == 0)
        let writer = try daemon.client()
        let bystander = try daemon.client()
        try waitUntil("the start-up probe connections to close") {
            try bystander.call("daemon.status")["clients"]?.int == 3
        }

        // Each window.opened event carries a 400-byte value: about 2,500 fill 1 MiB and the socket buffers.
        let padding = String(repeating: "p", count: 400)
        var opened = 0
        var slowest = Duration.zero
        var disconnected = false
        for batch in 0..<40 where !disconnected {
            let lines = (0..<500).map { index in
                RawClient.requestLine(
                    id: Int64(batch * 500 + index),
                    method: "window.open",
                    params: #"{"group":"notes","value":"\#(batch)-\#(index)-\#(padding)"}"#
                )
            }
            let replies = try writer.pipeline(lines, inFlight: 100)
            opened += replies.count
            let started = ContinuousClock.now
            let clients = try bystander.call("daemon.status")["clients"]?.int
            slowest = max(slowest, ContinuousClock.now - started)
            disconnected = clients == 2
        }
        #expect(disconnected, "the subscriber that never reads was still connected after \(opened) events")
        #expect(
            slowest < TestTiming.scaled(.seconds(2)),
            "the other clients were served meanwhile (slowest daemon.status: \(slowest))"
        )

        let received = try slow.readUntilClosed(timeout: .seconds(20))
        let lines = received.split(separator: 0x0A, omittingEmptySubsequences: true)
        let whole = received.last == 0x0A ? lines : lines.dropLast()
        let seqs = try whole.map { try RawJSON.parse(Array($0)).seq ?? -1 }
        let gapFree = seqs == (0..<seqs.count).map { Int64($0) + 1 }
        #expect(
            gapFree,
            "what it did get is gap-free from seq 1 (\(seqs.count) events, first \(seqs.prefix(3)), last \(seqs.suffix(3)))"
        )
        #expect(seqs.count < opened)
        #expect(daemon.log.contains("does not read"), "the disconnect is logged")
    }

    @Test(
        "a client that reads gets a reply larger than the outbound limits whole: a 20 MB window.list and snapshot at a 1 MiB outbound_hard_bytes"
    )
    func bigReplyIsDeliveredWhole() throws {
        let daemon = try DaemonProcess.start(
            config: TestConfig.text(daemon: ["outbound_soft_bytes = 262144", "outbound_hard_bytes = 1048576"])
        )
        defer { daemon.stop() }
        let writer = try daemon.client()
        let count = 5_000
        let padding = String(repeating: "v", count: 4_000)
        let lines = (0..<count).map { index in
            RawClient.requestLine(
                id: Int64(index),
                method: "window.open",
                params: #"{"group":"notes","value":"\#(index)-\#(padding)"}"#
            )
        }
        let opened = try writer.pipeline(lines, inFlight: 50)
        #expect(opened.count == count)

        for (method, path) in [("window.list", ["windows"]), ("events.subscribe", ["snapshot", "windows"])] {
            let reader = try daemon.client()
            let started = ContinuousClock.now
            guard
                let line = try reader.readRawLineAfterSending(
                    RawClient.requestLine(id: 1, method: method, params: nil),
                    timeout: TestTiming.scaled(.seconds(60))
                )
            else {
                Issue.record(
                    "\(method): windowd closed the connection instead of sending the reply (\(daemon.log.suffix(300)))"
                )
                continue
            }
            let reply = try RawJSON.parse(line)
            var windows = reply.result
            for key in path { windows = windows?[key] }
            let values = Set(windows?.array?.compactMap { $0["value"]?.string } ?? [])
            let whole = values == Set((0..<count).map { "\($0)-\(padding)" })
            #expect(whole, "\(method): all \(count) windows, values whole (\(values.count) distinct values)")
            print("limits: \(method) reply of \(line.count) bytes in \(ContinuousClock.now - started)")
            #expect(line.count > 20_000_000)
            #expect(
                try reader.rawCall("hello", #"{"client":"e2e","protocol":1}"#, id: 2).result != nil,
                "\(method): the connection stays served"
            )
        }
        let dropped = daemon.log.contains("does not read")
        #expect(!dropped, "no reading client was taken for one that does not read")
    }

    /// Runs one part of a test; an error ends that part only, recorded with its name.
    static func part(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            Issue.record("\(name): \(error)")
        }
    }
}
