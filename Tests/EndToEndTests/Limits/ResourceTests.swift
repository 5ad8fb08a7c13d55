import Foundation
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8), Socket and access: a client that does not read is dropped without slowing anyone, and
/// connections leave nothing behind.
@Suite("Resources", .timeLimit(.minutes(1)))
struct ResourceTests {
    @Test("a subscriber that never reads is disconnected; a busy client gets all 4,000 responses")
    func slowReaderIsDisconnected() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(daemon: ["outbound_hard_bytes = 65536"]))
        defer { daemon.stop() }
        let slow = try daemon.client()
        let subscribed = try slow.call("events.subscribe", #"{"types":["window.opened"]}"#)
        #expect(subscribed["seq"]?.int == 0)

        // 4,000 opens of distinct values, pipelined 200 at a time; each makes a window.opened for `slow`.
        let busy = try daemon.client()
        let total = 4_000
        var answered = 0
        for batchStart in stride(from: 0, to: total, by: 200) {
            let ids = try (batchStart..<min(batchStart + 200, total)).map { value in
                try busy.sendRequest("window.open", #"{"group":"detail","value":\#(value)}"#)
            }
            for id in ids {
                let response = try busy.response(to: id)
                #expect(response.result?["created"]?.bool == true, "\(response.message.jsonText)")
                answered += 1
            }
        }
        #expect(answered == total)

        // The slow one gets what the kernel had buffered, then the end of the stream.
        let received = try slow.readUntilClosed(timeout: .seconds(20))
        let lines = received.split(separator: 0x0A, omittingEmptySubsequences: true)
        #expect(lines.count < total, "the slow subscriber was cut off, not served all \(total) events")
        let whole = received.last == 0x0A ? lines : lines.dropLast()
        let seqs = try whole.map { try JSONValue.parse(Array($0))["params"]?["seq"]?.int ?? 0 }
        #expect(seqs == (0..<seqs.count).map { Int64($0) + 1 }, "what it did get is gap-free from seq 1")

        let status = try busy.call("daemon.status")
        #expect(status["windows"]?.int == Int64(total))
        try waitUntil("the daemon to forget the slow client") {
            try busy.call("daemon.status")["clients"]?.int == 1
        }
        #expect(daemon.log.contains("does not read"), "the disconnect is logged:\n\(daemon.log.suffix(2_000))")
    }

    @Test("1,000 connect, hello, close cycles leak no file descriptor")
    func noDescriptorLeak() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let watcher = try daemon.client()
        try watcher.call("hello", #"{"client":"e2e","protocol":1}"#)
        try waitUntil("the start-up connections to close") { try watcher.call("daemon.status")["clients"]?.int == 1 }
        let before = try Self.descriptorCount(of: daemon.pid)

        for cycle in 0..<1_000 {
            let client = try RawClient(path: daemon.socketPath)
            let hello = try client.call("hello", #"{"client":"cycle-\#(cycle)","protocol":1}"#)
            #expect(hello["pid"]?.int == Int64(daemon.pid))
            client.close()
        }

        var after = 0
        do {
            try waitUntil("the daemon's descriptors to settle back to \(before)", timeout: .seconds(10)) {
                after = try Self.descriptorCount(of: daemon.pid)
                return after == before
            }
        } catch {
            Issue.record("\(error): \(after) open after 1,000 cycles, \(before) before")
        }
        #expect(try watcher.call("daemon.status")["clients"]?.int == 1)
    }

    static func descriptorCount(of pid: pid_t) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }
}
