#if canImport(Glibc)
import Glibc
#endif

/// Measures fan-out: one trigger request, then the time until the LAST of many subscriber
/// connections has received the whole message it caused. All subscribers are read with
/// epoll in this one thread; the same method serves windowd and redis.
struct FanOutProbe {
    /// The subscribed connections, already acknowledged.
    var subscribers: [Int32]
    /// How one message to a subscriber is delimited.
    var messageFraming: ReplyFraming
    /// The connection the trigger is written to.
    var trigger: Int32
    /// How the trigger's own reply is delimited.
    var triggerFraming: ReplyFraming
    /// Other connections that receive something each round and must be drained (a presenter).
    var drained: [Int32] = []
    /// Measured rounds, after `warmupRounds`.
    var rounds = 200
    /// Rounds before measuring.
    var warmupRounds = 10
    /// A round that takes longer than this fails the run.
    var roundTimeoutMilliseconds = 5000

    /// Runs the rounds; `request(round)` gives the bytes of each round's trigger.
    func run(request: (Int) -> [UInt8]) throws(BenchError) -> LatencySummary {
        let poller = try Poller(capacity: subscribers.count + drained.count + 1)
        for (index, fd) in subscribers.enumerated() { try poller.add(fd, token: index) }
        let triggerToken = subscribers.count
        try poller.add(trigger, token: triggerToken)
        for (index, fd) in drained.enumerated() { try poller.add(fd, token: triggerToken + 1 + index) }

        // Replies completed this round, and bytes of one not yet complete, per connection.
        var progress = [Int](repeating: 0, count: subscribers.count + 1)
        var carry = progress
        var input = [UInt8](repeating: 0, count: 1 << 16)
        var samples = LatencySamples(capacity: rounds)
        for round in 0..<(warmupRounds + rounds) {
            for index in progress.indices {
                progress[index] = 0
                carry[index] = 0
            }
            var waiting = subscribers.count
            var replied = false
            var lastArrival: UInt64 = 0
            let bytes = request(round)
            let sentAt = MonotonicClock.now()
            try UnixSocket.writeAll(trigger, bytes)
            let deadline = sentAt + UInt64(roundTimeoutMilliseconds) * 1_000_000
            while waiting > 0 || !replied {
                try poller.wait(timeoutMilliseconds: 100) { (token: Int) throws(BenchError) in
                    let fd =
                        token < subscribers.count
                        ? subscribers[token] : token == triggerToken ? trigger : drained[token - triggerToken - 1]
                    let count = input.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if count < 0 {
                        if errno == EAGAIN || errno == EINTR { return }
                        throw .system("recv", errno)
                    }
                    guard count > 0 else { throw .failed("the server closed a connection during fan-out") }
                    guard token <= triggerToken else { return }
                    let framing = token == triggerToken ? triggerFraming : messageFraming
                    let before = progress[token]
                    progress[token] += input.withUnsafeBytes {
                        framing.replies(in: UnsafeRawBufferPointer(rebasing: $0[0..<count]), carry: &carry[token])
                    }
                    guard before == 0, progress[token] > 0 else { return }
                    if token == triggerToken {
                        replied = true
                    } else {
                        waiting -= 1
                        if waiting == 0 { lastArrival = MonotonicClock.now() }
                    }
                }
                if MonotonicClock.now() > deadline {
                    throw .failed(
                        "fan-out round \(round): \(waiting) of \(subscribers.count) subscribers got nothing within \(roundTimeoutMilliseconds) ms"
                    )
                }
            }
            if round >= warmupRounds { samples.record(lastArrival - sentAt) }
        }
        return samples.summary()
    }

    /// Sends `bytes(index)` on every connection and waits until each has one whole reply.
    static func awaitReplies(
        _ fds: [Int32],
        sending bytes: (Int) -> [UInt8],
        framing: ReplyFraming,
        timeoutMilliseconds: Int = 30_000
    ) throws(BenchError) {
        let poller = try Poller(capacity: fds.count)
        for (index, fd) in fds.enumerated() {
            try poller.add(fd, token: index)
            try UnixSocket.writeAll(fd, bytes(index))
        }
        var progress = [Int](repeating: 0, count: fds.count)
        var carry = progress
        var waiting = fds.count
        var input = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while waiting > 0 {
            try poller.wait(timeoutMilliseconds: 100) { (token: Int) throws(BenchError) in
                let count = input.withUnsafeMutableBytes {
                    recv(fds[token], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                guard count > 0 else {
                    if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
                    throw .failed("the server closed a connection (or failed: \(count)) while subscribing")
                }
                let before = progress[token]
                progress[token] += input.withUnsafeBytes {
                    framing.replies(in: UnsafeRawBufferPointer(rebasing: $0[0..<count]), carry: &carry[token])
                }
                if before == 0 && progress[token] > 0 { waiting -= 1 }
            }
            if MonotonicClock.now() > deadline {
                throw .failed("\(waiting) of \(fds.count) connections got no reply within \(timeoutMilliseconds) ms")
            }
        }
    }
}
