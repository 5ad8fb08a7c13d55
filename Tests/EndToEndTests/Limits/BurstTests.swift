import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// windowd-protocol(7), "Limits": at the default outbound limits, a subscriber that keeps reading
/// is never disconnected because others wrote fast within their limits; a burst from many clients
/// at once reaches it whole, in order, without a gap in `seq`. (That one that stops reading is
/// disconnected is pinned by `LimitTests.nonReadingSubscriberIsDisconnected`,
/// `ResourceTests.slowReaderIsDisconnected` and `SlowSubscriberTests`.)
@Suite("Bursts", .serialized, .timeLimit(.minutes(5)))
struct BurstTests {
    static let writers = 60
    static let opensPerWriter = 600

    @Test(
        "60 clients each send one ~56 KiB batch of 600 new window.open at once; a subscriber that reads gets all 36,000 events, seq without a gap, and stays connected"
    )
    func burstReachesAReadingSubscriber() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let subscriber = try daemon.client()
        #expect(try subscriber.call("events.subscribe", #"{"types":["window.opened"]}"#)["seq"]?.int == 0)

        let outcome = WriterOutcome()
        let socket = daemon.socketPath
        let writing = Thread {
            outcome.record(Self.burst(at: socket))
        }
        writing.start()

        let total = Self.writers * Self.opensPerWriter
        var seqs: [Int64] = []
        seqs.reserveCapacity(total)
        let deadline = Deadline(TestTiming.scaled(.seconds(120)))
        var closed = false
        while seqs.count < total, !deadline.hasPassed {
            let wait = Duration.milliseconds(Int64(max(deadline.remainingMilliseconds, 1)))
            guard let line = try subscriber.readRawLine(timeout: wait, what: "event \(seqs.count + 1) of \(total)")
            else {
                closed = true
                break
            }
            seqs.append(try RawJSON.parse(line).seq ?? -1)
        }
        #expect(!closed, "the subscriber was disconnected after \(seqs.count) events: \(daemon.log.suffix(600))")
        #expect(seqs.count == total, "every event of the burst arrived (\(seqs.count) of \(total))")
        let gap = zip(seqs, 1...).first { $0.0 != Int64($0.1) }
        #expect(gap == nil, "seq runs 1, 2, 3, … without a gap (first break: \(String(describing: gap)))")

        let written = try outcome.wait(timeout: TestTiming.scaled(.seconds(120)))
        #expect(
            written == total,
            "every writer's batch was answered, each open creating a window (\(written) of \(total))"
        )
        #expect(try subscriber.call("daemon.status")["windows"]?.int == Int64(total), "the subscriber is still served")
        #expect(
            !daemon.log.contains("does not read"),
            "no reading client was taken for one that does not read:\n\(daemon.log.suffix(600))"
        )
    }

    /// Connects ``writers`` clients, has each send one batch of ``opensPerWriter`` new values at
    /// once, then reads every reply; returns how many opens created a window.
    static func burst(at socket: String) -> Result<Int, any Error> {
        Result {
            let clients = try (0..<writers).map { _ in try RawClient(path: socket) }
            defer { clients.forEach { $0.close() } }
            let padding = String(repeating: "v", count: 5)
            for (writer, client) in clients.enumerated() {
                let requests = (0..<opensPerWriter).map { index in
                    RawClient.requestLine(
                        id: Int64(index),
                        method: "window.open",
                        params: #"{"group":"notes","value":"w\#(writer)-\#(index)-\#(padding)"}"#
                    )
                }
                let batch = "[" + requests.joined(separator: ",") + "]"
                try send(batch, on: client)
            }
            var created = 0
            for (writer, client) in clients.enumerated() {
                guard
                    let line = try client.readRawLine(
                        timeout: TestTiming.scaled(.seconds(120)),
                        what: "writer \(writer)'s batch reply"
                    )
                else {
                    throw TestFailure("windowd closed writer \(writer)'s connection instead of answering its batch")
                }
                let replies = try RawJSON.parse(line).array ?? []
                created += replies.filter { $0.result?["created"]?.bool == true }.count
            }
            return created
        }
    }

    /// Sends one batch line, which must be a legal message (under `max_message_bytes`) of about 56 KiB.
    private static func send(_ batch: String, on client: RawClient) throws {
        let size = batch.utf8.count
        guard size > 50 * 1_024, size < 65_536 else {
            throw TestFailure("the batch is \(size) bytes, not about 56 KiB")
        }
        try client.send(line: batch)
    }
}

/// The writers' result, handed from their thread to the test's.
private final class WriterOutcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Int, any Error>?

    func record(_ result: Result<Int, any Error>) {
        condition.lock()
        self.result = result
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the writers; throws their error, or if they take longer than `timeout`.
    func wait(timeout: Duration) throws -> Int {
        let end = Date().addingTimeInterval(Double(timeout.components.seconds))
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            guard condition.wait(until: end) else { throw TestFailure("the writers did not finish within \(timeout)") }
        }
        return try result!.get()
    }
}
