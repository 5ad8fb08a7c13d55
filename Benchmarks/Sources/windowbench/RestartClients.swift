import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The clients of the restart figures: presenters that attached a window each (by
/// group and value) and subscribers to every event, each on a plain socket of its own, all
/// read from one `poll(2)` thread.
///
/// Lines are classified, never decoded: an event holds `"method":"`, a reply does not, and an
/// error reply holds `"error":{`.
final class RestartClients {
    /// What a connection is.
    private enum Role {
        /// Presents this window (its id).
        case presenter(window: String)
        case subscriber
    }

    /// What one line was.
    private enum Line {
        /// `daemon.restarted`, with its `resync`.
        case restarted(resync: Bool)
        /// Any other event.
        case event
        /// A reply, and whether it is an error.
        case reply(error: Bool)
    }

    /// What a graceful restart looked like to the clients.
    struct PauseOutcome {
        /// Each client's longest wait for a reply, across the clients.
        var pauses: LatencySummary
        /// The longest wait any client saw, in nanoseconds.
        var longest: UInt64
        /// From the restart's start until every client had its first reply from the new process.
        var everyoneServed: UInt64
        /// Clients told `resync: true` (a graceful restart should tell none).
        var resynced: Int
        /// Error replies.
        var errors: Int
    }

    /// What a crash looked like to the clients.
    struct ReattachOutcome {
        /// Each presenter's time from the crash to its re-attach reply, across the presenters.
        var presenters: LatencySummary
        /// From the crash until the last presenter was re-attached, in nanoseconds.
        var lastPresenter: UInt64
        /// From the crash until the last subscriber had its new snapshot, in nanoseconds.
        var lastSubscriber: UInt64
        /// Clients told `resync: false` (after a crash every one must resync).
        var notResynced: Int
        /// Error replies.
        var errors: Int
    }

    private let roles: [Role]
    private let fds: [Int32]
    /// Each connection's lines received and not yet handled.
    private var lines: [LineBuffer]
    private let poller: Poller
    private var input: [UInt8]

    private static let eventMarker = Array(#""method":""#.utf8)
    private static let restartedMarker = Array(#""method":"daemon.restarted""#.utf8)
    private static let resyncMarker = Array(#""resync":true"#.utf8)
    private static let errorMarker = Array(#""error":{"#.utf8)

    /// Connects `presenters` clients that each `window.attach` one `detail` window (values 0…,
    /// phase `inactive`), then `subscribers` clients that each `events.subscribe` to everything.
    init(path: String, presenters: Int, subscribers: Int) throws(BenchError) {
        var fds: [Int32] = []
        for _ in 0..<(presenters + subscribers) {
            fds.append(try UnixSocket.connect(path))
        }
        let poller = try Poller(capacity: fds.count)
        for (index, fd) in fds.enumerated() { try poller.add(fd, token: index) }
        var lines = [LineBuffer](repeating: LineBuffer(), count: fds.count)
        var input = [UInt8](repeating: 0, count: 1 << 16)
        let attached = try Self.exchange(0..<presenters, of: fds, lines: &lines, poller: poller, input: &input) {
            index in
            Array(
                (#"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"detail","value":"#
                    + String(index) + #","phase":"inactive"}}"# + "\n").utf8
            )
        }
        var roles: [Role] = []
        for reply in attached {
            let text = String(decoding: reply, as: UTF8.self)
            guard
                let window = text.firstRange(of: #""window":{"#).flatMap({
                    TextFile.value(after: #""id":""#, in: String(text[$0.upperBound...]), until: "\"")
                })
            else {
                throw .failed("window.attach did not return a window: \(text.prefix(300))")
            }
            roles.append(.presenter(window: window))
        }
        let subscribed = try Self.exchange(
            presenters..<fds.count,
            of: fds,
            lines: &lines,
            poller: poller,
            input: &input
        ) { _ in
            Array((#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe"}"# + "\n").utf8)
        }
        if let refused = subscribed.first(where: { Self.contains($0[...], Self.errorMarker) }) {
            throw .failed("events.subscribe was refused: \(String(decoding: refused.prefix(300), as: UTF8.self))")
        }
        roles += Array(repeating: .subscriber, count: subscribers)
        self.roles = roles
        self.fds = fds
        self.lines = lines
        self.poller = poller
        self.input = input
    }

    deinit { fds.forEach { close($0) } }

    /// The number of connections.
    var count: Int { fds.count }

    /// A graceful restart: every client sends `request` and keeps one in flight — sending the
    /// next as each reply comes — until it has its first reply after `daemon.restarted` (the
    /// first from the new process). `restart` starts the restart right after the first
    /// requests are written; `turn` runs once per loop turn (the service manager's work).
    ///
    /// A client's pause is the longest time from sending a request to its reply.
    func measurePause(
        request: [UInt8],
        restart: () throws(BenchError) -> Void,
        turn: () throws(BenchError) -> Void
    ) throws(BenchError) -> PauseOutcome {
        var sentAt = [UInt64](repeating: 0, count: fds.count)
        var longest = [UInt64](repeating: 0, count: fds.count)
        var restarted = [Bool](repeating: false, count: fds.count)
        var served = [UInt64](repeating: 0, count: fds.count)
        var left = fds.count
        var resynced = 0
        var errors = 0
        for (index, fd) in fds.enumerated() {
            sentAt[index] = MonotonicClock.now()
            try UnixSocket.writeAll(fd, request)
        }
        let start = MonotonicClock.now()
        try restart()
        try pump(turn: turn, until: { left == 0 }) {
            (index: Int, line: Line, _: ArraySlice<UInt8>) throws(BenchError) in
            switch line {
            case .restarted(let resync):
                restarted[index] = true
                if resync { resynced += 1 }
            case .event:
                break
            case .reply(let error):
                if error { errors += 1 }
                let now = MonotonicClock.now()
                longest[index] = max(longest[index], now - sentAt[index])
                if restarted[index] {
                    if served[index] == 0 {
                        served[index] = now
                        left -= 1
                    }
                } else {
                    sentAt[index] = now
                    try UnixSocket.writeAll(fds[index], request)
                }
            }
        }
        var samples = LatencySamples(capacity: fds.count)
        longest.forEach { samples.record($0) }
        return PauseOutcome(
            pauses: samples.summary(),
            longest: longest.max() ?? 0,
            everyoneServed: (served.max() ?? start) - start,
            resynced: resynced,
            errors: errors
        )
    }

    /// A crash: after `crash`, every client waits for `daemon.restarted`; then presenters
    /// re-attach to their window by id and subscribers subscribe again, as WindowKit does.
    /// `turn` runs once per loop turn (the service manager's work).
    func measureReattach(
        crash: () throws(BenchError) -> Void,
        turn: () throws(BenchError) -> Void
    ) throws(BenchError) -> ReattachOutcome {
        let requests = roles.map { role in
            switch role {
            case .presenter(let window):
                Array(
                    (#"{"jsonrpc":"2.0","id":2,"method":"window.attach","params":{"id":""# + window
                        + #"","phase":"inactive"}}"# + "\n").utf8
                )
            case .subscriber:
                Array((#"{"jsonrpc":"2.0","id":2,"method":"events.subscribe"}"# + "\n").utf8)
            }
        }
        var restarted = [Bool](repeating: false, count: fds.count)
        var done = [UInt64](repeating: 0, count: fds.count)
        var left = fds.count
        var notResynced = 0
        var errors = 0
        let start = MonotonicClock.now()
        try crash()
        try pump(turn: turn, until: { left == 0 }) {
            (index: Int, line: Line, _: ArraySlice<UInt8>) throws(BenchError) in
            switch line {
            case .restarted(let resync):
                guard !restarted[index] else { return }
                restarted[index] = true
                if !resync { notResynced += 1 }
                try UnixSocket.writeAll(fds[index], requests[index])
            case .event:
                break
            case .reply(let error):
                guard restarted[index], done[index] == 0 else { return }
                if error { errors += 1 }
                done[index] = MonotonicClock.now() - start
                left -= 1
            }
        }
        var presenters = LatencySamples(capacity: fds.count)
        var lastSubscriber: UInt64 = 0
        for (index, role) in roles.enumerated() {
            if case .presenter = role {
                presenters.record(done[index])
            } else {
                lastSubscriber = max(lastSubscriber, done[index])
            }
        }
        let summary = presenters.summary()
        return ReattachOutcome(
            presenters: summary,
            lastPresenter: presenters.percentile(1),
            lastSubscriber: lastSubscriber,
            notResynced: notResynced,
            errors: errors
        )
    }

    /// Reads every connection until `finished`, handing each whole line to `handle`; fails
    /// after `timeoutMilliseconds` or when windowd closes a connection.
    private func pump(
        timeoutMilliseconds: Int = 30_000,
        turn: () throws(BenchError) -> Void,
        until finished: () -> Bool,
        _ handle: (Int, Line, ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while !finished() {
            try turn()
            try Self.readReady(poller: poller, fds: fds, lines: &lines, input: &input, waitMilliseconds: 1, handle)
            guard MonotonicClock.now() < deadline else {
                throw .failed("the clients were not all answered within \(timeoutMilliseconds) ms")
            }
        }
    }

    /// Sends `request(index)` on the connections `range` of `fds` and returns each one's reply
    /// line, skipping events.
    private static func exchange(
        _ range: Range<Int>,
        of fds: [Int32],
        lines: inout [LineBuffer],
        poller: Poller,
        input: inout [UInt8],
        request: (Int) -> [UInt8]
    ) throws(BenchError) -> [[UInt8]] {
        var replies = [[UInt8]?](repeating: nil, count: range.count)
        var left = range.count
        for index in range {
            try UnixSocket.writeAll(fds[index], request(index))
        }
        let deadline = MonotonicClock.now() + 60_000_000_000
        while left > 0 {
            try readReady(poller: poller, fds: fds, lines: &lines, input: &input, waitMilliseconds: 100) {
                (index: Int, line: Line, text: ArraySlice<UInt8>) throws(BenchError) in
                guard case .reply = line, range.contains(index), replies[index - range.lowerBound] == nil else {
                    return
                }
                replies[index - range.lowerBound] = Array(text)
                left -= 1
            }
            guard MonotonicClock.now() < deadline else {
                throw .failed("\(left) of \(range.count) connections got no reply within 60 s")
            }
        }
        return replies.map { $0 ?? [] }
    }

    /// One `poll(2)`: reads what each ready connection has and hands each completed line to `handle`.
    private static func readReady(
        poller: Poller,
        fds: [Int32],
        lines: inout [LineBuffer],
        input: inout [UInt8],
        waitMilliseconds: Int32,
        _ handle: (Int, Line, ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        try poller.wait(timeoutMilliseconds: waitMilliseconds) { (token: Int) throws(BenchError) in
            guard let fd = fds.indices.contains(token) ? fds[token] : nil else { return }
            let count = input.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                throw .system("recv", errno)
            }
            guard count > 0 else { throw .failed("windowd closed connection \(token)") }
            input.withUnsafeBytes { lines[token].append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            while let line = lines[token].nextLine() {
                try handle(token, classify(line[...]), line[...])
            }
        }
    }

    private static func classify(_ line: ArraySlice<UInt8>) -> Line {
        if contains(line, restartedMarker) { return .restarted(resync: contains(line, resyncMarker)) }
        if contains(line, eventMarker) { return .event }
        return .reply(error: contains(line, errorMarker))
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return true
            }
            index += 1
        }
        return false
    }
}
