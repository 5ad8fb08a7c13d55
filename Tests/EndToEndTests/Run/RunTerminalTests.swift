import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in a real tmux: the real windowd, winctl and programs, a tmux
/// client attached through a pseudo-terminal so that tmux reports focus to the panes, the screen
/// read with `capture-pane`.
@Suite("winctl run in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(3)))
struct RunTerminalTests {
    @Test(
        "a second run of a presented value brings the first to front and starts nothing; the phase is what tmux shows: background while no client shows it"
    )
    func secondRunBringsTheFirstToFront() throws {
        let scenario = try PlaceScenario.running()
        let directory = scenario.directory
        let started = directory.file("started")
        let tmux = try TmuxSession(
            scenario.run(
                "file",
                "a",
                "--",
                "/bin/sh",
                "-c",
                "echo started >> \(started); exec sleep 600"
            )
        )
        // No client shows the pane yet: nothing shows it, so background. Once one is attached, active.
        try scenario.waitFor("a", phase: "background")
        let client = try PlacesTmuxTests.attachClient(tmux)
        defer { _ = client.terminate(grace: .milliseconds(200)) }
        let first = try scenario.waitFor("a", phase: "active")
        let id = try #require(first["id"]?.string)
        let pane = try #require(first["place"]?["pane"]?.string, "\(first.jsonText)")

        // Another window in front: no client shows the run's window, which is background, not inactive.
        try tmux.run(["new-window", "sleep", "600"])
        try scenario.waitFor("a", phase: "background")

        let second = try Winctl.run(
            ["run", "file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"],
            socket: scenario.socket
        )
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout == "\(id) already open, brought to front\n", "\(second)")
        try waitUntil("tmux to show the first run's window") { try PlacesTmuxTests.activeWindows(tmux)[pane] == true }
        try scenario.waitFor("a", phase: "active")
        #expect(directory.read("started") == "started\n", "the second run started nothing")
    }

    @Test(
        "winctl run started in a tmux window no client shows attaches background: a subscriber never sees it or the aggregate active until it is shown"
    )
    func hiddenStartIsBackground() throws {
        let scenario = try PlaceScenario.running()
        try scenario.expectFirstPhase(
            of: "h",
            presentedBy: scenario.run("file", "h", "--", "sleep", "600"),
            hidden: true
        )
    }

    /// tmux's `focus-events` on from the start (a user's tmux.conf), or off (tmux's default) until
    /// the presenter turns it on: in front either way.
    @Test(
        "winctl run started in the tmux window a client shows attaches active and stays so, with tmux's focus-events on or off",
        arguments: [true, false]
    )
    func shownStartIsActive(focusEventsOn: Bool) throws {
        let scenario = try PlaceScenario.running()
        try scenario.expectFirstPhase(
            of: "s",
            presentedBy: scenario.run("file", "s", "--", "sleep", "600"),
            hidden: false,
            focusEventsOn: focusEventsOn
        )
    }

    @Test("winctl run of a value presented elsewhere brings it to front once: one window.focus, as winctl open sends")
    func secondRunFocusesOnce() throws {
        let scenario = try PlaceScenario.running()
        let presenter = try scenario.daemon.client()
        try presenter.call("window.attach", #"{"group":"file","value":"f"}"#)
        let subscriber = try scenario.subscriber()

        let run = try Winctl.run(["run", "file", "f", "--", "/bin/sh", "-c", "exit 3"], socket: scenario.socket)
        #expect(run.status == 0 && run.stdout.hasSuffix(" already open, brought to front\n"), "\(run)")
        let ran = try scenario.told(subscriber, about: "f")
        #expect(ran.focuses == 1, "\(ran)")

        let open = try Winctl.run(["open", "file", "f"], socket: scenario.socket)
        #expect(open.status == 0, "\(open)")
        let opened = try scenario.told(subscriber, about: "f")
        #expect(opened.focuses == 1, "\(opened)")

        // winctl alone, without winctl-attach beside it: the window presented already is brought
        // to front by winctl itself, as an open is, without starting the presenter side.
        let alone = try TemporaryDirectory()
        let winctl = alone.file("winctl")
        _ = try ChildProcess.output(["/bin/cp", Binaries.winctl, winctl])
        let quick = try Winctl.run(
            ["run", "file", "f", "--", "/bin/sh", "-c", "exit 3"],
            socket: scenario.socket,
            executable: winctl
        )
        #expect(quick.status == 0 && quick.stdout.hasSuffix(" already open, brought to front\n"), "\(quick)")
        #expect(try scenario.told(subscriber, about: "f").focuses == 1)
    }

    @Test("the program gets a terminal and the window's variables; its exit closes the window and is run's status")
    func environmentAndExit() throws {
        let scenario = try PlaceScenario.running()
        let directory = scenario.directory
        let output = directory.file("env")
        let script = "tty > \(output); env | grep ^WINDOWD_ >> \(output); read line; exit 3"
        let tmux = try TmuxSession(scenario.run("file", "notes.md", "--", "/bin/sh", "-c", script))
        let window = try scenario.waitFor("notes.md")
        let id = try #require(window["id"]?.string)
        try waitUntil("the program to write its environment") { directory.read("env").contains("WINDOWD_SOCKET") }
        let lines = directory.read("env").split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("/dev/pts/") == true, "standard input is a terminal: \(lines)")
        #expect(
            Set(lines.dropFirst()) == [
                "WINDOWD_WINDOW_ID=\(id)", "WINDOWD_GROUP=file", "WINDOWD_VALUE=notes.md",
                "WINDOWD_SOCKET=\(scenario.socket)",
            ]
        )

        try tmux.sendKeys("Enter")
        try tmux.waitForText("run exited 3")
        #expect(try scenario.window("notes.md") == nil, "the window is closed")
    }

    @Test("with --keep the window stays, detached and background, with what the program stored through its variables")
    func keepKeepsTheWindow() throws {
        let scenario = try PlaceScenario.running()
        let script = #""$0" storage set "$WINDOWD_WINDOW_ID" note '"kept"' && exit 0"#
        let tmux = try TmuxSession(
            scenario.run("--keep", "file", "k", "--", "/bin/sh", "-c", script, Binaries.winctl)
        )
        try tmux.waitForText("run exited 0")
        let window = try scenario.waitFor("k", phase: "background", attached: false)
        let id = try #require(window["id"]?.string)
        let stored = try Winctl.run(["storage", "get", id, "note"], socket: scenario.socket, json: true)
        #expect(try stored.json()["storage"]?["note"]?.string == "kept", "\(stored)")
    }

    @Test(
        "names as users look for them: the relay and its program's session leader are winctl in ps and top; pgrep -x finds the program once; tmux names the pane after the program"
    )
    func processNames() throws {
        let scenario = try PlaceScenario.running()
        // A name of this test's own (sleep under another name), so that pgrep finds no one else's.
        let name = "wdnap\(getpid() % 100_000)"
        let program = scenario.directory.file(name)
        #expect(symlink("/bin/sleep", program) == 0)
        // Typed into a shell, which gives run a process group of its own, the terminal's
        // foreground one, whose leader's command line tmux reads.
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys("\(Binaries.winctl) --socket \(scenario.socket) run file n -- \(program) 600", "Enter")
        try scenario.waitFor("n")
        try tmux.waitForDisplay("#{pane_current_command}", name)

        func comm(_ pid: Int32) -> String? { WholeFile.text("/proc/\(pid)/comm") }
        func parent(_ pid: Int32) -> Int32? {
            WholeFile.text("/proc/\(pid)/stat")?.split(separator: ")").last?.split(separator: " ").dropFirst().first
                .flatMap { Int32($0) }
        }
        let found = try ChildProcess.output(["pgrep", "-x", name])
        let programs = String(decoding: found.bytes, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(programs.count == 1, "pgrep -x \(name): \(programs)")
        // The program's parent is its session's leader, whose parent is the relay.
        let leader = try #require(programs.first.flatMap(parent))
        let relay = try #require(parent(leader))
        #expect(comm(leader) == "winctl\n" && comm(relay) == "winctl\n", "\(comm(leader) ?? "") \(comm(relay) ?? "")")
        let cmdline = try WholeFile.read("/proc/\(relay)/cmdline")
        #expect(String(decoding: cmdline.prefix { $0 != 0 }, as: UTF8.self) == program + " 600 (winctl run)")
    }

    @Test("Ctrl-Z stops the program and run with it (background); fg brings both back; winctl close hangs it up: 129")
    func suspendAndClose() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) run file z -- sh -c 'echo ready; exec sleep 600'",
            "Enter"
        )
        try tmux.waitForScreen("the program to start") { $0.contains("ready") }
        let window = try scenario.waitFor("z")
        let id = try #require(window["id"]?.string)
        // A client shows the window, so that only the stop makes it background.
        let client = try PlacesTmuxTests.attachClient(tmux)
        defer { _ = client.terminate(grace: .milliseconds(200)) }
        try scenario.waitFor("z", phase: "active")

        try tmux.sendKeys("C-z")
        try tmux.waitForText("Stopped")
        try scenario.waitFor("z", phase: "background")
        try tmux.sendKeys("fg", "Enter")
        try waitUntil("the window to leave background") {
            try scenario.window("z")?["phase"]?.string != "background"
        }
        #expect(
            try tmux.display("#{pane_current_command}") == "sh",
            "run (named after its program) is in the foreground again"
        )

        let close = try Winctl.run(["close", id], socket: scenario.socket)
        #expect(close.status == 0, "\(close)")
        try tmux.waitForShellStatus(129)
    }

    @Test(
        "winctl close of a program that set the alternate screen, mouse reports, a hidden cursor and the keypad: once it is hung up run turns them off, and the shell has its terminal as before"
    )
    func closeGivesTheTerminalBack() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession.shell()
        let modes = "#{alternate_on} #{mouse_any_flag} #{cursor_flag} #{keypad_flag}"
        #expect(try tmux.display(modes) == "0 0 1 0")
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) run file m -- sh -c 'printf \"\\033[?1049h\\033[?1000h\\033[?25l\\033=%s%s\" rea dy; exec sleep 600'",
            "Enter"
        )
        try tmux.waitForText("ready")  // Not in the command line typed: "rea dy" there.
        try tmux.waitForDisplay(modes, "1 1 0 1")
        let id = try #require(try scenario.waitFor("m")["id"]?.string)

        _ = try Winctl.run(["close", id], socket: scenario.socket)
        try tmux.waitForDisplay("#{pane_current_command}", "bash")
        #expect(try tmux.display(modes) == "0 0 1 0")
    }

    @Test(
        "while run is stopped (Ctrl-Z), winctl open and a second run of its value say stopped and start nothing; after fg an open brings it to front again"
    )
    func openWhileStopped() throws {
        let scenario = try PlaceScenario.running()
        let directory = scenario.directory
        let started = directory.file("started")
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) run file s -- sh -c 'echo started >> \(started); exec sleep 600'",
            "Enter"
        )
        let window = try scenario.waitFor("s")
        let id = try #require(window["id"]?.string)
        // The window is attached before the program runs: stop it once it has started.
        try waitUntil("the program to start") { directory.read("started") == "started\n" }
        try tmux.sendKeys("C-z")
        try tmux.waitForText("Stopped")
        try scenario.waitFor("s", phase: "background")
        let pane = try #require(window["place"]?["pane"]?.string, "\(window.jsonText)")
        try tmux.run(["new-window", "sleep", "600"])
        try waitUntil("another window in front") { try PlacesTmuxTests.activeWindows(tmux)[pane] == false }

        let stoppedLine = "\(id) already open, stopped (Ctrl-Z) in its terminal: `fg` there continues it\n"
        let open = try Winctl.run(["open", "file", "s"], socket: scenario.socket)
        #expect(open.status == 0 && open.stdout == stoppedLine, "\(open)")
        try waitUntil("the stopped run's terminal in front, where fg continues it") {
            try PlacesTmuxTests.activeWindows(tmux)[pane] == true
        }
        let second = try Winctl.run(
            ["run", "file", "s", "--", "/bin/sh", "-c", "echo started >> \(started)"],
            socket: scenario.socket
        )
        #expect(second.status == 0 && second.stdout == stoppedLine, "\(second)")
        #expect(directory.read("started") == "started\n", "nothing was started a second time")

        try tmux.sendKeys("fg", "Enter")
        try waitUntil("run to tell it runs again") {
            try Winctl.run(["open", "file", "s"], socket: scenario.socket).stdout
                == "\(id) already open, brought to front\n"
        }
        #expect(directory.read("started") == "started\n")
    }

    @Test(
        "a run stopped (Ctrl-Z) through a crash of the daemon stays stopped: a run of its value from another tmux window starts nothing and says so, exit 0; fg continues it in the same window, whose presenter's pid winctl list shows throughout"
    )
    func stoppedThroughACrash() throws {
        let scenario = try PlaceScenario.running()
        let directory = scenario.directory
        let started = directory.file("started")
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) run file k -- sh -c 'echo started >> \(started); echo ready; read line; echo \"got $line\"; exit 3'",
            "Enter"
        )
        try tmux.waitForText("ready")
        let window = try scenario.waitFor("k")
        let (id, pid) = (try #require(window["id"]?.string), try #require(window["pid"]?.int))
        try tmux.sendKeys("C-z")
        try tmux.waitForText("Stopped")
        try scenario.waitFor("k", phase: "background")

        try scenario.crashAndRestart()
        let restored = try #require(try scenario.window("k"))
        #expect(restored["attached"]?.bool == false && restored["pid"]?.int == pid, "\(restored.jsonText)")
        try tmux.run(
            ["new-window", "-d", "-n", "second"]
                + scenario.run("file", "k", "--", "/bin/sh", "-c", "echo started >> \(started); exec sleep 600")
        )
        let second = try tmux.waitForText("run exited", target: ":second").joined()
        let stoppedLine = "\(id) already open, stopped (Ctrl-Z) in its terminal: `fg` there continues it"
        #expect(second.contains(stoppedLine), "\(second)")
        #expect(second.contains("run exited 0"), "\(second)")
        #expect(directory.read("started") == "started\n", "nothing was started a second time")
        let list = try Winctl.run(["list"], socket: scenario.socket)
        #expect(list.stdout.contains(" \(pid) "), "\(list)")

        try tmux.sendKeys("fg", "Enter")
        try waitUntil("the first run to attach again") { try scenario.window("k")?["attached"]?.bool == true }
        #expect(try scenario.window("k")?["id"]?.string == id)
        try tmux.sendKeys("still here", "Enter")
        try tmux.waitForText("got still here")
        try tmux.waitForShellStatus(3)
    }

    @Test(
        "a run whose terminal hangs up while windowd goes away ends within the hang-up's grace: once its program has ended it does not wait for windowd to come back"
    )
    func endsWhenTerminalAndDaemonGo() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) run file g -- sh -c 'echo ready; exec sleep 600'",
            "Enter"
        )
        try tmux.waitForText("ready")
        let run = pid_t(try #require(try scenario.waitFor("g")["pid"]?.int))
        defer { kill(run, SIGKILL) }
        // windowd answers nothing, the terminal hangs up (the program with it), then windowd is gone
        // while run's last word to it waits.
        scenario.daemon.process.signal(SIGSTOP)
        try tmux.run(["kill-server"])
        usleep(500_000)
        scenario.daemon.process.signal(SIGKILL)
        _ = try scenario.daemon.process.wait()
        try waitUntil("run to end", timeout: .seconds(10)) { kill(run, 0) != 0 }
    }

    @Test(
        "runs whose terminals hang up as windowd stops all end: a run whose program ends as the daemon goes does not wait for it to come back"
    )
    func endWhenTerminalsHangUpAsDaemonStops() throws {
        let scenario = try PlaceScenario.running()
        let values = (1...6).map { "v\($0)" }
        let tmux = try TmuxSession(["sleep", "600"])
        for value in values { try tmux.run(["new-window"] + scenario.run("file", value, "--", "sleep", "600")) }
        let runs = try values.map { pid_t(try #require(try scenario.waitFor($0)["pid"]?.int)) }
        defer { for run in runs { kill(run, SIGKILL) } }
        try tmux.run(["kill-server"])
        _ = scenario.daemon.stop()
        try waitUntil("every run to end", timeout: .seconds(10)) { runs.allSatisfy { kill($0, 0) != 0 } }
    }

    /// windowd stopped, and `--timeout 0`: run waits for its answers (the value's group first,
    /// then the attach) for as long as the test wants, so that the keys come before the program
    /// runs.
    @Test(
        "run's terminal is raw from run's start: a Ctrl-Z typed before windowd answers reaches the program's terminal, which stops the program, and run with it"
    )
    func keysFromTheStart() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession.shell()
        let terminal = try tmux.display("#{pane_tty}")
        scenario.daemon.process.signal(SIGSTOP)
        var daemonStopped = true
        defer { if daemonStopped { scenario.daemon.process.signal(SIGCONT) } }
        try tmux.sendKeys(
            "\(Binaries.winctl) --socket \(scenario.socket) --timeout 0 run file k -- sh -c 'echo started; exec sleep 600'",
            "Enter"
        )
        // The shell reads its line with ISIG on, as cooked mode has it: only run's raw mode turns it off.
        try waitUntil("run's terminal to be raw while windowd has not answered") {
            try !Self.settings(of: terminal).keysMakeSignals
        }
        try tmux.sendKeys("C-z")
        scenario.daemon.process.signal(SIGCONT)
        daemonStopped = false

        try tmux.waitForText("Stopped")
        let window = try scenario.waitFor("k", phase: "background")
        let id = try #require(window["id"]?.string)
        try tmux.sendKeys("fg", "Enter")
        try tmux.waitForText("started")
        #expect(
            try tmux.display("#{pane_current_command}") == "sh",
            "run (named after its program) is in the foreground again"
        )
        _ = try Winctl.run(["close", id], socket: scenario.socket)
        try tmux.waitForShellStatus(129)
    }

    @Test(
        "every way run ends before its program runs gives the terminal back as it was: brought to front, a program that cannot start, the program in run's place without windowd or without winctl-attach"
    )
    func terminalAsItWasBeforeTheProgram() throws {
        let scenario = try PlaceScenario.running()
        let presenter = try scenario.daemon.client()
        try presenter.call("window.attach", #"{"group":"file","value":"elsewhere"}"#)
        let directory = scenario.directory
        let tmux = try TmuxSession.shell()
        // One line: the shell does not touch the terminal between the commands.
        let run = "\(Binaries.winctl) --socket \(scenario.socket) run file"
        let line = [
            "stty -g > \(directory.file("before"))",
            "\(run) elsewhere -- true; echo front $?",
            "stty -g > \(directory.file("front"))",
            "\(run) x -- \(directory.file("no-such-program")); echo missing $?",
            "stty -g > \(directory.file("missing"))",
            "\(Binaries.winctl) --socket \(directory.file("none.sock")) run file y -- sh -c 'stty -g > \(directory.file("alone"))'",
            // A winctl without its presenter beside it runs the program itself.
            "mkdir \(directory.file("bin")) && cp \(Binaries.winctl) \(directory.file("bin"))",
            "\(directory.file("bin/winctl")) --socket \(scenario.socket) run file z -- sh -c 'stty -g > \(directory.file("lone"))'",
            // Split, so that the line typed does not show what it prints.
            #"echo "all""done""#,
        ].joined(separator: "; ")
        try tmux.sendKeys(line, "Enter")
        try tmux.waitForText("alldone")
        try tmux.waitForText("front 0")
        try tmux.waitForText("missing 127")
        let before = directory.read("before")
        #expect(!before.isEmpty)
        for name in ["front", "missing", "alone", "lone"] {
            #expect(directory.read(name) == before, "\(name): \(directory.read(name)) against \(before)")
        }
    }

    @Test("a program that ignores the hang-up is killed 5 s after winctl close; run exits 129")
    func closeKillsAProgramThatIgnoresTheHangUp() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession(
            scenario.run(
                "file",
                "h",
                "--",
                "/bin/sh",
                "-c",
                "trap '' HUP; echo ready; while :; do sleep 1; done"
            )
        )
        try tmux.waitForText("ready")
        let id = try #require(try scenario.waitFor("h")["id"]?.string)
        _ = try Winctl.run(["close", id], socket: scenario.socket)
        try tmux.waitForText("run exited 129", timeout: .seconds(15))
    }

    @Test("kill -9 of the daemon leaves the program running; it is presented again after the restart")
    func daemonCrash() throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession(
            scenario.run(
                "file",
                "c",
                "--",
                "/bin/sh",
                "-c",
                "echo ready; read line; echo \"got $line\"; exit 0"
            )
        )
        try tmux.waitForText("ready")
        let id = try #require(try scenario.waitFor("c")["id"]?.string)

        try scenario.crashAndRestart()
        let again = try scenario.waitFor("c")
        #expect(again["id"]?.string == id)
        try tmux.sendKeys("still here", "Enter")
        try tmux.waitForText("got still here")
        try tmux.waitForText("run exited 0")
    }

    @Test(
        "a program that cannot be started with windowd there: 127 when it is not found, 126 when it cannot be run, as a shell says; the window is gone"
    )
    func programThatCannotStart() throws {
        let scenario = try PlaceScenario.running()
        let notExecutable = try scenario.directory.write("echo never\n", to: "not-executable")
        for (program, status) in [(scenario.directory.file("no-such-program"), Int32(127)), (notExecutable, 126)] {
            let run = try Winctl.run(["run", "file", "x", "--", program], socket: scenario.socket)
            #expect(run.status == status && run.stderr.contains("cannot run \(program)"), "\(run)")
        }
        let list = try Winctl.run(["list"], socket: scenario.socket)
        #expect(!list.stdout.contains("file"), "\(list)")
    }

    @Test("without windowd the program runs anyway, with one line naming the socket, and its status is run's")
    func withoutDaemon() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("none.sock")
        let run = try Winctl.run(["run", "file", "x", "--", "/bin/sh", "-c", "echo hi; exit 4"], socket: socket)
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout == "hi\n", "\(run)")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].contains(socket), "\(run)")
    }

    @Test("a windowd that does not answer within --timeout: the program runs anyway, one line saying why")
    func daemonSilent() throws {
        let scenario = try PlaceScenario.running()
        scenario.daemon.process.signal(SIGSTOP)
        defer { scenario.daemon.process.signal(SIGCONT) }
        let run = try Winctl.run(
            ["--timeout", "1", "run", "file", "x", "--", "/bin/sh", "-c", "echo hi; exit 4"],
            socket: scenario.socket
        )
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout == "hi\n", "\(run)")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].contains("without a window"), "\(run)")
    }

    @Test(
        "a stopped windowd, or a socket that takes connections and never answers: a file's program runs within 1 s (run's default --timeout) and a margin, one line naming the cause"
    )
    func daemonStalledRunsTheProgramInTime() throws {
        let config = """
            [app]
            minimum_loading_ms = 0

            [groups.file]
            value = "path"
            """
        let daemon = try DaemonProcess(in: try TemporaryDirectory(), config: config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        daemon.process.signal(SIGSTOP)
        defer { daemon.process.signal(SIGCONT) }
        let silent = try SilentListener(path: daemon.directory.file("silent.sock"))
        for socket in [daemon.socketPath, silent.path] {
            let clock = ContinuousClock()
            var run: Winctl.Run?
            let took = try clock.measure {
                run = try Winctl.run(
                    ["run", "file", "other.txt", "--", "/bin/sh", "-c", "echo hi; exit 4"],
                    socket: socket,
                    timeout: .seconds(30)
                )
            }
            let result = try #require(run)
            #expect(result.status == 4 && result.stdout == "hi\n", "\(result)")
            #expect(
                result.stderr
                    == "winctl: windowd at \(socket) did not answer within 1 s: running /bin/sh without a window\n",
                "\(result)"
            )
            #expect(took < .milliseconds(1_800), "ran after \(took)")
        }
    }

    @Test("a windowd at its max_clients: the program runs anyway, with the daemon's refusal")
    func daemonFull() throws {
        let config = """
            [daemon]
            max_clients = 2

            [app]
            minimum_loading_ms = 0

            [groups.file]
            value = "string"
            """
        let daemon = try DaemonProcess(in: try TemporaryDirectory(), config: config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let held = try daemon.holdClients(2)
        defer { held.forEach { $0.close() } }
        let run = try Winctl.run(
            ["run", "file", "x", "--", "/bin/sh", "-c", "echo hi; exit 4"],
            socket: daemon.socketPath
        )
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout == "hi\n", "\(run)")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].contains("max_clients"), "\(run)")
    }

    @Test("focus reports reach the program only when it asks for them")
    func focusReportsOnlyWhenAsked() throws {
        let scenario = try PlaceScenario.running()
        let focusIn: [UInt8] = [0x1B, 0x5B, 0x49]
        // od shows every byte it reads; the terminal's echo is off so that only od's line counts;
        // Ctrl-D ends the line, and a second one the input.
        let dump = "stty -echo; echo ready; exec od -An -c"
        let tmux = try TmuxSession(scenario.run("file", "q", "--", "/bin/sh", "-c", dump))
        try tmux.waitForText("ready")
        try scenario.waitFor("q")
        try tmux.sendBytes(focusIn + Array("x".utf8) + [0x04])
        try tmux.sendBytes([0x04])
        let screen = try tmux.waitForText("run exited")
        #expect(screen.contains { $0.contains("x") } && !screen.contains { $0.contains("033") }, "\(screen)")

        let asking = "printf '\\033[?1004h'; stty -echo; echo ready; exec od -An -c"
        let asked = try TmuxSession(scenario.run("file", "r", "--", "/bin/sh", "-c", asking))
        try asked.waitForText("ready")
        try scenario.waitFor("r")
        try asked.sendBytes(focusIn + Array("x".utf8) + [0x04])
        try asked.sendBytes([0x04])
        let reported = try asked.waitForText("run exited")
        #expect(reported.contains { $0.contains("033   [   I") }, "\(reported)")
    }

    /// Runs `program` in tmux window 0 directly and in window 1 under `winctl run`, types the same
    /// keys into both, and expects the same screen, colours and modes included, after each step.
    private static func compareScreens(_ program: [String], steps: [[String]], ready: String) throws {
        let scenario = try PlaceScenario.running()
        let tmux = try TmuxSession(program, columns: 80, rows: 24)
        try tmux.run(
            ["new-window", Binaries.winctl, "--socket", scenario.socket, "run", "file", "compared", "--"] + program
        )
        try tmux.waitForText(ready, target: ":0")
        try tmux.waitForText(ready, target: ":1")
        // The screen with its colours, the cursor and the alternate screen's mode.
        func capture(_ target: String) throws -> String {
            try tmux.display("#{cursor_x},#{cursor_y} #{alternate_on}", target: target) + "\n"
                + tmux.run(["capture-pane", "-e", "-p", "-t", target])
        }
        func captures() throws -> (String, String) { (try capture(":0"), try capture(":1")) }
        for step in [[]] + steps {
            if !step.isEmpty {
                try tmux.sendKeys(step[0], target: ":0")
                for key in step.dropFirst() { try tmux.sendKeys(key, target: ":0") }
                try tmux.sendKeys(step[0], target: ":1")
                for key in step.dropFirst() { try tmux.sendKeys(key, target: ":1") }
            }
            var last = ("", "")
            do {
                try waitUntil("the same screen after \(step)") {
                    last = try captures()
                    return last.0 == last.1
                }
            } catch {
                Issue.record("after \(step): directly\n\(last.0)\nunder winctl run\n\(last.1)")
                return
            }
        }
    }

    /// A file of numbered lines, the same for both sides.
    private static func numberedFile() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let text = (1...300).map { "line \($0) of the file" }.joined(separator: "\n") + "\n"
        return (directory, try directory.write(text, to: "lines.txt"))
    }

    @Test("less shows exactly what it shows without run: scrolling, the end, a search")
    func lessScreen() throws {
        let (directory, file) = try Self.numberedFile()
        defer { withExtendedLifetime(directory) {} }
        try Self.compareScreens(
            ["less", file],
            steps: [["j"], ["j", "j", "j"], ["G"], ["g"], ["/", "1", "5", "0", "Enter"]],
            ready: "line 1 of"
        )
    }

    @Test("vim shows exactly what it shows without run: moves, an edit, a setting, the Escape key")
    func vimScreen() throws {
        let (directory, file) = try Self.numberedFile()
        defer { withExtendedLifetime(directory) {} }
        try Self.compareScreens(
            ["/usr/bin/env", "TERM=xterm-256color", "vim.tiny", "-u", "NONE", "-i", "NONE", "-n", "-N", file],
            // The undo's message ("1 change; before #2  0 seconds ago") tells the time: an empty
            // :echo clears it before the screens are compared.
            steps: [
                ["2", "0", "G"], ["d", "d"], [":set number", "Enter"], ["i", "hello", "Escape"],
                ["u", ":echo", "Enter"],
            ],
            ready: "line 1 of"
        )
    }

    /// vim asks for focus reports where it knows the terminal has them (an xterm's TERM).
    @Test("vim's focus events reach it when it asks for them")
    func vimFocusEvents() throws {
        let (directory, file) = try Self.numberedFile()
        let scenario = try PlaceScenario.running()
        let gained = directory.file("gained")
        let tmux = try TmuxSession(
            scenario.run(
                "file",
                "v",
                "--",
                "/usr/bin/env",
                "TERM=xterm-256color",
                "vim.tiny",
                "-u",
                "NONE",
                "-i",
                "NONE",
                "-n",
                "-N",
                "-c",
                "autocmd FocusGained * w! \(gained)",
                file
            )
        )
        try tmux.waitForText("line 1 of")
        try scenario.waitFor("v")
        #expect(access(gained, F_OK) != 0)
        try tmux.sendBytes([0x1B, 0x5B, 0x49])
        try waitUntil("vim to run its FocusGained autocommand") { access(gained, F_OK) == 0 }
        try tmux.sendKeys(":q", "Enter")
        try tmux.waitForText("run exited 0")
    }

    @Test("the program's terminal has this terminal's size, and follows it")
    func sizeFollows() throws {
        let scenario = try PlaceScenario.running()
        let script = "trap 'echo resized to $(stty size)' WINCH; echo size $(stty size); while :; do sleep 0.1; done"
        let tmux = try TmuxSession(
            scenario.run("file", "s", "--", "/bin/bash", "-c", script),
            columns: 100,
            rows: 30
        )
        try tmux.waitForText("size 30 100")
        try tmux.run(["resize-window", "-x", "60", "-y", "12"])
        try tmux.waitForText("resized to 12 60")
    }

    /// The line discipline's settings of the terminal at `path`, read from outside.
    private static func settings(of path: String) throws -> termios {
        let terminal = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard terminal >= 0 else { throw TestFailure("cannot open \(path): errno \(errno)") }
        defer { close(terminal) }
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { throw TestFailure("tcgetattr \(path): errno \(errno)") }
        return settings
    }
}

extension termios {
    /// Whether the terminal makes Ctrl-C and Ctrl-Z signals (ISIG), as cooked mode and a shell's
    /// line editing do, and raw mode does not.
    fileprivate var keysMakeSignals: Bool { c_lflag & tcflag_t(ISIG) != 0 }
}
