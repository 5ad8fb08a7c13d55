import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// windowd-protocol(7), "Limits": a subscriber pays for its own slowness. One that never reads,
/// one that is stopped and one that reads in pulses never hold another client's reply; past the
/// outbound limits they are disconnected. And what one request queues stays in proportion to it.
@Suite("Slow subscribers", .serialized, .timeLimit(.minutes(3)))
struct SlowSubscriberTests {
    /// Small limits, so that the subscribers pass them in a few seconds.
    static let config = TestConfig.text(daemon: [
        "outbound_soft_bytes = 65536", "outbound_soft_seconds = 1", "outbound_hard_bytes = 524288",
    ])

    @Test(
        "beside a subscriber that never reads, one that is stopped and one that reads in pulses, an ordinary client's requests take under 100 ms each; the first two are disconnected past the limits"
    )
    func noClientWaitsOnAnother() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let directory = try TemporaryDirectory()

        let neverReads = try daemon.client()
        #expect(try neverReads.call("events.subscribe")["seq"]?.int == 0)
        let stopped = try WinctlSession(
            ["watch"],
            socket: daemon.socketPath,
            json: true,
            stderr: directory.path + "/watch.err"
        )
        let pulsing = try daemon.client()
        #expect(try pulsing.call("events.subscribe")["seq"]?.int == 0)
        let ordinary = try daemon.client()
        try waitUntil("the four clients to be connected") { try ordinary.call("daemon.status")["clients"]?.int == 4 }
        // Until winctl watch has subscribed, an open is not seen: open new values until one is.
        var seen: String?
        let deadline = Deadline(.seconds(15))
        var attempt = 0
        while seen == nil {
            attempt += 1
            try ordinary.call("window.open", #"{"group":"notes","value":"first-\#(attempt)"}"#)
            do {
                seen = try stopped.readLine(timeout: .milliseconds(300))
            } catch is TestFailure where !deadline.hasPassed {
                // Not subscribed yet: open the next value.
            }
        }
        #expect(seen?.contains("first-") == true, "winctl watch subscribed")
        stopped.process.signal(SIGSTOP)
        defer { stopped.process.signal(SIGCONT) }

        let pulses = PulsingReader(client: pulsing)
        let pulseThread = Thread { pulses.run() }
        pulseThread.start()
        defer { pulses.stop() }

        // About 4 s of requests, each opening a window with a 500-byte value: an event of some
        // 700 bytes for every subscriber.
        let padding = String(repeating: "p", count: 500)
        var latencies: [Duration] = []
        let end = ContinuousClock.now + .seconds(4)
        var index = 0
        while ContinuousClock.now < end {
            let started = ContinuousClock.now
            let reply = try ordinary.rawCall(
                "window.open",
                #"{"group":"notes","value":"\#(index)-\#(padding)"}"#,
                id: Int64(index)
            )
            latencies.append(ContinuousClock.now - started)
            #expect(reply.result?["created"]?.bool == true)
            index += 1
        }
        pulses.stop()
        latencies.sort()
        let p50 = latencies[latencies.count / 2]
        let p99 = latencies[latencies.count * 99 / 100]
        let maximum = latencies.last ?? .zero
        print("slow subscribers: \(latencies.count) requests, p50 \(p50), p99 \(p99), max \(maximum)")
        #expect(
            maximum < TestTiming.scaled(.milliseconds(100)),
            "no request waited for a subscriber (p50 \(p50), p99 \(p99), max \(maximum))"
        )

        let received = try neverReads.readUntilClosed(timeout: .seconds(20))
        #expect(received.count < index * 700, "the subscriber that never reads was disconnected")
        try waitUntil("the stopped subscriber to be disconnected") {
            try ordinary.call("daemon.status")["clients"]?.int ?? 0 <= 2
        }
        let disconnects = daemon.log.components(separatedBy: "does not read its events").count - 1
        #expect(disconnects >= 2, "one line for each disconnect:\n\(daemon.log.suffix(1_500))")
        #expect(daemon.log.contains("outbound_hard_bytes") || daemon.log.contains("outbound_soft_seconds"))
        print("slow subscribers: the pulsing one \(pulses.outcome)")
    }

    @Test(
        "a 60,000-byte value, a client pipelining window.focus of it and a subscriber that never reads: the daemon's peak memory stays within its state plus max_clients × (max_message_bytes + outbound_hard_bytes)"
    )
    func memoryIsBounded() throws {
        let maxClients = 8
        let maxMessage = 65_536
        let hard = 262_144
        let daemon = try DaemonProcess.start(
            config: TestConfig.text(daemon: [
                "max_clients = \(maxClients)", "max_message_bytes = \(maxMessage)",
                "outbound_soft_bytes = 65536", "outbound_hard_bytes = \(hard)",
            ])
        )
        defer { daemon.stop() }
        let focuser = try daemon.client()
        let value = String(repeating: "v", count: 60_000)
        let id =
            try focuser.call("window.open", #"{"group":"notes","value":"\#(value)"}"#)["window"]?["id"]?.string ?? ""
        let subscriber = try daemon.client()
        #expect(try subscriber.call("events.subscribe", #"{"types":["window.focus"]}"#)["seq"]?.int == 0)
        let state = try Self.memoryKiB(of: daemon.pid, "VmRSS")

        let lines = (0..<1_500).map { index in
            RawClient.requestLine(id: Int64(index), method: "window.focus", params: #"{"id":"\#(id)"}"#)
        }
        let replies = try focuser.pipeline(lines, inFlight: 1_500, chunk: 500)
        #expect(replies.count == lines.count, "every reply came, whole")
        #expect(replies.allSatisfy { $0.count > 60_000 }, "a reply carries the value")

        let peak = try Self.memoryKiB(of: daemon.pid, "VmHWM")
        let bound = state + maxClients * (maxMessage + hard) / 1_024
        print("memory: state \(state) KiB, peak \(peak) KiB, bound \(bound) KiB")
        #expect(peak <= bound, "peak RSS \(peak) KiB within state \(state) KiB + the clients' bound")
    }

    /// `field` (`VmRSS`, `VmHWM`) of `/proc/PID/status`, in KiB.
    static func memoryKiB(of pid: pid_t, _ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw TestFailure("no \(field) in /proc/\(pid)/status") }
        return kib
    }
}

/// A subscriber that reads in pulses: 0.9 s of nothing, then everything there is, again and again.
private final class PulsingReader: @unchecked Sendable {
    private let client: RawClient
    private let lock = NSLock()
    private var stopped = false
    private var seqs: [Int64] = []
    private var closed = false

    init(client: RawClient) { self.client = client }

    func run() {
        while !isStopped {
            usleep(900_000)
            do {
                while let line = try client.readRawLineIfReady() {
                    let seq = try RawJSON.parse(line).seq ?? -1
                    lock.withLock { seqs.append(seq) }
                }
                if client.isClosedByDaemon {
                    lock.withLock { closed = true }
                    return
                }
            } catch {
                lock.withLock { closed = true }
                return
            }
        }
    }

    func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// What became of it: disconnected, or how many events it read and whether without a gap.
    var outcome: String {
        lock.withLock {
            let gapFree = seqs == (0..<seqs.count).map { Int64($0) + 1 }
            return "\(closed ? "was disconnected" : "stayed") after \(seqs.count) events (gap-free: \(gapFree))"
        }
    }
}
