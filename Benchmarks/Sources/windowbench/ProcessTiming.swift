import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// Times a command as a whole process: spawn, run, exit, reaped, one after another.
enum ProcessTiming {
    /// Runs `executable` `runs` times in a row (after a few unmeasured ones) and returns runs
    /// per second and the wall time per run. Every run must exit 0.
    static func time(
        _ executable: String,
        _ arguments: [String],
        runs: Int,
        warmup: Int = 10,
        extraEnvironment: [String] = []
    ) throws(BenchError) -> ClosedLoopLoad.Outcome {
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(home)", "LANG=C.UTF-8"] + extraEnvironment
        var samples = LatencySamples(capacity: runs)
        let started = MonotonicClock.now()
        var measuredFrom = started
        for run in 0..<(warmup + runs) {
            if run == warmup { measuredFrom = MonotonicClock.now() }
            let before = MonotonicClock.now()
            let status = try ChildProcess.run(executable, arguments, environment: environment)
            let after = MonotonicClock.now()
            guard status == 0 else {
                throw .failed(
                    "\(executable) \(arguments.joined(separator: " ")) ended with \(status.map { "exit status \($0)" } ?? "a signal or a timeout")"
                )
            }
            if run >= warmup { samples.record(after - before) }
        }
        let seconds = Double(MonotonicClock.now() - measuredFrom) / 1e9
        return .init(requestsPerSecond: Double(runs) / seconds, latency: samples.summary(), errors: 0, completed: runs)
    }

    /// Runs two commands in turns (one of the first, one of the second, …), `runs` times each
    /// after a few unmeasured turns, so that a change of the machine's load hits both alike;
    /// returns each one's wall time per run (its req/s column: runs per second of its own time).
    static func timeInTurns(
        _ first: (executable: String, arguments: [String]),
        _ second: (executable: String, arguments: [String]),
        runs: Int,
        warmup: Int = 10,
        extraEnvironment: [String] = []
    ) throws(BenchError) -> (ClosedLoopLoad.Outcome, ClosedLoopLoad.Outcome) {
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(home)", "LANG=C.UTF-8"] + extraEnvironment
        var samples = [LatencySamples(capacity: runs), LatencySamples(capacity: runs)]
        var spent: [UInt64] = [0, 0]
        for run in 0..<(warmup + runs) {
            for (index, command) in [first, second].enumerated() {
                let before = MonotonicClock.now()
                let status = try ChildProcess.run(command.executable, command.arguments, environment: environment)
                let after = MonotonicClock.now()
                guard status == 0 else {
                    throw .failed(
                        "\(command.executable) \(command.arguments.joined(separator: " ")) ended with \(status.map { "exit status \($0)" } ?? "a signal or a timeout")"
                    )
                }
                if run >= warmup {
                    samples[index].record(after - before)
                    spent[index] += after - before
                }
            }
        }
        let outcomes = (0..<2).map { index in
            ClosedLoopLoad.Outcome(
                requestsPerSecond: Double(runs) / (Double(spent[index]) / 1e9),
                latency: samples[index].summary(),
                errors: 0,
                completed: runs
            )
        }
        return (outcomes[0], outcomes[1])
    }
}
