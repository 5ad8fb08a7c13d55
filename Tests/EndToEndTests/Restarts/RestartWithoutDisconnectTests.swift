import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Restarts without disconnects: connections live in the fd store across restarts.
@Suite("Restarts without disconnects")
struct RestartWithoutDisconnectTests {
    /// Reads everything sent to `client` so far (a request's response comes after every event
    /// queued before it) and returns the number of the last event, or `start` if none came.
    static func lastSeq(of client: RawClient, after start: Int64 = 0) throws -> Int64 {
        try client.call("app.state")
        var last = start
        while client.bufferedEventCount > 0 {
            let event = try client.nextEvent()
            let seq = try #require(event["params"]?["seq"]?.int)
            #expect(seq == last + 1, "a gap or repeat in seq: \(last) then \(seq)")
            last = seq
        }
        return last
    }

    static func attachPresenters(_ count: Int, socket: String) throws -> [(client: RawClient, id: String)] {
        try (0..<count).map { index in
            let client = try RawClient(path: socket)
            let result = try client.call(
                "window.attach",
                #"{"group":"detail","value":\#(index),"phase":"\#(index == 0 ? "active" : "inactive")"}"#
            )
            let id = try #require(result["window"]?["id"]?.string)
            try client.call("storage.set", #"{"id":"\#(id)","key":"panel","value":\#(index)}"#)
            return (client, id)
        }
    }

    @Test("graceful restart: 100 presenters and 10 subscribers stay connected, no event lost or repeated")
    func gracefulRestart() throws {
        let harness = try FDStoreHarness()
        try harness.start()
        let probe = try RawClient(path: harness.socketPath)
        try waitUntil("unauthenticated") { try probe.call("app.state")["state"]?["state"]?.string == "unauthenticated" }
        let presenters = try Self.attachPresenters(100, socket: harness.socketPath)
        let subscribers = try (0..<10).map { _ in try RawClient(path: harness.socketPath) }
        var subscriberSeq: [Int64] = []
        for subscriber in subscribers {
            let start = try #require(subscriber.call("events.subscribe")["seq"]?.int)
            subscriberSeq.append(try Self.lastSeq(of: subscriber, after: start))
        }
        let presenterSeq = try presenters.map { try Self.lastSeq(of: $0.client) }
        #expect(harness.storedNames.filter { $0.hasPrefix("conn-") }.count == 111)
        #expect(harness.storedNames.contains("listener"))

        // A request in flight across the restart, and one half-written.
        let inFlight = try probe.sendRequest("window.open", #"{"group":"detail","value":5000}"#)
        try subscribers[1].send(bytes: Array(#"{"jsonrpc":"2.0","id":77,"method":"window.li"#.utf8))
        let started = ContinuousClock.now
        #expect(try harness.restart(with: SIGTERM) == .exited(0))
        let answered = try probe.response(to: inFlight)
        let pause = ContinuousClock.now - started
        #expect(answered.result?["created"] == .bool(true))
        print("graceful restart with 111 connections: the in-flight request was answered after \(pause)")
        try subscribers[1].send(bytes: Array(#"st"}"#.utf8) + [0x0A])
        let listed = try subscribers[1].response(to: 77)
        #expect(listed.result?["windows"]?.array?.count == 101, "the half-written request completes after the restart")

        // Every subscriber: gap-free seq through exactly one daemon.restarted (resync false).
        for (index, subscriber) in subscribers.enumerated() {
            var restarts = 0
            while restarts == 0 {
                let event = try subscriber.nextEvent()
                let seq = try #require(event["params"]?["seq"]?.int)
                #expect(
                    seq == subscriberSeq[index] + 1,
                    "subscriber \(index): seq \(seq) after \(subscriberSeq[index])"
                )
                subscriberSeq[index] = seq
                if event["method"]?.string == "daemon.restarted" {
                    restarts += 1
                    #expect(event["params"]?["resync"] == .bool(false))
                }
            }
        }
        for (index, presenter) in presenters.enumerated() {
            let event = try presenter.client.nextEvent()
            #expect(
                event["method"]?.string == "daemon.restarted"
                    && event["params"]?["seq"]?.int == presenterSeq[index] + 1,
                "presenter \(index): \(event.jsonText) after seq \(presenterSeq[index])"
            )
        }
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        #expect(
            windows.filter { $0["attached"] == .bool(true) }.count == 100,
            "every presenter still presents its window"
        )
        #expect(try probe.call("scene.phase")["aggregate"]?.string == "active")
        // Events go on with the next seq, and nothing was repeated.
        try probe.call("window.open", #"{"group":"detail","value":6000}"#)
        for (index, subscriber) in subscribers.enumerated() {
            var opened = false
            while !opened {
                let event = try subscriber.nextEvent()
                let seq = try #require(event["params"]?["seq"]?.int)
                #expect(seq == subscriberSeq[index] + 1)
                #expect(event["method"]?.string != "daemon.restarted", "a second daemon.restarted")
                subscriberSeq[index] = seq
                opened = event["method"]?.string == "window.opened" && event["params"]?["window"]?["value"]?.int == 6000
            }
        }
        #expect(harness.log.contains("resumed after a graceful restart"))
        // The socket path stays with the listener: a client that connects now reaches the new process.
        let newcomer = try RawClient(path: harness.socketPath)
        #expect(try newcomer.call("window.list")["windows"]?.array?.count == 102)
    }

    @Test("graceful restart with 1,000 attached presenters: every one answered, the longest pause measured")
    func thousandPresenters() throws {
        let harness = try FDStoreHarness()
        try harness.start()
        let probe = try RawClient(path: harness.socketPath)
        try waitUntil("unauthenticated") { try probe.call("app.state")["state"]?["state"]?.string == "unauthenticated" }
        let presenters = try (0..<1_000).map { index in
            let client = try RawClient(path: harness.socketPath)
            try client.call("window.attach", #"{"group":"detail","value":\#(index),"phase":"inactive"}"#)
            return client
        }
        let seqs = try presenters.map { try Self.lastSeq(of: $0) }
        // Each presenter asks something just before the restart; the pause is until its answer.
        let asked = try presenters.map { try $0.sendRequest("daemon.status") }
        let signalled = ContinuousClock.now
        #expect(try harness.restart(with: SIGTERM) == .exited(0))
        var longest = Duration.zero
        for (index, presenter) in presenters.enumerated() {
            let response = try presenter.response(to: asked[index], timeout: .seconds(20))
            longest = max(longest, ContinuousClock.now - signalled)
            #expect(response.result?["attached"]?.int == 1_000)
            let restarted = try presenter.nextEvent()
            #expect(
                restarted["method"]?.string == "daemon.restarted" && restarted["params"]?["seq"]?.int == seqs[index] + 1
            )
        }
        print("graceful restart with 1000 attached presenters: longest pause \(longest)")
    }

    @Test("crash restart: every connection stays open, is told to resync, and re-attaches with its storage")
    func crashRestart() throws {
        let harness = try FDStoreHarness()
        try harness.start()
        let probe = try RawClient(path: harness.socketPath)
        try waitUntil("unauthenticated") { try probe.call("app.state")["state"]?["state"]?.string == "unauthenticated" }
        let presenters = try Self.attachPresenters(20, socket: harness.socketPath)
        let subscriber = try RawClient(path: harness.socketPath)
        try subscriber.call("events.subscribe")
        _ = try Self.lastSeq(of: subscriber, after: 0)
        try subscriber.send(bytes: Array(#"{"jsonrpc":"2.0","id":9,"meth"#.utf8))

        #expect(try harness.restart(with: SIGKILL) == .signaled(SIGKILL))
        for presenter in presenters {
            let event = try presenter.client.waitForEvent("daemon.restarted")
            #expect(event["params"]?["resync"] == .bool(true))
            #expect(event["params"]?["seq"]?.int == 1, "seq starts over after a crash: \(event.jsonText)")
            let attached = try presenter.client.call("window.attach", #"{"id":"\#(presenter.id)"}"#)
            #expect(attached["storage"]?["panel"] != nil, "scene storage survives the crash")
        }
        let restarted = try subscriber.waitForEvent("daemon.restarted")
        #expect(restarted["params"]?["resync"] == .bool(true))
        // The rest of a half-received line is discarded with a parse error, never misread. (If the
        // killed daemon had not read the first half yet, the whole line is still in the socket
        // and is answered as the request it is.)
        try subscriber.send(line: #"od":"window.list"}"#)
        guard let reply = try subscriber.readMessage() else { throw TestFailure("the subscriber was closed") }
        if reply["id"]?.int == 9 {
            #expect(reply["result"]?["windows"]?.array?.count == 20, "\(reply.jsonText)")
        } else {
            #expect(reply["error"]?["code"]?.int == -32700, "\(reply.jsonText)")
        }
        #expect(try subscriber.call("app.state")["state"] != nil, "the connection is usable after the parse error")
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        #expect(windows.filter { $0["attached"] == .bool(true) }.count == 20)
    }

    @Test("a graceful restart keeps where each presenter is: its place comes through the hand-off")
    func placeComesThrough() throws {
        let daemon = try DaemonProcess.start()
        let presenter = try daemon.client()
        let place = #"{"kind":"tmux","socket":"/tmp/tmux-0/default","pane":"%3","session":"$1","window":"@2"}"#
        let attached = try presenter.call("window.attach", #"{"group":"detail","value":1,"place":\#(place)}"#)
        let id = try #require(attached["window"]?["id"]?.string)
        #expect(attached["window"]?["place"]?["pane"]?.string == "%3", "\(attached.jsonText)")
        daemon.process.signal(SIGUSR2)
        _ = try presenter.waitForEvent("daemon.restarted")
        let window = try #require(presenter.call("window.list")["windows"]?.array?.first { $0["id"]?.string == id })
        #expect(window["attached"] == .bool(true))
        #expect(
            window["place"]?["kind"]?.string == "tmux" && window["place"]?["pane"]?.string == "%3"
                && window["place"]?["socket"]?.string == "/tmp/tmux-0/default",
            "\(window.jsonText)"
        )
    }

    @Test(
        "a presenter stopped (SIGSTOP) before an upgrade in place is still stopped after it: window.open says stopped, until it runs again"
    )
    func stoppedComesThrough() throws {
        let daemon = try DaemonProcess.start()
        let presenter = try WinctlSession(
            ["attach", "--no-tty", "detail", "1"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach.err")
        )
        defer {
            presenter.process.signal(SIGCONT)
            presenter.stop()
        }
        _ = try presenter.readJSON()
        presenter.process.signal(SIGSTOP)
        let opener = try daemon.client()
        // An opener that decodes the outcome `stopped` (windowd-protocol(7), window.open).
        let open = #"{"group":"detail","value":1,"outcomes":["stopped"]}"#
        try waitUntil("the presenter to be stopped") {
            try opener.call("window.open", open)["outcome"]?.string == "stopped"
        }
        daemon.process.signal(SIGUSR2)
        try waitUntil("the new binary to log") { daemon.log.contains("resumed after a graceful restart") }
        let opened = try opener.call("window.open", open)
        #expect(opened["outcome"]?.string == "stopped", "\(opened.jsonText)")
        #expect(opened["window"]?["pid"]?.int == Int64(presenter.process.pid), "\(opened.jsonText)")

        // `fg`: it runs again, and the next open brings it to front.
        presenter.process.signal(SIGCONT)
        try waitUntil("the presenter to run again") {
            try opener.call("window.open", open)["outcome"]?.string == "focused"
        }
    }

    @Test("SIGUSR2 upgrades in place: same pid, clients stay attached, seq goes on")
    func upgradeInPlace() throws {
        let daemon = try DaemonProcess.start()
        let presenter = try daemon.client()
        let id = try #require(
            presenter.call("window.attach", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )
        let watcher = try daemon.client()
        let start = try #require(watcher.call("events.subscribe")["seq"]?.int)
        let before = try Self.lastSeq(of: watcher, after: start)
        daemon.process.signal(SIGUSR2)
        let restarted = try watcher.waitForEvent("daemon.restarted")
        #expect(restarted["params"]?["seq"]?.int == before + 1 && restarted["params"]?["resync"] == .bool(false))
        #expect(daemon.process.poll() == nil, "the same process goes on")
        try waitUntil("the new binary to log") { daemon.log.contains("resumed after a graceful restart") }
        let window = try #require(watcher.call("window.list")["windows"]?.array?.first)
        #expect(window["id"]?.string == id && window["attached"] == .bool(true))
        _ = try presenter.waitForEvent("daemon.restarted")
        #expect(
            try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"inactive"}"#)["window"]?["phase"]?.string
                == "inactive"
        )
        let phase = try watcher.waitForEvent("scene.phase")
        #expect(phase["params"]?["seq"]?.int ?? 0 > before + 1)
    }
}
