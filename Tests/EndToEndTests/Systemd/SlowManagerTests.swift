import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real windowd under a service manager that stops reading `NOTIFY_SOCKET` (busy or stuck):
/// `sd_notify` would block once the socket's queue is full, and windowd must not block with it.
@Suite("a service manager that does not read NOTIFY_SOCKET, against the real windowd")
struct SlowManagerTests {
    /// How long any one request may take to be answered while the manager does not read.
    private static let prompt = TestTiming.scaled(.seconds(1))

    @Test("serves every request promptly and stops on SIGTERM while nothing is read", arguments: [false, true])
    func servesWhileTheManagerIsAway(fdStore: Bool) throws {
        let daemon = try NotifiedWindowd(environment: fdStore ? ["WINDOWD_FDSTORE": "1"] : [:], busyManager: true)
        #expect(daemon.queuedBeforeStart > 0)
        try daemon.waitUntilServing()
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        var slowest = try timed { try client.call("hello", #"{"client":"slow-manager-test"}"#, timeout: Self.prompt) }
        try daemon.waitForAppState("unauthenticated", client: client)

        // Each connection and each window changes the status line (and, with the fd store,
        // stores and removes a descriptor).
        for _ in 1...200 {
            slowest = max(
                slowest,
                try timed {
                    let other = try RawClient(path: daemon.socketPath)
                    defer { other.close() }
                    try other.call("hello", #"{"client":"churn"}"#, timeout: Self.prompt)
                }
            )
        }
        for value in 1...500 {
            slowest = max(
                slowest,
                try timed {
                    try client.call("window.open", #"{"group":"detail","value":\#(value)}"#, timeout: Self.prompt)
                }
            )
        }
        let count = try client.call("window.list", timeout: Self.prompt)["windows"]?.array?.count
        #expect(count == 500)
        #expect(slowest < Self.prompt, "the slowest request took \(slowest)")

        daemon.process.signal(SIGTERM)
        let signalled = ContinuousClock.now
        let termination = try daemon.process.wait(timeout: TestTiming.scaled(.seconds(2)))
        let took = ContinuousClock.now - signalled
        #expect(termination == .exited(0), "\(termination); log:\n\(daemon.log)")
        #expect(took < TestTiming.scaled(.seconds(2)), "exit took \(took)")
        print("manager away (fd store \(fdStore)): slowest of 701 requests \(slowest), SIGTERM to exit \(took)")
    }

    @Test("once the manager reads again: READY=1, then the latest STATUS, not every stale one")
    func catchesUpWithTheLatestStatus() throws {
        let daemon = try NotifiedWindowd(busyManager: true)
        try daemon.waitUntilServing()
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        try daemon.waitForAppState("unauthenticated", client: client)
        for value in 1...500 {
            try client.call("window.open", #"{"group":"detail","value":\#(value)}"#, timeout: Self.prompt)
        }

        let (latest, before) = try daemon.listener.waitFor("STATUS= with all 500 windows", timeout: .seconds(5)) {
            $0["STATUS"]?.hasPrefix("500 windows, ") == true
        }
        let fillers = before.prefix { $0[NotifyListener.fillerKey] != nil }
        #expect(fillers.count == daemon.queuedBeforeStart, "what the manager had queued comes first")
        let sent = before.dropFirst(fillers.count)
        #expect(
            sent.first?["READY"] == "1",
            "READY=1 is windowd's first notification, before the latest STATUS: \(Array(sent))"
        )
        // READY=1, and at most a STATUS the rate limit had not yet replaced when the sender got to it.
        #expect(sent.count <= 2, "the STATUS updates made while the manager was away are coalesced: \(Array(sent))")
        #expect(latest["READY"] == nil)

        daemon.process.signal(SIGTERM)
        try daemon.listener.waitFor("STOPPING=1 after SIGTERM") { $0["STOPPING"] == "1" }
        #expect(try daemon.process.wait(timeout: TestTiming.scaled(.seconds(1))) == .exited(0), "log:\n\(daemon.log)")
    }

    @Test("WATCHDOG=1 comes from the running loop again once the manager reads, not from a backlog")
    func watchdogResumes() throws {
        let daemon = try NotifiedWindowd(environment: ["WATCHDOG_USEC": "200000"], busyManager: true)
        try daemon.waitUntilServing()
        let client = try RawClient(path: daemon.socketPath)
        defer { client.close() }
        try daemon.waitForAppState("unauthenticated", client: client)
        // About ten ping periods (100 ms) of requests while nothing is read.
        let away = Deadline(.seconds(1))
        var value = 0
        while !away.hasPassed {
            value += 1
            try client.call("window.open", #"{"group":"detail","value":\#(value)}"#, timeout: Self.prompt)
        }

        let (ready, _) = try daemon.listener.waitFor("READY=1") { $0["READY"] == "1" }
        var pings: [ContinuousClock.Instant] = []
        let window = Deadline(.milliseconds(1_100))
        while !window.hasPassed,
            let message = try daemon.listener.next(timeout: .milliseconds(Int64(window.remainingMilliseconds)))
        {
            if message.isWatchdogPing { pings.append(message.receivedAt) }
        }
        // The ten pings asked for while the manager was away wait as one at most; with the
        // loop's next one, at most two arrive within half a period.
        let backlog = pings.prefix { $0 - ready.receivedAt < .milliseconds(50) }.count
        #expect(backlog <= 2, "\(backlog) WATCHDOG=1 right after READY=1")
        let inOneSecond = pings.filter { $0 - ready.receivedAt <= .seconds(1) }.count
        #expect(inOneSecond >= 5, "\(inOneSecond) WATCHDOG=1 in the second after READY=1")
    }
}

/// How long `body` takes.
private func timed(_ body: () throws -> Void) throws -> Duration {
    let started = ContinuousClock.now
    try body()
    return ContinuousClock.now - started
}
