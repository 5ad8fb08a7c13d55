import TestSupport
import Testing

/// `daemon.reload` may be asked for as often as a client likes; reloading files that did not
/// change must not grow the daemon.
@Suite("Reload memory", .timeLimit(.minutes(2)))
struct ReloadMemoryTests {
    @Test("5,000 reloads of an unchanged config, 100 at a time: the daemon's resident memory grows by less than 4 MiB")
    func reloadsOfAnUnchangedConfig() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text())
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call("daemon.reload", "{}")
        let before = try SlowSubscriberTests.memoryKiB(of: daemon.pid, "VmRSS")
        var answered = 0
        for _ in 0..<50 {
            let ids = try (0..<100).map { _ in try client.sendRequest("daemon.reload", "{}") }
            answered += try ids.count { try client.response(to: $0).result?["groups"] != nil }
        }
        #expect(answered == 5_000)
        let after = try SlowSubscriberTests.memoryKiB(of: daemon.pid, "VmRSS")
        print("reload memory: \(before) KiB before, \(after) KiB after 5,000 reloads")
        #expect(after - before < 4_096, "resident memory grew from \(before) to \(after) KiB")
    }
}
