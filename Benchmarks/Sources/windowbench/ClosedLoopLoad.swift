#if canImport(Glibc)
import Glibc
#endif

/// A closed-loop load generator: `connections` sockets, each keeping `depth` requests in
/// flight, all driven from one thread by epoll. Replies come back in order on a connection,
/// so each reply's latency is measured from the send time of the oldest request in flight.
///
/// Nothing in the loop allocates per request or touches Foundation: requests are pre-encoded
/// (``RequestBytes``), replies are counted by their framing, never decoded.
struct ClosedLoopLoad {
    /// Connections.
    var connections: Int
    /// Requests in flight per connection.
    var depth: Int
    /// How replies are delimited.
    var framing: ReplyFraming
    /// Time before measuring starts, in milliseconds.
    var warmupMilliseconds = 300
    /// Time measured, in milliseconds.
    var measureMilliseconds = 1500
    /// Stop sending after this many requests in all (then measuring runs until they are answered).
    var requestLimit: Int?
    /// A reply containing this is counted as an error (windowd: `"error":{`).
    var errorMarker: [UInt8] = Array(#""error":{"#.utf8)

    /// What one run measured.
    struct Outcome {
        /// Replies per second in the measured window.
        var requestsPerSecond: Double
        /// Latency of the requests sent in the measured window.
        var latency: LatencySummary
        /// Replies that carried an error.
        var errors: Int
        /// Replies received in all.
        var completed: Int
    }

    private final class Lane {
        let fd: Int32
        var sentAt: [UInt64]
        var head = 0
        var inFlight = 0
        var partial = 0
        init(fd: Int32, depth: Int) {
            self.fd = fd
            sentAt = Array(repeating: 0, count: depth)
        }
    }

    /// Connects to `path` and runs; `request` makes each request's bytes.
    func run(path: String, request: inout RequestBytes) throws(BenchError) -> Outcome {
        let lanes = try (0..<connections).map { _ throws(BenchError) in
            Lane(fd: try UnixSocket.connect(path), depth: depth)
        }
        defer { lanes.forEach { close($0.fd) } }
        let poller = try Poller(capacity: max(64, connections))
        for (index, lane) in lanes.enumerated() { try poller.add(lane.fd, token: index) }

        var samples = LatencySamples(capacity: 1 << 20)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(depth * 256)
        var input = [UInt8](repeating: 0, count: 1 << 18)
        var sent = 0
        var completed = 0
        var measured = 0
        var errors = 0
        let limit = requestLimit ?? Int.max

        let start = MonotonicClock.now()
        let measureFrom = start + UInt64(warmupMilliseconds) * 1_000_000
        let measureUntil = measureFrom + UInt64(measureMilliseconds) * 1_000_000
        let giveUpAt = measureUntil + 10_000_000_000
        var lastReply = start

        func send(_ count: Int, on lane: Lane) throws(BenchError) {
            let count = min(count, limit - sent)
            guard count > 0 else { return }
            scratch.removeAll(keepingCapacity: true)
            for _ in 0..<count { request.append(to: &scratch) }
            let now = MonotonicClock.now()
            for _ in 0..<count {
                lane.sentAt[(lane.head + lane.inFlight) % depth] = now
                lane.inFlight += 1
            }
            sent += count
            try UnixSocket.writeAll(lane.fd, scratch)
        }

        for lane in lanes { try send(depth, on: lane) }
        while true {
            try poller.wait(timeoutMilliseconds: 50) { (token: Int) throws(BenchError) in
                let lane = lanes[token]
                let count = input.withUnsafeMutableBytes {
                    recv(lane.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                if count < 0 {
                    if errno == EAGAIN || errno == EINTR { return }
                    throw .system("recv", errno)
                }
                guard count > 0 else { throw .failed("the server closed a connection after \(completed) replies") }
                let now = MonotonicClock.now()
                var replies = 0
                input.withUnsafeBytes { raw in
                    replies = framing.replies(
                        in: UnsafeRawBufferPointer(rebasing: raw[0..<count]),
                        carry: &lane.partial
                    )
                    if case .lines = framing, Self.contains(errorMarker, in: raw, count: count) { errors += 1 }
                }
                for _ in 0..<replies {
                    guard lane.inFlight > 0 else { break }
                    let sentAt = lane.sentAt[lane.head]
                    lane.head = (lane.head + 1) % depth
                    lane.inFlight -= 1
                    if sentAt >= measureFrom && sentAt < measureUntil { samples.record(now - sentAt) }
                    if now >= measureFrom && now < measureUntil { measured += 1 }
                }
                completed += replies
                lastReply = now
                if now < measureUntil { try send(depth - lane.inFlight, on: lane) }
            }
            let now = MonotonicClock.now()
            let outstanding = lanes.reduce(0) { $0 + $1.inFlight }
            if outstanding == 0 && (now >= measureUntil || sent >= limit) { break }
            if now >= giveUpAt { throw .failed("\(outstanding) requests still unanswered 10 s after the run") }
        }
        let window = Double(min(measureUntil, lastReply) - min(measureFrom, lastReply))
        let rate =
            requestLimit != nil && sent >= limit
            ? Double(completed) / (Double(lastReply - start) / 1e9)
            : Double(measured) / max(window / 1e9, 1e-9)
        return Outcome(requestsPerSecond: rate, latency: samples.summary(), errors: errors, completed: completed)
    }

    /// Whether `marker` occurs in the first `count` bytes of `raw` (a reply whose marker is
    /// split across two reads is missed: the count is a sanity check, not a measurement).
    private static func contains(_ marker: [UInt8], in raw: UnsafeRawBufferPointer, count: Int) -> Bool {
        guard let first = marker.first, count >= marker.count else { return false }
        var index = 0
        while index <= count - marker.count {
            if raw[index] == first {
                var offset = 1
                while offset < marker.count && raw[index + offset] == marker[offset] { offset += 1 }
                if offset == marker.count { return true }
            }
            index += 1
        }
        return false
    }
}
