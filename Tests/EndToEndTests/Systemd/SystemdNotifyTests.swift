import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real windowd, started the way systemd starts a `Type=notify` service, with this
/// test playing the manager: it reads what windowd sends to `NOTIFY_SOCKET`.
@Suite("systemd notify protocol, against the real windowd")
struct SystemdNotifyTests {
    @Test(
        "READY once serving, STATUS on change, RELOADING+MONOTONIC_USEC then READY on SIGHUP, STOPPING and exit 0 on SIGTERM"
    )
    func lifecycleInOrder() throws {
        let daemon = try NotifiedWindowd()
        let (ready, before) = try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        // READY promises a socket that is served: connect and ask at once.
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        #expect(try client.call("hello", #"{"client":"notify-test"}"#)["server"]?.string == "windowd")
        #expect(before.isEmpty, "READY=1 should be the first notification, after: \(before)")
        let readyStatus = try #require(ready["STATUS"], "READY=1 comes with a STATUS= line: '\(ready)'")
        #expect(readyStatus.hasPrefix("0 windows, 0 attached, phase background, "), "STATUS=\(readyStatus)")

        try daemon.waitForAppState("unauthenticated", client: client)
        try client.call("window.open", #"{"group":"main"}"#)
        try daemon.listener.waitFor("a STATUS= naming the opened window", timeout: .seconds(3)) {
            $0["READY"] == nil && $0["STATUS"]?.hasPrefix("1 windows, 0 attached, ") == true
        }

        // A reload re-reads the file: a group added to it can be opened once READY=1 is back.
        try daemon.directory.write(TestConfig.text(extra: "[groups.added]\nvalue = \"none\"\n"), to: "windowd.toml")
        daemon.process.signal(SIGHUP)
        let (reloading, _) = try daemon.listener.waitFor("RELOADING=1 after SIGHUP") { $0["RELOADING"] == "1" }
        let now = monotonicMicroseconds()
        let stamp = try #require(
            reloading["MONOTONIC_USEC"].flatMap { UInt64($0) },
            "RELOADING=1 comes with MONOTONIC_USEC=: '\(reloading)'"
        )
        #expect(stamp <= now && now - stamp < 2_000_000, "MONOTONIC_USEC=\(stamp) is not CLOCK_MONOTONIC now (\(now))")
        let (readyAgain, between) = try daemon.listener.waitFor("READY=1 after the reload") { $0["READY"] == "1" }
        #expect(between.allSatisfy { $0["RELOADING"] == nil }, "one RELOADING=1 per SIGHUP, but also got: \(between)")
        #expect(readyAgain["STATUS"]?.hasPrefix("1 windows, ") == true, "the window survives a reload: '\(readyAgain)'")
        #expect(
            try client.request("window.open", #"{"group":"added"}"#).result != nil,
            "the reloaded config is in force"
        )

        daemon.process.signal(SIGTERM)
        let signalled = ContinuousClock.now
        let (stopping, _) = try daemon.listener.waitFor("STOPPING=1 after SIGTERM") { $0["STOPPING"] == "1" }
        #expect(stopping["READY"] == nil)
        _ = try client.waitForEvent("daemon.stopping")
        let termination = try daemon.process.wait(timeout: TestTiming.scaled(.seconds(1)))
        let took = ContinuousClock.now - signalled
        #expect(termination == .exited(0), "\(termination); log:\n\(daemon.log)")
        #expect(took < TestTiming.scaled(.seconds(1)), "exit took \(took)")
        print("SIGTERM to exit: \(took)")
    }

    @Test("SIGINT stops like SIGTERM: STOPPING=1, exit 0")
    func interruptStops() throws {
        let daemon = try NotifiedWindowd()
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        daemon.process.signal(SIGINT)
        try daemon.listener.waitFor("STOPPING=1 after SIGINT") { $0["STOPPING"] == "1" }
        #expect(try daemon.process.wait(timeout: TestTiming.scaled(.seconds(1))) == .exited(0), "log:\n\(daemon.log)")
    }

    @Test("SIGHUP the moment READY=1 arrives reloads, never kills: the signal is trapped before the services start")
    func hangUpRightAfterReady() throws {
        let daemon = try NotifiedWindowd()
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        daemon.process.signal(SIGHUP)
        try daemon.listener.waitFor("RELOADING=1 after SIGHUP") { $0["RELOADING"] == "1" }
        try daemon.listener.waitFor("READY=1 after the reload") { $0["READY"] == "1" }
        #expect(daemon.process.poll() == nil, "SIGHUP right after READY=1 must not end the daemon; log:\n\(daemon.log)")
    }

    @Test(
        "SIGHUP with a config of 1 MiB: it is read and parsed off the event loop, and a request sent meanwhile is answered before daemon.reloaded"
    )
    func reloadDoesNotStopTheLoop() throws {
        let daemon = try NotifiedWindowd()
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        try daemon.waitForAppState("unauthenticated", client: client)
        // About 10,000 groups: parsing them takes the daemon a good part of a second.
        var text = TestConfig.text()
        var index = 0
        while text.utf8.count < 1_000_000 {
            text +=
                "\n[groups.g\(index)]\nvalue = \"int\"\ncommand = [\"winctl\", \"attach\", \"{id}\", \"--argument-\(index)\"]\n"
            index += 1
        }
        try daemon.directory.write(text, to: "windowd.toml")
        daemon.process.signal(SIGHUP)
        try daemon.listener.waitFor("RELOADING=1 after SIGHUP") { $0["RELOADING"] == "1" }
        let asked = try client.sendRequest("app.state")
        _ = try client.response(to: asked)
        #expect(
            client.bufferedEventCount == 0,
            "the reply came after daemon.reloaded: the loop waited for the config to be read"
        )
        try daemon.listener.waitFor("READY=1 after the reload", timeout: .seconds(30)) { $0["READY"] == "1" }
        _ = try client.waitForEvent("daemon.reloaded")
        #expect(try client.call("daemon.groups")["groups"]?.array?.count == index + 4)
    }

    @Test("SIGHUP with a broken config file: RELOADING, READY again, and the old config stays")
    func brokenReloadKeepsOldConfig() throws {
        let daemon = try NotifiedWindowd(config: TestConfig.text(extra: "[groups.old]\nvalue = \"none\"\n"))
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        try daemon.directory.write("[daemon\nmax_clients = \"many\"\n", to: "windowd.toml")
        daemon.process.signal(SIGHUP)
        try daemon.listener.waitFor("RELOADING=1 after SIGHUP") { $0["RELOADING"] == "1" }
        let (ready, _) = try daemon.listener.waitFor("READY=1 after the refused reload") { $0["READY"] == "1" }
        #expect(ready["STATUS"] != nil)

        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        try daemon.waitForAppState("unauthenticated", client: client)
        #expect(
            try client.request("window.open", #"{"group":"old"}"#).result != nil,
            "the old config's group still opens"
        )
        #expect(daemon.process.poll() == nil, "a broken config must not stop the daemon")
        #expect(daemon.log.contains("reload refused"), "the refusal is logged; log:\n\(daemon.log)")
    }

    @Test("STATUS follows the app state out of `loading` with no client connected")
    func statusLeavesLoading() throws {
        let daemon = try NotifiedWindowd()
        let (ready, _) = try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        let status = try #require(ready["STATUS"], "READY=1 carries a STATUS=: \(ready)")
        guard status.hasSuffix("loading") else {
            // Loading ended before READY=1 went out: its STATUS names the state after it.
            #expect(status.hasSuffix("unauthenticated"), "the STATUS of READY=1: \(status)")
            return
        }
        try daemon.listener.waitFor("a STATUS= after loading (minimum_loading_ms = 0)", timeout: .seconds(2)) {
            $0["STATUS"].map { $0.hasSuffix("unauthenticated") } ?? false
        }
    }

    @Test("STATUS is rate-limited to about 4 a second, and ends on the final state")
    func statusRateLimited() throws {
        let daemon = try NotifiedWindowd()
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        try daemon.waitForAppState("unauthenticated", client: client)

        // Change the window count as fast as requests go, for 1.5 s, reading the notifications
        // between requests so that each is timed when it arrives.
        let burst = Deadline(.milliseconds(1_500))
        var opened = 0
        var arrived: [NotifyListener.Message] = []
        while !burst.hasPassed {
            opened += 1
            try client.call("window.open", #"{"group":"detail","value":\#(opened)}"#)
            while let message = try daemon.listener.next(timeout: .zero) { arrived.append(message) }
        }
        let final: (NotifyListener.Message) -> Bool = { $0["STATUS"]?.hasPrefix("\(opened) windows, ") == true }
        // The final STATUS may already have come in while the last reply was being drained.
        if !arrived.contains(where: final) {
            let (last, earlier) = try daemon.listener.waitFor(
                "STATUS= with all \(opened) windows",
                timeout: .seconds(3),
                matching: final
            )
            arrived += earlier + [last]
        }
        let times = arrived.filter { $0["STATUS"] != nil && $0["READY"] == nil }.map(\.receivedAt)
        // The most in any one second: 4 at one per 250 ms, plus one for where the window falls.
        let busiest =
            times.indices.map { start in times[start...].prefix { $0 - times[start] < .seconds(1) }.count }.max() ?? 0
        #expect(busiest <= 5, "\(busiest) STATUS= in one second while \(opened) windows opened")
        #expect(times.count >= 2, "STATUS= kept coming while things changed: \(times.count)")
    }

    @Test("WATCHDOG_USEC=200000: at least 5 WATCHDOG=1 a second", arguments: [true, false])
    func watchdogPings(watchdogPIDIsChild: Bool) throws {
        let daemon = try NotifiedWindowd(
            environment: ["WATCHDOG_USEC": "200000"],
            watchdogPIDIsChild: watchdogPIDIsChild
        )
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        let (first, _) = try daemon.listener.waitFor("a first WATCHDOG=1") { $0.isWatchdogPing }
        let window = Deadline(.milliseconds(1_100))
        var pings: [ContinuousClock.Instant] = []
        while !window.hasPassed,
            let message = try daemon.listener.next(timeout: .milliseconds(Int64(window.remainingMilliseconds)))
        {
            if message.isWatchdogPing { pings.append(message.receivedAt) }
        }
        let inOneSecond = pings.filter { $0 - first.receivedAt <= .seconds(1) }.count
        #expect(inOneSecond >= 5, "\(inOneSecond) WATCHDOG=1 in the second after the first one")
        print("watchdog (WATCHDOG_PID \(watchdogPIDIsChild ? "= child" : "unset")): \(inOneSecond) WATCHDOG=1 in 1 s")
    }

    @Test("WATCHDOG_PID naming another process: no WATCHDOG=1")
    func watchdogForAnotherProcess() throws {
        let daemon = try NotifiedWindowd(environment: ["WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"])
        try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        let window = Deadline(.milliseconds(400))
        var pings = 0
        while !window.hasPassed,
            let message = try daemon.listener.next(timeout: .milliseconds(Int64(window.remainingMilliseconds)))
        {
            if message.isWatchdogPing { pings += 1 }
        }
        #expect(pings == 0)
    }

    @Test("a config error at start: EXIT_STATUS=78 with a STATUS=, exit status 78, never READY")
    func startFailure() throws {
        let daemon = try NotifiedWindowd(config: "[daemon]\nmax_clients = 0\n")
        let (failure, before) = try daemon.listener.waitFor("EXIT_STATUS=") { $0["EXIT_STATUS"] != nil }
        #expect(failure["EXIT_STATUS"] == "78")
        #expect(failure["STATUS"]?.contains("max_clients") == true, "the STATUS= says what is wrong: '\(failure)'")
        #expect(before.allSatisfy { $0["READY"] == nil })
        #expect(try daemon.process.wait(timeout: .seconds(5)) == .exited(78))
    }
}

/// Now on `CLOCK_MONOTONIC`, in microseconds: the clock `MONOTONIC_USEC=` is read on.
private func monotonicMicroseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
}
