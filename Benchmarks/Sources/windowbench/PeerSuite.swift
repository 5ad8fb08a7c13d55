import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// windowd's peers (Benchmarks/README.md), run in the same process run as windowd's figures: redis over a Unix
/// socket (redis-benchmark, and our own subscriber fan-out and idle-client RSS), tmux's client,
/// and a C echo as the physical floor. Every server listens under the bench's directory and is
/// stopped by its pid.
struct PeerSuite {
    /// The compiled `bench/echo.c`.
    var echo: String
    /// The bench's temporary directory.
    var directory: String
    /// Milliseconds per load run (redis-benchmark's request count is sized to about this).
    var measureMilliseconds: Int
    var shapes: [(connections: Int, depth: Int)] = [(1, 1), (50, 1), (50, 16)]
    var fanOut = 1000, idleClients = 1000, processRuns = 200

    /// Runs every peer; figures by the keys ``WindowdSuite`` rows name.
    func run(progress: (String) -> Void) throws(BenchError) -> [String: Figure] {
        var figures: [String: Figure] = [:]
        progress("peer: C echo (floor)")
        try echoFloor(into: &figures)
        progress("peer: redis GET, PING, PUBLISH, idle clients")
        try redis(appendfsync: nil, into: &figures)
        for policy in ["everysec", "always"] {
            progress("peer: redis SET, appendonly yes, appendfsync \(policy)")
            try redis(appendfsync: policy, into: &figures)
        }
        progress("peer: tmux client commands")
        try tmux(into: &figures)
        return figures
    }

    // MARK: - C echo

    private func echoFloor(into figures: inout [String: Figure]) throws(BenchError) {
        let socket = "\(directory)/echo.sock"
        let server = try ChildProcess(echo, ["server", socket], environment: [])
        defer { server.terminate(grace: .seconds(5)) }
        close(try UnixSocket.connect(socket, retryMilliseconds: 5000))
        let output = "\(directory)/echo-client.out"
        let client = try ChildProcess(echo, ["client", socket, "20000"], environment: [], log: output)
        guard client.wait(timeout: .seconds(60)) == .exited(0) else { throw .failed("the C echo client failed") }
        let fields = TextFile.read(output).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 4 else { throw .failed("the C echo client printed \(TextFile.read(output))") }
        figures["C echo 1×1"] = Figure(
            label: "C echo, C client (floor)",
            rate: fields[0],
            latency: LatencySummary(
                p50: UInt64(fields[1]),
                p99: UInt64(fields[2]),
                p999: UInt64(fields[3]),
                samples: 20000
            )
        )
        for shape in shapes where shape.connections > 1 {
            var load = ClosedLoopLoad(connections: shape.connections, depth: shape.depth, framing: .lines)
            load.measureMilliseconds = measureMilliseconds
            load.errorMarker = []
            var request = RequestBytes.constant("ping\n")
            figures["C echo \(shape.connections)×\(shape.depth)"] = .load(
                "C echo, windowbench client (floor)",
                try load.run(path: socket, request: &request)
            )
        }
        figures["C one-shot client"] = .load(
            "C one-shot client (connect, line, exit)",
            try ProcessTiming.time(echo, ["oneshot", socket], runs: processRuns)
        )
    }

    // MARK: - redis

    private func redis(appendfsync: String?, into figures: inout [String: Figure]) throws(BenchError) {
        let name = appendfsync.map { "redis-\($0)" } ?? "redis"
        let server = RedisInstance(directory: directory, name: name, appendfsync: appendfsync)
        try server.start()
        defer { server.stop() }
        let socket = server.socketPath
        for shape in shapes {
            let key = "\(shape.connections)×\(shape.depth)"
            if let appendfsync {
                let figure = try redisBenchmark(socket, test: "set", shape: shape, randomKeys: true)
                figures["redis SET \(appendfsync) \(key)"] = Figure(
                    label: "redis SET, appendfsync \(appendfsync)",
                    rate: figure.rate,
                    latency: figure.latency
                )
            } else {
                figures["redis GET \(key)"] = try redisBenchmark(socket, test: "get", shape: shape, randomKeys: false)
                figures["redis PING \(key)"] = try redisBenchmark(
                    socket,
                    test: "ping_mbulk",
                    shape: shape,
                    randomKeys: false
                )
            }
        }
        guard appendfsync == nil else { return }
        figures["redis PUBLISH"] = .latency(
            "redis PUBLISH → last of \(fanOut) subscribers",
            try Self.redisFanOut(socket, subscribers: fanOut)
        )
        let before = try server.residentKiB()
        let clients = try (0..<idleClients).map { _ throws(BenchError) in try UnixSocket.connect(socket) }
        defer { clients.forEach { close($0) } }
        try FanOutProbe.awaitReplies(clients, sending: { _ in Array("PING\r\n".utf8) }, framing: .fixedLength(7))
        MonotonicClock.sleep(milliseconds: 500)
        let after = try server.residentKiB()
        figures["redis idle client"] = .scalar(
            "redis, RSS per idle client",
            Double(after - before) / Double(idleClients),
            "KiB"
        )
    }

    /// Runs `redis-benchmark -s` twice: a short probe to size the run, then about `measureMilliseconds`.
    private func redisBenchmark(
        _ socket: String,
        test: String,
        shape: (connections: Int, depth: Int),
        randomKeys: Bool
    ) throws(BenchError) -> Figure {
        var requests = max(2000, shape.connections * shape.depth * 20)
        var figure = Figure(label: "")
        for attempt in 0..<2 {
            let output = "\(directory)/redis-benchmark.csv"
            unlink(output)
            var arguments = [
                "-s", socket, "-c", String(shape.connections), "-P", String(shape.depth), "-n", String(requests), "-t",
                test, "--csv",
            ]
            if randomKeys { arguments += ["-r", "100000000"] }
            let started = MonotonicClock.now()
            let run = try ChildProcess("redis-benchmark", arguments, environment: ["PATH=/usr/bin:/bin"], log: output)
            guard run.wait(timeout: .seconds(120)) == .exited(0) else {
                run.terminate(signal: SIGKILL, grace: .seconds(5))
                throw .failed("redis-benchmark \(arguments.joined(separator: " ")) failed: \(TextFile.read(output))")
            }
            let seconds = Double(MonotonicClock.now() - started) / 1e9
            figure = try Self.parseCSV(TextFile.read(output), label: "redis \(test.uppercased()) (redis-benchmark)")
            if attempt == 0 {
                let rate = Double(requests) / max(seconds, 0.001)
                requests = max(requests, Int(rate * Double(measureMilliseconds) / 1000))
            }
        }
        return figure
    }

    /// `"GET","123.4","0.1","0.0","0.095","0.2","0.3","1.2"`: test, rps, avg, min, p50, p95, p99, max (ms).
    private static func parseCSV(_ text: String, label: String) throws(BenchError) -> Figure {
        for line in text.split(separator: "\n") where !line.hasPrefix("\"test\"") {
            let fields = line.split(separator: ",").map { $0.filter { $0 != "\"" } }
            guard fields.count >= 8, let rate = Double(fields[1]), let p50 = Double(fields[4]),
                let p99 = Double(fields[6])
            else { continue }
            return Figure(
                label: label,
                rate: rate,
                latency: LatencySummary(p50: UInt64(p50 * 1e6), p99: UInt64(p99 * 1e6), p999: 0, samples: 0)
            )
        }
        throw .failed("redis-benchmark printed no CSV figures: \(text)")
    }

    /// 1,000 raw-RESP subscribers, one PUBLISH per round: the same probe as windowd's scene.phase.
    static func redisFanOut(
        _ socket: String,
        subscribers fanOut: Int,
        rounds: Int = 200
    ) throws(BenchError) -> LatencySummary {
        let subscribers = try (0..<fanOut).map { _ throws(BenchError) in try UnixSocket.connect(socket) }
        let publisher = try UnixSocket.connect(socket)
        defer {
            subscribers.forEach { close($0) }
            close(publisher)
        }
        let acknowledgement = "*3\r\n$9\r\nsubscribe\r\n$5\r\nbench\r\n:1\r\n".utf8.count
        try FanOutProbe.awaitReplies(
            subscribers,
            sending: { _ in Array("SUBSCRIBE bench\r\n".utf8) },
            framing: .fixedLength(acknowledgement)
        )
        // As long as windowd's scene.phase line, so both move the same bytes.
        let payload = String(
            repeating: "x",
            count:
                #"{"jsonrpc":"2.0","method":"scene.phase","params":{"seq":100,"phase":"inactive","previous":"active"}}"#
                .utf8.count
        )
        let message = "*3\r\n$7\r\nmessage\r\n$5\r\nbench\r\n$\(payload.utf8.count)\r\n\(payload)\r\n".utf8.count
        let publish = Array("*3\r\n$7\r\nPUBLISH\r\n$5\r\nbench\r\n$\(payload.utf8.count)\r\n\(payload)\r\n".utf8)
        let reply = ":\(fanOut)\r\n".utf8.count
        var probe = FanOutProbe(
            subscribers: subscribers,
            messageFraming: .fixedLength(message),
            trigger: publisher,
            triggerFraming: .fixedLength(reply)
        )
        probe.rounds = rounds
        return try probe.run { _ in publish }
    }

    // MARK: - tmux

    private func tmux(into figures: inout [String: Figure]) throws(BenchError) {
        let server = try TmuxServer(directory: directory)
        defer { server.stop() }
        figures["tmux display-message"] = .load(
            "tmux -S … display-message -p",
            try server.timeDisplayMessage(runs: processRuns)
        )
        figures["tmux select-window"] = .load(
            "tmux -S … select-window",
            try ProcessTiming.time(
                "tmux",
                ["-S", server.socketPath, "select-window", "-t", "bench:0"],
                runs: processRuns,
                extraEnvironment: ["TERM=xterm-256color"]
            )
        )
    }
}
