#if canImport(Glibc)
import Glibc
#endif

/// windowd's figures (Benchmarks/README.md) and its restarts, each against a fresh daemon of its own.
struct WindowdSuite {
    /// The release `windowd`.
    var windowd: String
    /// `winctl` builds to time, by label ("dynamic", "static").
    var winctls: [(label: String, path: String)]
    /// The bench's temporary directory.
    var directory: String
    /// Milliseconds measured per load run.
    var measureMilliseconds: Int
    /// (N, P) shapes.
    var shapes: [(connections: Int, depth: Int)] = [(1, 1), (50, 1), (50, 16)]
    /// Subscribers, presenters and stored windows.
    var fanOut = 1000, presenters = 1000, storedWindows = 100_000, processRuns = 200, restarts = 5
    /// Subscribers beside the presenters of the restart figures, and restarts measured per figure there.
    var restartSubscribers = 100, restartRounds = 5
    /// The items (1–7) to run; all when empty.
    var only: Set<Int> = []

    static func shape(_ connections: Int, _ depth: Int) -> String { "\(connections)×\(depth)" }

    /// Runs everything; `progress` gets one line per step.
    func run(progress: (String) -> Void) throws(BenchError) -> [BenchRow] {
        var rows: [BenchRow] = []
        func wanted(_ item: Int, _ what: String) -> Bool {
            guard only.isEmpty || only.contains(item) else { return false }
            progress("\(item): \(what)")
            return true
        }
        if wanted(1, "window.open of an existing value") { rows += try dedupHit() }
        for durability in ["normal", "full"] where wanted(2, "window.open of new values, durability \(durability)") {
            rows += try newValues(durability: durability)
        }
        if wanted(3, "scene.setPhase fan-out to \(fanOut) subscribers") { rows.append(try sceneFanOut()) }
        if wanted(4, "winctl open detail 42, \(processRuns) runs") { rows += try winctlRuns() }
        if wanted(5, "start-up to READY=1") { rows += try startUp() }
        if wanted(6, "RSS with \(presenters) attached presenters") { rows.append(try residentPerPresenter()) }
        if wanted(7, "restarts with \(presenters) presenters and \(restartSubscribers) subscribers") {
            rows += try restarts(progress: progress)
        }
        return rows
    }

    private func load(_ shape: (connections: Int, depth: Int)) -> ClosedLoopLoad {
        var load = ClosedLoopLoad(connections: shape.connections, depth: shape.depth, framing: .lines)
        load.measureMilliseconds = measureMilliseconds
        return load
    }

    /// `window.open` of a `detail` window, up to its value: the value and `}}` follow.
    static let openRequest = #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"detail","value":"#

    private func dedupHit() throws(BenchError) -> [BenchRow] {
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "dedup")
        try daemon.start()
        defer { daemon.stop() }
        let primer = try UnixSocket.connect(daemon.socketPath)
        _ = try UnixSocket.call(primer, Self.openRequest + "42}}")
        close(primer)
        var rows: [BenchRow] = []
        for shape in shapes {
            var request = RequestBytes.constant(Self.openRequest + "42}}\n")
            let outcome = try load(shape).run(path: daemon.socketPath, request: &request)
            try Self.check(outcome, "window.open (existing)")
            let key = Self.shape(shape.connections, shape.depth)
            rows.append(
                BenchRow(
                    item: 1,
                    shape: key,
                    windowd: .load("window.open, existing value (dedup hit)", outcome),
                    peers: [
                        ("redis GET \(key)", [.rate, .p50]), ("redis PING \(key)", [.rate, .p50]),
                        ("C echo \(key)", [.p50]),
                    ]
                )
            )
        }
        return rows
    }

    private func newValues(durability: String) throws(BenchError) -> [BenchRow] {
        let daemon = try WindowdInstance(
            binary: windowd,
            directory: directory,
            name: "new-\(durability)",
            durability: durability
        )
        try daemon.start()
        defer { daemon.stop() }
        var rows: [BenchRow] = []
        for (index, shape) in shapes.enumerated() {
            var request = RequestBytes.counting(Self.openRequest, "}}\n", from: (index + 1) * 100_000_000)
            let outcome = try load(shape).run(path: daemon.socketPath, request: &request)
            try Self.check(outcome, "window.open (new)")
            let key = Self.shape(shape.connections, shape.depth)
            let peer = "redis SET \(durability == "full" ? "always" : "everysec") \(key)"
            rows.append(
                BenchRow(
                    item: 2,
                    shape: key,
                    windowd: .load("window.open, new value, durability \(durability)", outcome),
                    peers: [(peer, [.rate, .p50])]
                )
            )
        }
        return rows
    }

    private func sceneFanOut() throws(BenchError) -> BenchRow {
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "fanout")
        try daemon.start()
        defer { daemon.stop() }
        let summary = try Self.sceneFanOut(daemon, subscribers: fanOut)
        return BenchRow(
            item: 3,
            shape: "1→\(fanOut)",
            windowd: .latency("scene.setPhase → last of \(fanOut) subscribers", summary),
            peers: [("redis PUBLISH", [.p50, .p99])]
        )
    }

    /// One presenter's window flipped active↔inactive by `scene.setPhase`, `rounds` times, each
    /// timed until the last of `fanOut` `events.subscribe {types:[window.phase]}` connections
    /// holds the event line; the same probe as redis PUBLISH in ``PeerSuite``. `window.phase`, not
    /// `scene.phase`: the aggregate's fall is sent only once it has held for 150 ms
    /// (`app.phase_settle_ms`, windowd-protocol(7), VALUES), so every other round would time that wait, not the fan-out.
    static func sceneFanOut(
        _ daemon: WindowdInstance,
        subscribers fanOut: Int,
        rounds: Int = 200
    ) throws(BenchError) -> LatencySummary {
        let presenter = try UnixSocket.connect(daemon.socketPath)
        let attached = try UnixSocket.call(
            presenter,
            #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"detail","value":7,"phase":"active"}}"#
        )
        guard
            let window = attached.firstRange(of: #""window":{"#).flatMap({
                TextFile.value(after: #""id":""#, in: String(attached[$0.upperBound...]), until: "\"")
            })
        else {
            close(presenter)
            throw .failed("window.attach did not return a window: \(attached)")
        }
        let subscribers = try (0..<fanOut).map { _ throws(BenchError) in try UnixSocket.connect(daemon.socketPath) }
        let controller = try UnixSocket.connect(daemon.socketPath)
        defer {
            subscribers.forEach { close($0) }
            close(controller)
            close(presenter)
        }
        let subscribe = Array(
            (#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"types":["window.phase"]}}"# + "\n").utf8
        )
        try FanOutProbe.awaitReplies(subscribers, sending: { _ in subscribe }, framing: .lines)
        let flips = ["inactive", "active"].map { phase in
            Array(
                (#"{"jsonrpc":"2.0","id":2,"method":"scene.setPhase","params":{"id":""# + window + #"","phase":""#
                    + phase + #""}}"# + "\n").utf8
            )
        }
        var probe = FanOutProbe(
            subscribers: subscribers,
            messageFraming: .lines,
            trigger: controller,
            triggerFraming: .lines,
            drained: [presenter]
        )
        probe.rounds = rounds
        return try probe.run { round in flips[round % 2] }
    }

    private func winctlRuns() throws(BenchError) -> [BenchRow] {
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "cli")
        try daemon.start()
        defer { daemon.stop() }
        var rows: [BenchRow] = []
        for (label, path) in winctls {
            let timing = try ProcessTiming.time(
                path,
                ["--socket", daemon.socketPath, "open", "detail", "42"],
                runs: processRuns
            )
            rows.append(
                BenchRow(
                    item: 4,
                    shape: "\(processRuns)×",
                    windowd: .load("winctl open detail 42 (\(label))", timing),
                    peers: [
                        ("tmux display-message", [.p50]), ("tmux select-window", [.p50]), ("C one-shot client", [.p50]),
                    ]
                )
            )
        }
        return rows
    }

    private func startUp() throws(BenchError) -> [BenchRow] {
        var rows: [BenchRow] = []
        for stored in [0, storedWindows] {
            let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "startup-\(stored)")
            if stored > 0 {
                try daemon.start()
                try Self.fillStore(daemon, windows: stored)
                daemon.stop()
            }
            var times: [UInt64] = []
            var residentKiB = 0
            for run in 0..<restarts {
                times.append(try daemon.start())
                if run == 0 {
                    let probe = try UnixSocket.connect(daemon.socketPath)
                    let status = try UnixSocket.call(probe, #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)
                    close(probe)
                    guard
                        TextFile.value(after: #""windows":"#, in: status, until: ",").map({
                            String($0.prefix { $0.isNumber })
                        }) == String(stored)
                    else {
                        throw .failed("after the restart windowd reports \(status), expected \(stored) windows")
                    }
                    residentKiB = try daemon.residentKiB()
                }
                daemon.stop()
            }
            times.sort()
            let median = Double(times[times.count / 2]) / 1e6
            let windows = NumberText.grouped(Double(stored))
            rows.append(
                BenchRow(
                    item: 5,
                    shape: "—",
                    windowd: .scalar("start-up to READY=1, \(windows) windows (median of \(restarts))", median, "ms")
                )
            )
            rows.append(
                BenchRow(
                    item: 5,
                    shape: "—",
                    windowd: .scalar("RSS after start-up with \(windows) windows", Double(residentKiB) / 1024, "MiB")
                )
            )
        }
        return rows
    }

    private func residentPerPresenter() throws(BenchError) -> BenchRow {
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "rss")
        try daemon.start()
        defer { daemon.stop() }
        var opener = ClosedLoopLoad(connections: 1, depth: 16, framing: .lines)
        opener.warmupMilliseconds = 0
        opener.measureMilliseconds = 60_000
        opener.requestLimit = presenters
        var request = RequestBytes.counting(Self.openRequest, "}}\n", from: 0)
        try Self.check(try opener.run(path: daemon.socketPath, request: &request), "opening the presenters' windows")
        MonotonicClock.sleep(milliseconds: 500)
        let before = try daemon.residentKiB()
        let connections = try (0..<presenters).map { _ throws(BenchError) in try UnixSocket.connect(daemon.socketPath) }
        defer { connections.forEach { close($0) } }
        try FanOutProbe.awaitReplies(
            connections,
            sending: { index in
                Array(
                    (#"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"detail","value":"#
                        + String(index) + "}}\n").utf8
                )
            },
            framing: .lines
        )
        MonotonicClock.sleep(milliseconds: 500)
        let after = try daemon.residentKiB()
        return BenchRow(
            item: 6,
            shape: "\(presenters)",
            windowd: .scalar(
                "RSS per attached presenter (\(before) → \(after) KiB)",
                Double(after - before) / Double(presenters),
                "KiB"
            ),
            peers: [("redis idle client", [.scalar])]
        )
    }

    /// Opens `windows` new windows (values 1, 2, …) at 50×16, so the store holds them.
    static func fillStore(_ daemon: WindowdInstance, windows: Int) throws(BenchError) {
        var fill = ClosedLoopLoad(connections: 50, depth: 16, framing: .lines)
        fill.warmupMilliseconds = 0
        fill.measureMilliseconds = 120_000
        fill.requestLimit = windows
        var request = RequestBytes.counting(openRequest, "}}\n", from: 1)
        try check(try fill.run(path: daemon.socketPath, request: &request), "filling the store")
    }

    static func check(_ outcome: ClosedLoopLoad.Outcome, _ what: String) throws(BenchError) {
        if outcome.errors > 0 { throw .failed("\(what): \(outcome.errors) replies were errors") }
    }
}
