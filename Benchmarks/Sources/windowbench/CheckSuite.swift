#if canImport(Glibc)
import Glibc
#endif

/// `windowbench --check`, the measurements of `make bench-check`: every ``CheckFigure`` as
/// windowd against its peer, measured back to back in each round, windowd through the same
/// client code as its peer (``ClosedLoopLoad`` sends JSON lines to windowd and RESP inline
/// commands to redis; ``FanOutProbe`` times both fan-outs; ``ProcessTiming`` both one-shot
/// clients, in turns). With two builds the rounds alternate between them (A B A B …), so that a change
/// of the machine's load hits both.
struct CheckSuite {
    /// A windowd build to measure.
    struct Build {
        var label: String
        var windowd: String
        var winctl: String
    }

    var builds: [Build]
    /// The bench's temporary directory.
    var directory: String
    /// Rounds per build; each figure's ratio is the median of its rounds.
    var rounds = 5
    /// Milliseconds measured per load run (after ``warmupMilliseconds``).
    var measureMilliseconds = 1000
    var warmupMilliseconds = 200
    var shapes: [(connections: Int, depth: Int)] = [(1, 1), (50, 1), (50, 16)]
    var storedWindows = 100_000, fanOut = 1000, flips = 100, processRuns = 100
    /// Names the servers' sockets and state under `directory`, so that runs do not share them.
    var namePrefix = "check"

    /// A redis value about as long as a stored window's record, so that SET and the
    /// 100,000-key load move bytes of a similar size.
    private static let redisValue = String(repeating: "v", count: 120)

    /// Per build, in `builds` order: each figure's pair from every round.
    func run(progress: (String) -> Void) throws(BenchError) -> [[CheckFigure: [CheckPair]]] {
        progress("check: a tmux server, redis-server with \(NumberText.grouped(Double(storedWindows))) keys")
        let tmux = try TmuxServer(directory: directory, name: namePrefix)
        defer { tmux.stop() }
        let redisStore = try filledRedis()
        var stores: [WindowdInstance] = []
        for (index, build) in builds.enumerated() {
            progress("check: \(build.label): a store of \(NumberText.grouped(Double(storedWindows))) windows")
            let store = try WindowdInstance(
                binary: build.windowd,
                directory: directory,
                name: "\(namePrefix)\(index)-store"
            )
            try store.start()
            try WindowdSuite.fillStore(store, windows: storedWindows)
            store.stop()
            stores.append(store)
        }
        var results = Array(repeating: [CheckFigure: [CheckPair]](), count: builds.count)
        for round in 0..<rounds {
            for (index, build) in builds.enumerated() {
                progress("check: round \(round + 1) of \(rounds), \(build.label)")
                let pairs = try measureRound(
                    build,
                    index: index,
                    round: round,
                    tmux: tmux,
                    store: stores[index],
                    redisStore: redisStore
                )
                for (figure, pair) in pairs { results[index][figure, default: []].append(pair) }
            }
        }
        return results
    }

    /// A redis-server whose data directory holds a `dump.rdb` of `storedWindows` keys.
    private func filledRedis() throws(BenchError) -> RedisInstance {
        let redis = RedisInstance(directory: directory, name: "\(namePrefix)-redis-store")
        try redis.start()
        var fill = ClosedLoopLoad(connections: 50, depth: 16, framing: .lines)
        fill.warmupMilliseconds = 0
        fill.measureMilliseconds = 120_000
        fill.requestLimit = storedWindows
        fill.errorMarker = RedisInstance.errorMarker
        var request = RequestBytes.counting("SET window:", " \(Self.redisValue)\r\n", from: 1)
        try WindowdSuite.check(try fill.run(path: redis.socketPath, request: &request), "filling redis")
        let saved = try redis.call("SAVE")
        guard saved.hasPrefix("+OK") else { throw .failed("redis SAVE answered \(saved)") }
        redis.stop()
        return redis
    }

    private func load(_ shape: (connections: Int, depth: Int), errorMarker: [UInt8]? = nil) -> ClosedLoopLoad {
        var load = ClosedLoopLoad(connections: shape.connections, depth: shape.depth, framing: .lines)
        load.warmupMilliseconds = warmupMilliseconds
        load.measureMilliseconds = measureMilliseconds
        if let errorMarker { load.errorMarker = errorMarker }
        return load
    }

    /// One round of one build: a fresh windowd and a fresh redis-server side by side.
    private func measureRound(
        _ build: Build,
        index: Int,
        round: Int,
        tmux: TmuxServer,
        store: WindowdInstance,
        redisStore: RedisInstance
    ) throws(BenchError) -> [CheckFigure: CheckPair] {
        var pairs: [CheckFigure: CheckPair] = [:]
        let windowd = try WindowdInstance(
            binary: build.windowd,
            directory: directory,
            name: "\(namePrefix)\(index)-round\(round)"
        )
        try windowd.start()
        defer { windowd.stop() }
        let redis = RedisInstance(
            directory: directory,
            name: "\(namePrefix)\(index)-redis\(round)",
            appendfsync: "everysec"
        )
        try redis.start()
        defer { redis.stop() }

        let probe = try UnixSocket.connect(windowd.socketPath)
        _ = try UnixSocket.call(probe, #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)
        close(probe)
        _ = try redis.call("PING")
        pairs[.idleResident] = CheckPair(
            windowd: Double(try windowd.residentKiB()) / 1024,
            peer: Double(try redis.residentKiB()) / 1024
        )

        let primer = try UnixSocket.connect(windowd.socketPath)
        _ = try UnixSocket.call(primer, WindowdSuite.openRequest + "42}}")
        close(primer)
        _ = try redis.call("SET window:42 \(Self.redisValue)")
        let exists = try redis.call("EXISTS window:42")
        guard exists.hasPrefix(":1") else { throw .failed("redis EXISTS window:42 answered \(exists) after SET") }
        let dedupFigures: [CheckFigure] = [.dedupHit1x1, .dedupHit50x1, .dedupHit50x16]
        for (shape, figure) in zip(shapes, dedupFigures) {
            var open = RequestBytes.constant(WindowdSuite.openRequest + "42}}\n")
            let ours = try load(shape).run(path: windowd.socketPath, request: &open)
            try WindowdSuite.check(ours, "window.open (existing)")
            var lookup = RequestBytes.constant("EXISTS window:42\r\n")
            let theirs = try load(shape, errorMarker: RedisInstance.errorMarker).run(
                path: redis.socketPath,
                request: &lookup
            )
            try WindowdSuite.check(theirs, "redis EXISTS")
            pairs[figure] = CheckPair(windowd: ours.requestsPerSecond, peer: theirs.requestsPerSecond)
        }

        let phase = try WindowdSuite.sceneFanOut(windowd, subscribers: fanOut, rounds: flips)
        let publish = try PeerSuite.redisFanOut(redis.socketPath, subscribers: fanOut, rounds: flips)
        pairs[.sceneFanOut] = CheckPair(windowd: Double(phase.p50) / 1e6, peer: Double(publish.p50) / 1e6)

        let shape = (connections: 50, depth: 16)
        var open = RequestBytes.counting(WindowdSuite.openRequest, "}}\n", from: (round + 1) * 100_000_000)
        let opened = try load(shape).run(path: windowd.socketPath, request: &open)
        try WindowdSuite.check(opened, "window.open (new)")
        var set = RequestBytes.counting("SET window:", " \(Self.redisValue)\r\n", from: (round + 1) * 100_000_000)
        let stored = try load(shape, errorMarker: RedisInstance.errorMarker).run(path: redis.socketPath, request: &set)
        try WindowdSuite.check(stored, "redis SET")
        pairs[.newValue50x16] = CheckPair(windowd: opened.requestsPerSecond, peer: stored.requestsPerSecond)

        let (winctl, display) = try ProcessTiming.timeInTurns(
            (build.winctl, ["--socket", windowd.socketPath, "open", "detail", "42"]),
            tmux.displayMessage,
            runs: processRuns,
            extraEnvironment: ["TERM=xterm-256color"]
        )
        pairs[.winctlOpen] = CheckPair(
            windowd: Double(winctl.latency.p50) / 1e6,
            peer: Double(display.latency.p50) / 1e6
        )

        let ourStart = Double(try store.start()) / 1e6
        store.stop()
        let theirStart = Double(try redisStore.start()) / 1e6
        redisStore.stop()
        pairs[.startUp100k] = CheckPair(windowd: ourStart, peer: theirStart)
        return pairs
    }
}
