import Benchmark

/// Line → response bytes through windowd's router, against an in-memory core (`RequestPath`).
///
/// A measured iteration handles 1,000 lines (one for the slow cases), and the table shows
/// figures per line (`*`): for the batch, a line is 16 requests. Allocation counts are exact
/// whatever else the machine runs; times are not. No CPU time (Linux counts it in 10 ms ticks)
/// and no retain/release counts (on Linux with Swift 6.3 they need package-benchmark's runtime
/// interposer, which the package mirror does not hold; without it they crash).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )
    var slow = Benchmark.defaultConfiguration
    slow.scalingFactor = .one

    // window.open of a value that has its window: a parse, a lookup, a small reply.
    do {
        let path = RequestPath()
        let line = RequestLine.open(group: "detail", value: "42")
        ReplyCheck.respond(path, to: line, expecting: [#""created":true"#])
        ReplyCheck.respond(path, to: line, expecting: [#""created":false"#])
        let bytes = Array(line.utf8)
        Benchmark("window.open dedup hit") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(path.serve(bytes))
            }
        }
    }

    // window.open of a new value: a window created, its change and event produced. A fresh core
    // per iteration, so that every iteration opens the same 1,000 windows into the same registry.
    do {
        ReplyCheck.respond(
            RequestPath(),
            to: RequestLine.open(group: "detail", value: "0"),
            expecting: [#""created":true"#]
        )
        Benchmark("window.open new value") { benchmark in
            let path = RequestPath()
            let lines = benchmark.scaledIterations.map {
                Array(RequestLine.open(group: "detail", value: String($0)).utf8)
            }
            benchmark.startMeasurement()
            for line in lines {
                blackHole(path.serve(line))
            }
            benchmark.stopMeasurement()
        }
    }

    // 16 dedup hits in one batch line, answered by one array line.
    do {
        let path = RequestPath()
        let requests = (1...16).map { RequestLine.open(group: "detail", value: String($0), id: $0) }
        for request in requests {
            ReplyCheck.respond(path, to: request, expecting: [#""created":true"#])
        }
        let line = RequestLine.batch(requests)
        let reply = ReplyCheck.respond(path, to: line, expecting: [#""created":false"#])
        precondition(
            reply.first == UInt8(ascii: "[") && ReplyCheck.listedWindows(in: reply) == 16,
            "the batch is not answered by 16 replies"
        )
        let bytes = Array(line.utf8)
        Benchmark("window.open dedup hit, batch of 16 (per line)", configuration: slow) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(path.serve(bytes))
            }
        }
    }

    // window.list of 100 windows: the largest reply here (~12 KB).
    do {
        let path = RequestPath()
        for value in 1...100 {
            ReplyCheck.respond(
                path,
                to: RequestLine.open(group: "detail", value: String(value)),
                expecting: [#""created":true"#]
            )
        }
        let reply = ReplyCheck.respond(path, to: RequestLine.list, expecting: [#""windows":["#])
        precondition(ReplyCheck.listedWindows(in: reply) == 100, "window.list does not list the 100 windows")
        let bytes = Array(RequestLine.list.utf8)
        Benchmark("window.list, 100 windows", configuration: slow) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(path.serve(bytes))
            }
        }
    }

    // window.focus of a presented window: a lookup by id, a window.focus event for its
    // presenter, the window in the reply (the methods that take an id and answer a window).
    do {
        let path = RequestPath()
        let attached = ReplyCheck.respond(
            path,
            to: RequestLine.attach(group: "detail", value: "8", phase: "active"),
            expecting: [#""phase":"active""#]
        )
        let focus = Array(RequestLine.focus(window: ReplyCheck.windowID(in: attached)).utf8)
        ReplyCheck.respond(
            path,
            to: RequestLine.focus(window: ReplyCheck.windowID(in: attached)),
            expecting: [#""window":{"id":"#]
        )
        Benchmark("window.focus") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(path.serve(focus))
            }
        }
    }

    // scene.setPhase flipping a presented window active ↔ inactive: every request changes the
    // window's phase and the aggregate (windowbench's figure 3, without the fan-out).
    do {
        let path = RequestPath()
        let attached = ReplyCheck.respond(
            path,
            to: RequestLine.attach(group: "detail", value: "7", phase: "active"),
            expecting: [#""phase":"active""#]
        )
        let window = ReplyCheck.windowID(in: attached)
        let inactive = RequestLine.setPhase(window: window, phase: "inactive")
        let active = RequestLine.setPhase(window: window, phase: "active")
        // A fall of the aggregate is announced once it has held for phase_settle_ms (0.15 s by
        // default, as here): the flip back comes first, so the aggregate stays active.
        ReplyCheck.respond(path, to: inactive, expecting: [#""phase":"inactive""#, #""aggregate":"active""#])
        ReplyCheck.respond(path, to: active, expecting: [#""aggregate":"active""#])
        let flips = [Array(inactive.utf8), Array(active.utf8)]
        Benchmark("scene.setPhase") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(path.serve(flips[index & 1]))
            }
        }
    }
}
