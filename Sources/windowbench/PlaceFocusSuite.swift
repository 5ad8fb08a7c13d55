#if canImport(Glibc)
import Glibc
#endif
import POSIXSupport

/// Bringing to front, as a user feels it: from `winctl open` of a value that is shown to the presenter's terminal
/// reporting focus-in (its window `active`, as a subscriber sees it), in tmux and in kitty,
/// beside the environment's own command doing the same by hand (`tmux select-window`,
/// `kitty @ focus-window`) and seen the same way. Two presenters (`winctl attach detail 1`,
/// `detail 2`) take turns; each sample brings the one behind to front.
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
    }

    /// Runs the environments that are installed; a missing one is said, not faked.
    func run(progress: (String) -> Void) throws(BenchError) -> [Result] {
        var results: [Result] = []
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: "places")
        try daemon.start()
        defer { daemon.stop() }
        if Self.installed("tmux") && Self.installed("script") {
            progress("places: tmux")
            results.append(try tmux(daemon, progress: progress))
        } else {
            progress("places: tmux or script(1) not installed, skipped")
        }
        if Self.installed("Xvfb") && Self.installed("kitty") {
            progress("places: kitty under Xvfb")
            results.append(try kitty(daemon, progress: progress))
        } else {
            progress("places: Xvfb or kitty not installed, skipped")
        }
        return results
    }

    // MARK: - tmux

    private func tmux(_ daemon: WindowdInstance, progress: (String) -> Void) throws(BenchError) -> Result {
        let server = "wb-places-\(getpid())"
        let environment = Self.environment(["TERM=xterm-256color"])
        let base = ["-L", server, "-f", "/dev/null"]
        func tmux(_ arguments: [String]) throws(BenchError) {
            guard try ChildProcess.run("tmux", base + arguments, environment: environment) == 0 else {
                throw .failed("tmux \(arguments.joined(separator: " ")) failed")
            }
        }
        try tmux(["new-session", "-d", "-s", "s", "-x", "80", "-y", "24"] + attach(daemon, 1))
        defer { _ = try? ChildProcess.run("tmux", base + ["kill-server"], environment: environment) }
        try tmux(["new-window", "-t", "s:1"] + attach(daemon, 2))
        // A client through a pseudo-terminal: tmux reports focus to panes only while one is attached.
        // script(1) ends at the end of its input: it reads a FIFO this process holds open.
        let fifo = "\(directory)/tmux-client.fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw .system("mkfifo \(fifo)", errno) }
        let input = open(fifo, O_RDWR | O_CLOEXEC)
        guard input >= 0 else { throw .system("open \(fifo)", errno) }
        defer { close(input) }
        let client = try ChildProcess(
            "/bin/sh", ["-c", "exec script -qfc 'tmux -L \(server) -f /dev/null attach -t s' /dev/null < \(fifo)"],
            environment: environment)
        defer { client.terminate(grace: .seconds(1)) }
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        let ids = try subscriber.waitForPresenters(values: [1, 2])
        let windowd = try measure(subscriber, ids: ids, progress: progress) { value throws(BenchError) in
            _ = try ChildProcess.run(winctl, ["--socket", daemon.socketPath, "open", "detail", "\(value)"], environment: environment)
        }
        let manual = try measure(subscriber, ids: ids, progress: progress) { value throws(BenchError) in
            try tmux(["select-window", "-t", "s:\(value - 1)"])  // detail 1 in window 0, detail 2 in window 1
        }
        return Result(environment: "tmux", byHand: "tmux select-window", windowd: windowd, manual: manual)
    }

    // MARK: - kitty

    private func kitty(_ daemon: WindowdInstance, progress: (String) -> Void) throws(BenchError) -> Result {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw .system("pipe", errno) }
        // Xvfb writes its display number on fd 3 once it accepts connections.
        let xvfb = try ChildProcess("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                    environment: Self.environment([]), inheriting: [descriptors[1]])
        close(descriptors[1])
        defer { xvfb.terminate(grace: .seconds(1)) }
        var text: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptors[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { text.append(byte) }
        close(descriptors[0])
        guard let display = Int(String(decoding: text, as: UTF8.self)) else { throw .failed("Xvfb did not start") }
        let listenOn = "unix:\(directory)/kitty.sock"
        let environment = Self.environment(["DISPLAY=:\(display)", "LIBGL_ALWAYS_SOFTWARE=1", "TERM=xterm-256color"])
        let kitty = try ChildProcess(
            "kitty", ["--config", "NONE", "-o", "allow_remote_control=yes", "-o", "enable_audio_bell=no", "--listen-on", listenOn] + attach(daemon, 1),
            environment: environment, log: "\(directory)/kitty.log")
        defer { kitty.terminate(grace: .seconds(2)) }
        let subscriber = try PhaseSubscriber(socket: daemon.socketPath)
        do {
            _ = try subscriber.waitForPresenters(values: [1])
        } catch {
            throw .failed("\(error); kitty's log: \(TextFile.read("\(directory)/kitty.log"))")
        }
        guard try ChildProcess.run("kitty", ["@", "--to", listenOn, "launch", "--type=window"] + attach(daemon, 2), environment: environment, timeoutSeconds: 30) == 0 else {
            throw .failed("kitty @ launch failed (log: \(directory)/kitty.log)")
        }
        let ids: [Int: String]
        do {
            ids = try subscriber.waitForPresenters(values: [1, 2])
        } catch {
            throw .failed("the second kitty window did not attach: \(error); kitty's log: \(TextFile.read("\(directory)/kitty.log"))")
        }
        // kitty's window ids: 1 for the first, 2 for the launched one.
        let windowd = try measure(subscriber, ids: ids, progress: progress) { value throws(BenchError) in
            _ = try ChildProcess.run(winctl, ["--socket", daemon.socketPath, "open", "detail", "\(value)"], environment: environment)
        }
        progress("places: kitty @ focus-window")
        let manual = try measure(subscriber, ids: ids, progress: progress) { value throws(BenchError) in
            _ = try ChildProcess.run("kitty", ["@", "--to", listenOn, "focus-window", "--match", "id:\(value)"], environment: environment, timeoutSeconds: 30)
        }
        return Result(environment: "kitty", byHand: "kitty @ focus-window", windowd: windowd, manual: manual)
    }

    // MARK: - Common

    /// `winctl --socket SOCKET attach detail VALUE`.
    private func attach(_ daemon: WindowdInstance, _ value: Int) -> [String] {
        [winctl, "--socket", daemon.socketPath, "attach", "detail", "\(value)"]
    }

    /// `rounds` samples: each brings the window that is behind to front with `bring` and times
    /// it until the subscriber sees that window `active`.
    private func measure(_ subscriber: PhaseSubscriber, ids: [Int: String], progress: (String) -> Void, _ bring: (Int) throws(BenchError) -> Void) throws(BenchError) -> LatencySummary {
        var samples = LatencySamples(capacity: rounds)
        var missed = 0
        defer { if missed > 0 { progress("places: \(missed) round(s) without a focus report within 5 s, not counted") } }
        for round in 0..<(rounds + 2) {
            guard let value = ids.keys.first(where: { subscriber.phases[ids[$0]!] != "active" }) ?? ids.keys.min() else { break }
            let started = MonotonicClock.now()
            try bring(value)
            do {
                try subscriber.waitFor(window: ids[value]!, phase: "active", timeoutMilliseconds: 5000)
            } catch {
                // A focus report lost on a loaded machine: the round does not count; bring it again.
                missed += 1
                try bring(value)
                try subscriber.waitFor(window: ids[value]!, phase: "active")
                continue
            }
            // The first two warm up (page cache, kitty's first remote control).
            if round >= 2 { samples.record(MonotonicClock.now() - started) }
            // Both reports in: the other window is inactive again before the next round.
            let other = ids.first { $0.key != value }!.value
            try subscriber.waitFor(window: other, phase: "inactive")
        }
        return samples.summary()
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
