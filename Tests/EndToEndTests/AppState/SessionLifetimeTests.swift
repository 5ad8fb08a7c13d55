import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A session ends when its time passes, while the
/// daemon runs and across a restart, and nothing of its user's reaches the next user.
@Suite("Session lifetime", .serialized, .timeLimit(.minutes(2)))
struct SessionLifetimeTests {
    static let order = "7d8e3a4c-4f1e-4c1e-9f3b-1a2b3c4d5e6f"

    /// `winctl ARGUMENTS` against `socket`, which must succeed; its `--json` output.
    @discardableResult
    static func winctl(_ arguments: [String], socket: String) throws -> JSONValue {
        let run = try Winctl.run(arguments, socket: socket, json: true)
        guard run.status == 0 else { throw TestFailure("\(run)") }
        return try run.json()
    }

    /// alice signs in, opens an order, keeps a card in its storage, and the daemon stops
    /// (SIGTERM); returns the order window's id and when alice signed in.
    static func aliceLeavesAnOrder(
        in directory: TemporaryDirectory,
        config: String
    ) throws -> (id: String, signedIn: ContinuousClock.Instant) {
        let first = try CrashRestoreTests.restart(in: directory, config: config, name: "first")
        try first.waitForAppState("unauthenticated")
        let signedIn = ContinuousClock.now
        try winctl(["login", "alice"], socket: first.socketPath)
        let opened = try winctl(["open", "orders", order], socket: first.socketPath)
        let id = try #require(opened["window"]?["id"]?.string, "\(opened.jsonText)")
        try winctl(["storage", "set", id, "card", #""4111-1111""#], socket: first.socketPath)
        #expect(first.stop() == .exited(0))
        return (id, signedIn)
    }

    /// bob signs in on `daemon` and opens the same order: a new window, with nothing in it.
    static func bobGetsAFreshOrder(on daemon: DaemonProcess, not aliceWindow: String) throws {
        try winctl(["login", "bob"], socket: daemon.socketPath)
        let opened = try winctl(["open", "orders", order], socket: daemon.socketPath)
        #expect(opened["created"] == .bool(true), "\(opened.jsonText)")
        let id = try #require(opened["window"]?["id"]?.string)
        #expect(id != aliceWindow)
        let storage = try winctl(["storage", "get", id], socket: daemon.socketPath)
        #expect(storage["storage"] == .object([:]), "alice's card must not reach bob: \(storage.jsonText)")
    }

    @Test("restart past the TTL: alice's requires_auth window and its storage are gone before anyone can see them")
    func expiredAcrossRestart() throws {
        let directory = try TemporaryDirectory()
        let config = TestConfig.text(app: ["session_ttl_seconds = 2"])
        let (id, signedIn) = try Self.aliceLeavesAnOrder(in: directory, config: config)
        let pastTTL = signedIn + .milliseconds(2_300)
        let remaining = pastTTL - ContinuousClock.now
        if remaining > .zero { usleep(UInt32(remaining / .microseconds(1))) }

        let second = try DaemonProcess(in: directory, config: config, name: "second")
        defer { second.stop() }
        try second.waitUntilServing()
        // The first thing anyone can ask, still during loading or not: the window is not there.
        let probe = try second.client()
        let listed = try #require(probe.call("window.list")["windows"]?.array)
        #expect(!listed.contains { $0["id"]?.string == id }, "listed at start: \(listed.map(\.jsonText))")
        #expect(try probe.request("storage.get", #"{"id":"\#(id)"}"#).reason == "unknown_window")
        try second.waitForAppState("unauthenticated")
        #expect(second.log.contains("dropped a stored window") && second.log.contains(id))
        try Self.bobGetsAFreshOrder(on: second, not: id)
    }

    @Test("restart with validate_command exiting 1: alice's requires_auth window and its storage are closed")
    func rejectedAcrossRestart() throws {
        let directory = try TemporaryDirectory()
        let (id, _) = try Self.aliceLeavesAnOrder(in: directory, config: TestConfig.text())
        let config = TestConfig.text(app: [#"validate_command = ["/bin/sh", "-c", "exit 1"]"#])
        let second = try CrashRestoreTests.restart(in: directory, config: config, name: "second")
        defer { second.stop() }
        try second.waitForAppState("unauthenticated")
        let probe = try second.client()
        let listed = try #require(probe.call("window.list")["windows"]?.array)
        #expect(!listed.contains { $0["id"]?.string == id }, "\(listed.map(\.jsonText))")
        try Self.bobGetsAFreshOrder(on: second, not: id)

        // Gone from the store too: a third start with a valid session finds nothing of alice's.
        second.stop()
        let third = try CrashRestoreTests.restart(in: directory, name: "third")
        defer { third.stop() }
        try third.waitForAppState("authenticated")
        let windows = try #require(third.client().call("window.list")["windows"]?.array)
        #expect(!windows.contains { $0["id"]?.string == id })
    }

    @Test("the session expires while the daemon runs, with nothing else happening")
    func expiresWhileRunning() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(app: ["session_ttl_seconds = 1"]))
        defer { daemon.stop() }
        let subscriber = try daemon.client()
        try subscriber.call("events.subscribe", #"{"types":["app.state","window.closed"]}"#)
        let signedIn = ContinuousClock.now
        try Self.winctl(["login", "alice"], socket: daemon.socketPath)
        let id = try #require(
            try Self.winctl(["open", "orders", Self.order], socket: daemon.socketPath)["window"]?["id"]?.string
        )

        // No request in between: only the daemon's own timer can end the session.
        var events: [JSONValue] = []
        while !events.contains(where: { $0["params"]?["state"]?["error"]?.string == "sessionExpired" }) {
            events.append(try subscriber.nextEvent(timeout: .seconds(5)))
        }
        let expiredAfter = ContinuousClock.now - signedIn
        print("session_ttl_seconds = 1: error(sessionExpired) announced \(expiredAfter) after the sign-in")
        #expect(expiredAfter >= .milliseconds(950) && expiredAfter < .seconds(3), "\(expiredAfter)")
        // As a sign-out: the window that needs a user is closed right after.
        let closed = try subscriber.nextEvent(timeout: .seconds(2))
        #expect(
            closed["method"]?.string == "window.closed" && closed["params"]?["window"]?["id"]?.string == id,
            "\(closed.jsonText)"
        )
        let refused = try Winctl.run(["open", "orders", Self.order], socket: daemon.socketPath)
        #expect(refused.status != 0 && refused.stderr.contains("sign"), "\(refused)")
        #expect(try daemon.client().call("app.state")["state"]?["error"]?.string == "sessionExpired")
    }
}
