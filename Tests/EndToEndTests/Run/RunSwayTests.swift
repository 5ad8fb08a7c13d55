import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in real foot windows under sway, headless: sway refuses to
/// run as root, so the session's user (``SwaySession``) runs sway, windowd and every winctl, as
/// one user's desktop would; checked from outside through sway's tree and `winctl list --json`.
@Suite(
    "winctl run under sway",
    .serialized,
    .enabled(
        if: TestEnvironment.installed(["sway", "foot", "wtype", "runuser", "setpriv"], for: "winctl run under sway")
    ),
    .timeLimit(.minutes(3))
)
struct RunSwayTests {
    /// A sway session with a keyboard (else foot reports no focus), and a daemon running as its
    /// user in a directory of that user's.
    final class Desktop {
        let sway: SwaySession
        let directory: TemporaryDirectory
        private(set) var daemon: DaemonProcess

        init() throws {
            sway = try SwaySession()
            try sway.attachKeyboard()
            directory = try TemporaryDirectory()
            if getuid() == 0 {
                guard ProcessRunner.run(["chown", SwaySession.user, directory.path]) else {
                    throw TestFailure("chown \(directory.path) failed")
                }
            }
            daemon = try Self.daemon(in: directory, name: "windowd")
        }

        /// windowd as the session's user (setpriv execs it: its pid is the daemon's).
        private static func daemon(in directory: TemporaryDirectory, name: String) throws -> DaemonProcess {
            let user = SwaySession.user
            let wrapper =
                getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--"] : []
            let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config, name: name, wrapper: wrapper)
            try daemon.waitUntilServing()
            return daemon
        }

        /// kill -9 of the daemon, and a new one on the same socket and state.
        func crashAndRestart() throws {
            daemon.process.signal(SIGKILL)
            _ = try daemon.process.wait()
            daemon = try Self.daemon(in: directory, name: "windowd2")
        }

        /// Starts a foot window through sway's `exec` running `argv`.
        func foot(_ title: String, _ argv: [String]) throws {
            _ = try sway.exec(["foot", "-T", title], running: argv, name: title)
        }

        deinit { daemon.stop() }
    }

    /// The foot pid of a run's place (sway names a Wayland window by its client's pid).
    static func footPID(_ window: JSONValue) throws -> Int32 {
        let place = window["place"]
        return try #require(
            place?["pid"]?.string.flatMap { Int32($0) } ?? place?["pid"]?.int.map { Int32($0) },
            "\(window.jsonText)"
        )
    }

    @Test(
        "a second run from a foot of another workspace brings the first's foot to front and starts nothing; the phase follows what sway shows"
    )
    func secondRunAndPhases() throws {
        let desktop = try Desktop()
        let (directory, socket) = (desktop.directory, desktop.daemon.socketPath)
        let started = directory.file("started")
        let program = ["/bin/sh", "-c", "echo started >> \(started); exec sleep 600"]
        try desktop.foot(
            "first",
            RunTerminalTests.run(socket, status: directory.file("first"), ["file", "a", "--"] + program)
        )
        let first = try RunTerminalTests.waitFor(socket, "a", phase: "active", timeout: .seconds(30))
        let id = try #require(first["id"]?.string)
        #expect(first["place"]?["kind"]?.string == "sway", "\(first.jsonText)")
        let foot = try Self.footPID(first)
        try waitUntil("sway to focus the first foot") { WindowTree.focused(socket: desktop.sway.socket)?.pid == foot }

        // Another foot of the same workspace takes the focus: shown, not focused.
        try desktop.foot("other", ["sleep", "600"])
        try RunTerminalTests.waitFor(socket, "a", phase: "inactive", timeout: .seconds(30))
        // Another workspace: shown nowhere.
        try I3IPC.command("workspace 2", socket: desktop.sway.socket, timeout: .seconds(5))
        try RunTerminalTests.waitFor(socket, "a", phase: "background")

        // The same value run again, from a foot of that workspace.
        try desktop.foot(
            "second",
            RunTerminalTests.run(
                socket,
                status: directory.file("second"),
                ["file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"]
            )
        )
        #expect(try RunTerminalTests.waitForStatus(directory, "second", timeout: .seconds(30)) == "0")
        try waitUntil("sway to focus the first run's foot") {
            WindowTree.focused(socket: desktop.sway.socket)?.pid == foot
        }
        let front = try RunTerminalTests.waitFor(socket, "a", phase: "active")
        #expect(front["id"]?.string == id)
        #expect(directory.read("started") == "started\n", "the second run started nothing")
        #expect(directory.read("first").isEmpty, "the first run goes on")
    }

    @Test(
        "in a tabbed or stacked container the run's window is background while another tab is shown, active again when its tab is"
    )
    func tabbedAndStacked() throws {
        let desktop = try Desktop()
        let (directory, socket) = (desktop.directory, desktop.daemon.socketPath)
        try desktop.foot(
            "tab",
            RunTerminalTests.run(
                socket,
                status: directory.file("tab"),
                ["file", "t", "--", "/bin/sh", "-c", "exec sleep 600"]
            )
        )
        let shown = try RunTerminalTests.waitFor(socket, "t", phase: "active", timeout: .seconds(30))
        let foot = try Self.footPID(shown)
        try desktop.foot("other", ["sleep", "600"])
        try RunTerminalTests.waitFor(socket, "t", phase: "inactive", timeout: .seconds(30))

        // The user's layout keys (a binding event; a layout command alone is no event): the other
        // foot has the focus, its tab is the one shown.
        for key in ["w", "s"] {
            try desktop.sway.pressWithAlt(key)
            try RunTerminalTests.waitFor(socket, "t", phase: "background")
            try I3IPC.command("[pid=\(foot)] focus", socket: desktop.sway.socket, timeout: .seconds(5))
            try RunTerminalTests.waitFor(socket, "t", phase: "active")
            // Side by side again, then shown without the focus.
            try desktop.sway.pressWithAlt("e")
            try I3IPC.command("[title=\"^other$\"] focus", socket: desktop.sway.socket, timeout: .seconds(5))
            try RunTerminalTests.waitFor(socket, "t", phase: "inactive")
        }
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let desktop = try Desktop()
        let (directory, socket) = (desktop.directory, desktop.daemon.socketPath)
        try desktop.foot(
            "closed",
            RunTerminalTests.run(
                socket,
                status: directory.file("closed"),
                ["file", "c", "--", "/bin/sh", "-c", "exec sleep 600"]
            )
        )
        let closed = try RunTerminalTests.waitFor(socket, "c", timeout: .seconds(30))
        let id = try #require(closed["id"]?.string)
        let close = try Winctl.run(["close", id], socket: socket)
        #expect(close.status == 0, "\(close)")
        #expect(try RunTerminalTests.waitForStatus(directory, "closed") == "129")
        #expect(try RunTerminalTests.window(socket, "c") == nil)

        let done = directory.file("done")
        let program = "while [ ! -e \(done) ]; do sleep 0.1; done; exit 3"
        try desktop.foot(
            "exited",
            RunTerminalTests.run(
                socket,
                status: directory.file("exited"),
                ["file", "e", "--", "/bin/sh", "-c", program]
            )
        )
        let shown = try RunTerminalTests.waitFor(socket, "e", timeout: .seconds(30))
        let foot = try Self.footPID(shown)
        _ = try directory.write("", to: "done")
        #expect(try RunTerminalTests.waitForStatus(directory, "exited") == "3")
        #expect(try RunTerminalTests.window(socket, "e") == nil, "the window is closed")
        try waitUntil("the run's foot to close") {
            !WindowTree.windows(socket: desktop.sway.socket).contains { $0.pid == foot }
        }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its foot; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let desktop = try Desktop()
        let directory = desktop.directory
        let go = directory.file("go")
        let program = "while [ ! -e \(go) ]; do sleep 0.1; done; exit 0"
        try desktop.foot(
            "kept",
            RunTerminalTests.run(
                desktop.daemon.socketPath,
                status: directory.file("status"),
                ["file", "k", "--", "/bin/sh", "-c", program]
            )
        )
        let before = try RunTerminalTests.waitFor(desktop.daemon.socketPath, "k", timeout: .seconds(30))

        try desktop.crashAndRestart()
        let again = try RunTerminalTests.waitFor(desktop.daemon.socketPath, "k", timeout: .seconds(20))
        #expect(again["id"]?.string == before["id"]?.string)
        #expect(try Self.footPID(again) == Self.footPID(before), "\(again.jsonText)")
        #expect(directory.read("status").isEmpty, "the program still runs")
        _ = try directory.write("", to: "go")
        #expect(try RunTerminalTests.waitForStatus(directory, "status") == "0")
    }
}
