import ArgumentParser
import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// `windowbench`: measures the release windowd as Benchmarks/README.md describes, optionally next to its
/// peers (redis, tmux, a C echo) in the same run, and prints one table.
@main
struct WindowBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "windowbench",
        abstract: "Measure windowd (and, with --compare, its peers) and print one table."
    )

    @Option(help: "The windowd to measure.")
    var windowd = ".build/release/windowd"

    @Option(help: "The winctl to time as a whole process (its row says how it is linked).")
    var winctl = ".build/release/winctl"

    @Option(help: "A second winctl (e.g. built another way), timed as well when given.")
    var winctlStatic: String?

    @Flag(help: "Also run the peers: redis-server/redis-benchmark, tmux, and the C echo floor.")
    var compare = false

    @Option(help: "The compiled bench/echo.c (needed with --compare).")
    var echo: String?

    @Option(help: "Milliseconds measured per load run (after 300 ms of warm-up).")
    var measureMs = 1500

    @Option(help: "Also write the table to this file.")
    var output: String?

    @Option(help: "Run only these items of windowd's suite (1–8), e.g. --only 1 --only 3 (for profiling).")
    var only: [Int] = []

    /// What a subscriber of item 8 does, in the process windowbench starts for it (SubscriberProcess).
    @Option(help: .hidden)
    var subscriber: String?

    @Option(help: .hidden)
    var subscriberSocket: String?

    @Option(help: "The command line shown under the table.")
    var command = "make bench"

    @Flag(help: "Also time bringing a window to front in tmux and in kitty, beside tmux's and kitty's own commands.")
    var places = false

    @Option(help: "Samples per figure of --places.")
    var placeRounds = 20

    @Flag(help: "Run only --places.")
    var placesOnly = false

    @Flag(
        help:
            "Run the regression guard of make bench-check: each figure as a ratio to its peer, compared with --baseline."
    )
    var check = false

    @Option(help: "Rounds per build of --check; a figure's ratio is the median of its rounds.")
    var rounds = 5

    @Option(help: "The committed ratios and bands --check compares with.")
    var baseline = "Benchmarks/baseline.json"

    @Option(
        help: "With --check: run this many whole checks of --windowd and write their ratios and spread to --baseline."
    )
    var calibrate = 0

    @Option(help: "With --check: the name of --windowd's build in the table (e.g. its commit).")
    var label = "working tree"

    @Option(help: "With --check: a second windowd, run in alternate rounds with --windowd (e.g. an older commit's).")
    var againstWindowd: String?

    @Option(help: "The winctl built with --against-windowd.")
    var againstWinctl: String?

    @Option(help: "The name of --against-windowd's build in the table.")
    var againstLabel = "baseline ref"

    func validate() throws {
        if let subscriber {
            guard SubscriberProcess.Behaviour(rawValue: subscriber) != nil, subscriberSocket != nil else {
                throw ValidationError("--subscriber takes reads, pulses or never-reads, and --subscriber-socket")
            }
            return
        }
        if (againstWindowd == nil) != (againstWinctl == nil) {
            throw ValidationError("--against-windowd and --against-winctl go together")
        }
        if againstWindowd != nil && calibrate > 0 {
            throw ValidationError("--calibrate measures one build; leave out --against-windowd")
        }
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 50") }
        for path in [againstWindowd, againstWinctl].compactMap({ $0 }) where access(path, X_OK) != 0 {
            throw ValidationError("\(path) is not an executable; build that commit first (swift build -c release)")
        }
        if compare && echo == nil { throw ValidationError("--compare needs --echo PATH (the compiled bench/echo.c)") }
        for path in [windowd, winctl] + [winctlStatic, echo].compactMap({ $0 }) where access(path, X_OK) != 0 {
            throw ValidationError("\(path) is not an executable; build it first (swift build -c release)")
        }
        guard (100...60_000).contains(measureMs) else {
            throw ValidationError("--measure-ms must be between 100 and 60000")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        if let subscriber, let behaviour = SubscriberProcess.Behaviour(rawValue: subscriber), let subscriberSocket {
            try SubscriberProcess.serve(behaviour, socket: subscriberSocket)
        }
        UnixSocket.raiseDescriptorLimit()
        var template = Array("/tmp/windowbench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError.system("mkdtemp", errno) }
        let directory = String(cString: made)
        defer { _ = try? ChildProcess.run("rm", ["-rf", directory], environment: []) }
        let progress: (String) -> Void = { line in
            var text = Array("windowbench: \(line)\n".utf8)
            _ = text.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        }
        if check {
            try runCheck(directory: directory, progress: progress)
            return
        }
        let winctls = ([winctl] + [winctlStatic].compactMap { $0 }).map { path in
            (label: BinaryLinkage.label(of: path, scratch: directory), path: path)
        }
        let started = MonotonicClock.now()
        var placeText = ""
        if places || placesOnly {
            let results = try PlaceFocusSuite(
                windowd: windowd,
                winctl: winctl,
                directory: directory,
                rounds: placeRounds
            ).run(progress: progress)
            placeText = PlaceFocusTable.render(results, command: command)
            if placesOnly {
                print(placeText, terminator: "")
                return
            }
        }
        var suite = WindowdSuite(
            windowd: windowd,
            winctls: winctls,
            directory: directory,
            measureMilliseconds: measureMs
        )
        suite.only = Set(only)
        let rows = try suite.run(progress: progress)
        var subscriberText = ""
        if only.isEmpty || only.contains(8) {
            let subscribers = SubscriberSuite(windowd: windowd, directory: directory)
            subscriberText = SubscriberTable.render(
                try subscribers.run(progress: progress),
                suite: subscribers,
                command: command
            )
        }
        var peers: [String: Figure] = [:]
        if compare, let echo {
            peers = try PeerSuite(echo: echo, directory: directory, measureMilliseconds: measureMs).run(
                progress: progress
            )
        }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        let table = ResultTable(
            title: "windowd benchmark (\(command); \(Self.machine()); \(NumberText.fixed(seconds, 0)) s)",
            rows: compare
                ? rows
                : rows.map {
                    var row = $0
                    row.peers = []
                    return row
                },
            peers: peers,
            notes: Self.notes(compare: compare)
        )
        let text = (rows.isEmpty ? "" : table.render() + "\n") + subscriberText + placeText
        print(text, terminator: "")
        if let output { try Self.writeFile(text, to: output) }
    }

    /// `--check`: measures, prints the table (also to `--output`), and fails when a ratio of
    /// `--windowd` is beyond its band; with `--calibrate N`, writes `--baseline` instead.
    private func runCheck(directory: String, progress: (String) -> Void) throws {
        var builds = [CheckSuite.Build(label: label, windowd: windowd, winctl: winctl)]
        if let againstWindowd, let againstWinctl {
            builds.append(CheckSuite.Build(label: againstLabel, windowd: againstWindowd, winctl: againstWinctl))
        }
        var suite = CheckSuite(builds: builds, directory: directory)
        suite.rounds = rounds
        suite.measureMilliseconds = measureMs
        let loadBefore = Self.loadAverage()
        let started = MonotonicClock.now()
        var committed = try CheckBaseline.read(baseline)
        let results: [[CheckFigure: [CheckPair]]]
        if calibrate > 0 {
            var perCheck: [[CheckFigure: Double]] = []
            var last: [CheckFigure: [CheckPair]] = [:]
            for run in 0..<calibrate {
                progress("calibration: check \(run + 1) of \(calibrate)")
                suite.namePrefix = "check\(run)"
                last = try suite.run(progress: progress)[0]
                perCheck.append(last.mapValues { median($0.map(\.ratio)) })
            }
            let measured =
                "\(calibrate) checks of \(rounds) rounds of \(label), \(Self.today()), 2-CPU load \(loadBefore) → \(Self.loadAverage())"
            committed = CheckBaseline.calibrated(from: perCheck, measured: measured)
            results = [last]
        } else {
            results = try suite.run(progress: progress)
        }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        let table = CheckTable(
            title:
                "windowd regression guard (\(command); \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs, load \(loadBefore) → \(Self.loadAverage()); \(rounds) rounds per build; \(NumberText.fixed(seconds, 0)) s)",
            builds: builds,
            results: results,
            baseline: committed,
            baselinePath: baseline
        )
        var text = table.render()
        if calibrate > 0 {
            try Self.writeFile(committed.jsonText(), to: baseline)
            text +=
                "Wrote \(baseline): per figure the median of \(calibrate) checks' ratios and their spread (largest / smallest, at least \(NumberText.fixed(CheckBaseline.minimumBand, 2))).\n"
        }
        print(text, terminator: "")
        if let output { try Self.writeFile(text, to: output) }
        let failures = table.failures
        if calibrate == 0 && !failures.isEmpty {
            progress("worse than \(baseline) allows: \(failures.map(\.rawValue).joined(separator: ", "))")
            throw ExitCode.failure
        }
    }

    private static func writeFile(_ text: String, to path: String) throws(BenchError) {
        guard let file = fopen(path, "w") else { throw .system("create \(path)", errno) }
        fputs(text, file)
        fclose(file)
    }

    /// The 1-minute load average, `1.65`.
    private static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? NumberText.fixed(loads[0], 2) : "?"
    }

    /// Today's UTC date and time, `2026-11-26 23:40 UTC`.
    private static func today() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func machine() -> String {
        let cpus = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        var loads = [Double](repeating: 0, count: 3)
        let load = getloadavg(&loads, 3) == 3 ? ", load \(NumberText.fixed(loads[0], 2)) at start of print" : ""
        return "\(cpus) CPUs\(load)"
    }

    private static func notes(compare: Bool) -> [String] {
        var notes = [
            "N×P: N connections, each with P requests in flight (closed loop, one poll(2) thread, pre-encoded requests).",
            "3: one presenter's window flipped active↔inactive by scene.setPhase; subscribers use events.subscribe {types:[window.phase]};",
            "   time from the request to the last subscriber holding the whole event line; 200 flips after 10 unmeasured.",
            "4: wall time per run (spawn to reaped), 200 runs in a row after 10 unmeasured; req/s column = runs/s.",
            "5: spawn to READY=1 on NOTIFY_SOCKET, stopped with SIGTERM between runs; the store filled through window.open (50×16);",
            "   RSS: the daemon's VmRSS after the first of those starts has answered daemon.status.",
            "6: 1,000 windows opened first; then 1,000 connections each window.attach one: (VmRSS after − before) / 1,000.",
            "7: 1,000 presenters (window.attach by group+value, a connection each) and 100 subscribers (events.subscribe, every event).",
            "   Graceful: SIGTERM to windowd under an fd store played by the bench as systemd does (FDSTORE=1 descriptors back as",
            "   LISTEN_FDS, the next windowd started once the old one exited), or SIGUSR2 (windowd execs itself). Every client has an",
            "   app.state request in flight from just before the signal and sends the next as each reply comes, until its first reply",
            "   after daemon.restarted (the new process's first). A client's pause: its longest send→reply; the figure: the longest of",
            "   all 1,100. Crash: kill -9 with the connections in the fd store, windowd started again as soon as it is reaped (no",
            "   RestartSec); on daemon.restarted {resync:true} presenters re-attach by id and subscribers subscribe again; the figure:",
            "   from the kill to the last presenter's attach reply. Each: median of 5 restarts, the range of the 5 beside it.",
        ]
        if compare {
            notes += [
                "Peers: redis-server on a Unix socket (--port 0), redis-benchmark -s -c N -P P --csv (it prints no p99.9);",
                "   redis SET with appendonly yes, appendfsync everysec (≈ durability normal) or always (≈ full), random keys;",
                "   redis PUBLISH measured by windowbench with 1,000 raw-RESP SUBSCRIBE connections, same method and message size as 3;",
                "   C echo: bench/echo.c (its own client for 1×1, windowbench's client for the others); tmux -S SOCK commands.",
                "Ratios are windowd/peer: above 1 is faster for req/s, slower for p50/p99/KiB.",
            ]
        }
        return notes
    }
}
