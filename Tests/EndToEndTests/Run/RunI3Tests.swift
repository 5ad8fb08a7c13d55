import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in real xterms under i3 on Xvfb: the real windowd, winctl and
/// programs, run started as xterms' commands through i3's `exec`, checked from outside through
/// the X server's focus and `winctl list --json`.
@Suite(
    "winctl run under i3",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "i3", "xterm", "xdotool"], for: "winctl run under i3")),
    .timeLimit(.minutes(3))
)
struct RunI3Tests {
    @Test(
        "a second run from an xterm of another workspace brings the first's xterm to front and starts nothing; the phase follows what i3 shows"
    )
    func secondRunAndPhases() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let socket = daemon.socketPath
        let started = directory.file("started")
        let program = ["/bin/sh", "-c", "echo started >> \(started); exec sleep 600"]
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(
            ["xterm", "-T", "first", "-e"],
            running: RunTerminalTests.run(socket, status: directory.file("first"), ["file", "a", "--"] + program),
            name: "first"
        )
        let first = try RunTerminalTests.waitFor(socket, "a", phase: "active", timeout: .seconds(30))
        let id = try #require(first["id"]?.string)
        #expect(first["place"]?["kind"]?.string == "i3", "\(first.jsonText)")
        let window = try #require(first["place"]?["window"]?.string, "\(first.jsonText)")
        try waitUntil("the first xterm to have the focus") { x.focusedWindow() == window }

        // Another xterm of the same workspace takes the focus: shown, not focused.
        _ = try i3.exec(["xterm", "-T", "other", "-e"], running: ["sleep", "600"], name: "other")
        try RunTerminalTests.waitFor(socket, "a", phase: "inactive", timeout: .seconds(30))
        // Another workspace: shown nowhere.
        try I3IPC.command("workspace 2", socket: i3.socket, timeout: .seconds(5))
        try RunTerminalTests.waitFor(socket, "a", phase: "background")

        // The same value run again, from an xterm of that workspace.
        let again = RunTerminalTests.run(
            socket,
            status: directory.file("second"),
            ["file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"]
        )
        _ = try i3.exec(["xterm", "-T", "second", "-e"], running: again, name: "second")
        #expect(try RunTerminalTests.waitForStatus(directory, "second", timeout: .seconds(30)) == "0")
        try waitUntil("i3 to focus the first run's xterm") { x.focusedWindow() == window }
        let front = try RunTerminalTests.waitFor(socket, "a", phase: "active")
        #expect(front["id"]?.string == id)
        #expect(directory.read("started") == "started\n", "the second run started nothing")
        #expect(directory.read("first").isEmpty, "the first run goes on")
    }

    @Test(
        "in a tabbed or stacked container the run's window is background while another tab is shown, active again when its tab is"
    )
    func tabbedAndStacked() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let socket = daemon.socketPath
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(
            ["xterm", "-T", "tab", "-e"],
            running: RunTerminalTests.run(
                socket,
                status: directory.file("tab"),
                ["file", "t", "--", "/bin/sh", "-c", "exec sleep 600"]
            ),
            name: "tab"
        )
        let shown = try RunTerminalTests.waitFor(socket, "t", phase: "active", timeout: .seconds(30))
        let window = try #require(shown["place"]?["window"]?.string, "\(shown.jsonText)")
        _ = try i3.exec(["xterm", "-T", "other", "-e"], running: ["sleep", "600"], name: "other")
        try RunTerminalTests.waitFor(socket, "t", phase: "inactive", timeout: .seconds(30))

        // The user's layout keys (a binding event; a layout command alone is no event): the other
        // xterm has the focus, its tab is the one shown.
        for key in ["alt+w", "alt+s"] {
            _ = x.xdotool(["key", key])
            try RunTerminalTests.waitFor(socket, "t", phase: "background")
            try I3IPC.command("[id=\(window)] focus", socket: i3.socket, timeout: .seconds(5))
            try RunTerminalTests.waitFor(socket, "t", phase: "active")
            // Side by side again, then shown without the focus.
            _ = x.xdotool(["key", "alt+e"])
            try I3IPC.command("[title=\"^other$\"] focus", socket: i3.socket, timeout: .seconds(5))
            try RunTerminalTests.waitFor(socket, "t", phase: "inactive")
        }
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let socket = daemon.socketPath
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)

        let closing = RunTerminalTests.run(
            socket,
            status: directory.file("closed"),
            ["file", "c", "--", "/bin/sh", "-c", "exec sleep 600"]
        )
        _ = try i3.exec(["xterm", "-T", "closed", "-e"], running: closing, name: "closed")
        let closed = try RunTerminalTests.waitFor(socket, "c", timeout: .seconds(30))
        let id = try #require(closed["id"]?.string)
        let close = try Winctl.run(["close", id], socket: socket)
        #expect(close.status == 0, "\(close)")
        #expect(try RunTerminalTests.waitForStatus(directory, "closed") == "129")
        #expect(try RunTerminalTests.window(socket, "c") == nil)

        let done = directory.file("done")
        let program = "while [ ! -e \(done) ]; do sleep 0.1; done; exit 3"
        let exiting = RunTerminalTests.run(
            socket,
            status: directory.file("exited"),
            ["file", "e", "--", "/bin/sh", "-c", program]
        )
        _ = try i3.exec(["xterm", "-T", "exited", "-e"], running: exiting, name: "exited")
        let shown = try RunTerminalTests.waitFor(socket, "e", timeout: .seconds(30))
        let window = try #require(shown["place"]?["window"]?.string, "\(shown.jsonText)")
        _ = try directory.write("", to: "done")
        #expect(try RunTerminalTests.waitForStatus(directory, "exited") == "3")
        #expect(try RunTerminalTests.window(socket, "e") == nil, "the window is closed")
        try waitUntil("the run's xterm to close") { x.xdotool(["getwindowname", window]) == nil }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its xterm; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { first.stop() }
        try first.waitUntilServing()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        let go = directory.file("go")
        let program = "while [ ! -e \(go) ]; do sleep 0.1; done; exit 0"
        let running = RunTerminalTests.run(
            first.socketPath,
            status: directory.file("status"),
            ["file", "k", "--", "/bin/sh", "-c", program]
        )
        _ = try i3.exec(["xterm", "-T", "kept", "-e"], running: running, name: "kept")
        let before = try RunTerminalTests.waitFor(first.socketPath, "k", timeout: .seconds(30))

        first.process.signal(SIGKILL)
        _ = try first.process.wait()
        let second = try DaemonProcess(in: directory, config: RunTerminalTests.config, name: "windowd2")
        defer { second.stop() }
        try second.waitUntilServing()
        let again = try RunTerminalTests.waitFor(second.socketPath, "k", timeout: .seconds(20))
        #expect(again["id"]?.string == before["id"]?.string)
        #expect(again["place"]?["window"]?.string == before["place"]?["window"]?.string, "\(again.jsonText)")
        #expect(directory.read("status").isEmpty, "the program still runs")
        _ = try directory.write("", to: "go")
        #expect(try RunTerminalTests.waitForStatus(directory, "status") == "0")
    }
}
