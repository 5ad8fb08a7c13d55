import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// SIGUSR2 upgrades in place hand over exactly what the next binary needs:
/// no descriptor of the old process survives the exec, so the count stays flat and a carried
/// connection that the new process closes really ends for its client.
@Suite("Upgrade in place: descriptors and closes")
struct UpgradeDescriptorTests {
    /// Upgrades `daemon` in place and waits until the new binary serves `watcher`, a client connected across it.
    static func upgrade(_ daemon: DaemonProcess, watcher: RawClient) throws {
        daemon.process.signal(SIGUSR2)
        _ = try watcher.waitForEvent("daemon.restarted")
        _ = try watcher.call("app.state")
        #expect(daemon.process.poll() == nil, "the same process goes on")
    }

    @Test(
        "ten SIGUSR2 upgrades with a presenter and a subscriber connected: the descriptor count stays flat, one epoll, no socket held twice"
    )
    func descriptorsStayFlat() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let presenter = try daemon.client()
        _ = try presenter.call("window.attach", #"{"group":"detail","value":1}"#)
        let watcher = try daemon.client()
        _ = try watcher.call("events.subscribe")
        try waitUntil("the start-up probe to close") { try watcher.call("daemon.status")["clients"]?.int == 2 }
        // The first upgrade sheds what the daemon inherited from its parent (a test runner leaks
        // its own descriptors into the processes it spawns); from then on nothing may grow.
        try Self.upgrade(daemon, watcher: watcher)
        _ = try presenter.waitForEvent("daemon.restarted")
        let before = OpenDescriptors(of: daemon.pid)
        var counts = [before.count]
        for _ in 1...10 {
            try Self.upgrade(daemon, watcher: watcher)
            _ = try presenter.waitForEvent("daemon.restarted")
            let now = OpenDescriptors(of: daemon.pid)
            counts.append(now.count)
            #expect(
                now.count(of: "anon_inode:[eventpoll]") == before.count(of: "anon_inode:[eventpoll]"),
                "epoll descriptors: \(now)"
            )
            #expect(now.duplicatedSockets.isEmpty, "sockets held twice: \(now.duplicatedSockets) in \(now)")
        }
        print("UpgradeDescriptorTests: open descriptors across ten upgrades: \(counts)")
        #expect(
            Set(counts).count == 1,
            "descriptors before and after each upgrade: \(counts); at the end: \(OpenDescriptors(of: daemon.pid)); at the start: \(before)"
        )
        let attached = try watcher.call("window.list")["windows"]?.array?.first?["attached"]
        #expect(attached == .bool(true), "the presenter is still attached")
    }

    @Test(
        "a connection carried across an upgrade that sends a line over max_message_bytes gets limit_exceeded and reads on; closed by its client, it is no longer held"
    )
    func oversizeLineAfterUpgrade() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call("app.state")
        try Self.upgrade(daemon, watcher: client)
        try client.send(line: String(repeating: "x", count: 70_000))
        let refusal = try client.readMessage()
        #expect(refusal?["error"]?["data"]?["reason"]?.string == "limit_exceeded", "\(String(describing: refusal))")
        _ = try client.call("app.state")
        client.close()
        let probe = try daemon.client()
        try waitUntil("the daemon to forget the closed client") { try probe.call("daemon.status")["clients"]?.int == 1 }
        #expect(OpenDescriptors(of: daemon.pid).duplicatedSockets.isEmpty)
    }

    @Test("a subscriber carried across an upgrade that stops reading is disconnected: it sees EOF")
    func nonReadingSubscriberAfterUpgradeCloses() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(daemon: ["outbound_hard_bytes = 65536"]))
        defer { daemon.stop() }
        let slow = try daemon.client()
        _ = try slow.call("events.subscribe")
        try Self.upgrade(daemon, watcher: slow)

        let writer = try daemon.client()
        let padding = String(repeating: "p", count: 400)
        var disconnected = false
        for batch in 0..<40 where !disconnected {
            let lines = (0..<500).map { index in
                RawClient.requestLine(
                    id: Int64(batch * 500 + index),
                    method: "window.open",
                    params: #"{"group":"notes","value":"\#(batch)-\#(index)-\#(padding)"}"#
                )
            }
            _ = try writer.pipeline(lines, inFlight: 100)
            disconnected = try writer.call("daemon.status")["clients"]?.int == 1
        }
        #expect(disconnected, "the subscriber that never reads was still counted")
        _ = try slow.readUntilClosed(timeout: .seconds(10))
        #expect(daemon.log.contains("does not read"), "the disconnect is logged")
    }
}
