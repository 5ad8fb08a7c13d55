import POSIXSupport
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Bringing to front, as a user feels it: from `winctl open` of a value that is shown until the
/// place's own query says its terminal is the focused one (tmux's `display-message -p`, kitty's
/// `ls`, i3's and sway's `GET_TREE`, polled here, not inside windowd), beside the environment's own
/// command doing the same (`tmux select-window`, `kitty @ focus-window`, `i3-msg '[id=…] focus'`,
/// `swaymsg '[con_id=…] focus'`) and seen the same way. Two presenters (`winctl attach detail 1`,
/// `detail 2`) take turns; each sample brings the one behind to front. The environments are the
/// tests' own (TestSupport's `TmuxSession`, `XvfbDisplay`, `KittyInstance`, `I3Session`,
/// `SwaySession`), set up as the places suites set them up.
struct PlaceFocusSuite {
    let windowd: String
    let winctl: String
    let directory: String
    let rounds: Int

    /// One environment's two figures.
    struct Result {
        var environment: String
        var byHand: String
        var windowd: LatencySummary
        var manual: LatencySummary
        /// Until each command's process had exited (the rest of the time to front is the place's
        /// own, and for windowd the presenter's).
        var windowdExited: LatencySummary
        var manualExited: LatencySummary
    }

    /// Runs the environments that are installed; a missing one is said, not faked.
    func run(progress: (String) -> Void) throws(BenchError) -> [Result] {
        var results: [Result] = []
        let places: [(name: String, programs: [String], run: (WindowdInstance, (String) -> Void) throws -> Result)] = [
            ("tmux", ["tmux", "script"], tmux),
            ("kitty under Xvfb", ["Xvfb", "kitty"], kitty),
            ("i3 + xterm under Xvfb", ["Xvfb", "i3", "i3-msg", "xterm"], i3),
            ("sway + foot, headless", ["sway", "swaymsg", "foot", "wtype", "runuser", "setpriv"], sway),
        ]
        for place in places {
            guard place.programs.allSatisfy(Self.installed) else {
                progress(
                    "places: \(place.name): one of \(place.programs.joined(separator: ", ")) is not installed, skipped"
                )
                continue
            }
            progress("places: \(place.name)")
            // sway refuses to run as root: its daemon and presenters run as the session's user.
            let user = place.name.hasPrefix("sway") && getuid() == 0 ? SwaySession.user : nil
            let daemon = try WindowdInstance(
                binary: windowd,
                directory: directory,
                name: "places-\(results.count)",
                user: user
            )
            try daemon.start()
            defer { daemon.stop() }
            do {
                results.append(try place.run(daemon, progress))
            } catch let error as BenchError {
                throw error
            } catch {
                throw .failed("places: \(place.name): \(error)")
            }
        }
        return results
    }

    // MARK: - The places

    private func tmux(_ daemon: WindowdInstance, progress: (String) -> Void) throws -> Result {
        let tmux = try TmuxSession(attach(daemon, 1), columns: 80, rows: 24)
        try tmux.run(["new-window"] + attach(daemon, 2))
        let client = try tmux.attachClient()
        defer { _ = client.terminate(grace: .seconds(1)) }
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        _ = try subscriber.waitForPresenters(values: [1, 2])
        let session = try tmux.display("#{session_name}")
        let base = ["-L", tmux.socketName, "-f", "/dev/null"]
        // detail 1 in window 0, detail 2 in window 1.
        let inFront = { (value: Int) in
            let shown = try? ChildProcess.output(
                ["tmux"] + base + ["display-message", "-p", "-t", session, "#{window_index}"]
            )
            return shown.map { String(decoding: $0.bytes, as: UTF8.self) } == "\(value - 1)\n"
        }
        return try measure("tmux", byHand: "tmux select-window", daemon, inFront: inFront, progress: progress) {
            value throws(BenchError) in
            _ = try ChildProcess.run(
                "tmux",
                base + ["select-window", "-t", "\(session):\(value - 1)"],
                environment: Self.environment([])
            )
        }
    }

    private func kitty(_ daemon: WindowdInstance, progress: (String) -> Void) throws -> Result {
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: attach(daemon, 1))
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        _ = try subscriber.waitForPresenters(values: [1])
        guard
            try ChildProcess.run(
                "kitty",
                ["@", "--to", kitty.listenOn, "launch", "--type=window"] + attach(daemon, 2),
                environment: Self.environment([]),
                timeoutSeconds: 30
            ) == 0
        else {
            throw BenchError.failed("kitty @ launch failed (log: \(kitty.directory.path))")
        }
        _ = try subscriber.waitForPresenters(values: [1, 2])
        // kitty's window ids: 1 for the first, 2 for the launched one.
        return try measure(
            "kitty",
            byHand: "kitty @ focus-window",
            daemon,
            inFront: { kitty.focusedWindow() == Int64($0) },
            progress: progress
        ) { value throws(BenchError) in
            _ = try ChildProcess.run(
                "kitty",
                ["@", "--to", kitty.listenOn, "focus-window", "--match", "id:\(value)"],
                environment: Self.environment([]),
                timeoutSeconds: 30
            )
        }
    }

    private func i3(_ daemon: WindowdInstance, progress: (String) -> Void) throws -> Result {
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        // i3 focuses a new window: the focused one, once its presenter attached, is that value's.
        var windows: [Int: Int64] = [:]
        for value in [1, 2] {
            _ = try i3.exec(
                ["xterm", "-T", "detail\(value)", "-e"],
                running: attach(daemon, value),
                name: "detail\(value)"
            )
            _ = try subscriber.waitForPresenters(values: [value])
            windows[value] = try Self.waitForNewFocus(socket: i3.socket, besides: Array(windows.values)) { $0.window }
        }
        return try measure(
            "i3 + xterm",
            byHand: "i3-msg '[id=…] focus'",
            daemon,
            inFront: { WindowTree.focused(socket: i3.socket)?.window == windows[$0] },
            progress: progress
        ) { value throws(BenchError) in
            _ = try ChildProcess.run(
                "i3-msg",
                ["-s", i3.socket, "[id=\(windows[value]!)] focus"],
                environment: Self.environment([])
            )
        }
    }

    private func sway(_ daemon: WindowdInstance, progress: (String) -> Void) throws -> Result {
        let sway = try SwaySession()
        try sway.attachKeyboard()
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        var containers: [Int: Int64] = [:]
        for value in [1, 2] {
            _ = try sway.exec(["foot", "-T", "detail\(value)"], running: attach(daemon, value), name: "detail\(value)")
            _ = try subscriber.waitForPresenters(values: [value])
            containers[value] = try Self.waitForNewFocus(socket: sway.socket, besides: Array(containers.values)) {
                $0.conID
            }
        }
        return try measure(
            "sway + foot",
            byHand: "swaymsg '[con_id=…] focus'",
            daemon,
            inFront: { WindowTree.focused(socket: sway.socket)?.conID == containers[$0] },
            progress: progress
        ) { value throws(BenchError) in
            _ = try ChildProcess.run(
                "swaymsg",
                ["-s", sway.socket, "[con_id=\(containers[value]!)] focus"],
                environment: Self.environment([])
            )
        }
    }

    // MARK: - Common

    /// `winctl --socket SOCKET attach detail VALUE`.
    private func attach(_ daemon: WindowdInstance, _ value: Int) -> [String] {
        [winctl, "--socket", daemon.socketPath, "attach", "detail", "\(value)"]
    }

    /// Both figures of one place: `winctl open detail N` and `bringByHand(N)`, each timed until
    /// `inFront(N)`.
    private func measure(
        _ environment: String,
        byHand: String,
        _ daemon: WindowdInstance,
        inFront: (Int) -> Bool,
        progress: (String) -> Void,
        bringByHand: (Int) throws(BenchError) -> Void
    ) throws(BenchError) -> Result {
        let windowd = try measure(inFront: inFront, progress: progress) { value throws(BenchError) in
            _ = try ChildProcess.run(
                winctl,
                ["--socket", daemon.socketPath, "open", "detail", "\(value)"],
                environment: Self.environment([])
            )
        }
        progress("places: \(byHand)")
        let manual = try measure(inFront: inFront, progress: progress, bringByHand)
        return Result(
            environment: environment,
            byHand: byHand,
            windowd: windowd.front,
            manual: manual.front,
            windowdExited: windowd.exited,
            manualExited: manual.exited
        )
    }

    /// `rounds` samples: each brings the value that is behind to front with `bring` and times it
    /// until `inFront` says so, polled without a pause, and until `bring` returned.
    private func measure(
        inFront: (Int) -> Bool,
        progress: (String) -> Void,
        _ bring: (Int) throws(BenchError) -> Void
    ) throws(BenchError) -> (front: LatencySummary, exited: LatencySummary) {
        var samples = LatencySamples(capacity: rounds)
        var exited = LatencySamples(capacity: rounds)
        var missed = 0
        defer { if missed > 0 { progress("places: \(missed) round(s) not in front within 5 s, not counted") } }
        for round in 0..<(rounds + 2) {
            let value = inFront(1) ? 2 : 1
            let started = MonotonicClock.now()
            try bring(value)
            let returned = MonotonicClock.now() - started
            while !inFront(value) {
                guard MonotonicClock.now() - started < 5_000_000_000 else {
                    missed += 1
                    break
                }
            }
            // The first two warm up (page cache, a first remote control).
            if round >= 2, inFront(value) {
                samples.record(MonotonicClock.now() - started)
                exited.record(returned)
            }
        }
        return (samples.summary(), exited.summary())
    }

    /// The focused window of the i3 or sway tree at `socket` once it is none of `known`, as `id` names it.
    private static func waitForNewFocus(
        socket: String,
        besides known: [Int64],
        _ id: (WindowTree.Window) -> Int64?
    ) throws -> Int64 {
        let deadline = MonotonicClock.now() + 30_000_000_000
        while MonotonicClock.now() < deadline {
            if let focused = WindowTree.focused(socket: socket).flatMap(id), !known.contains(focused) { return focused }
            usleep(10_000)
        }
        throw BenchError.failed("no new window took the focus on \(socket) within 30 s")
    }

    private static func environment(_ extra: [String]) -> [String] {
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return ["PATH=\(path)", "HOME=\(home)", "LANG=C.UTF-8"] + extra
    }

    private static func installed(_ program: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
