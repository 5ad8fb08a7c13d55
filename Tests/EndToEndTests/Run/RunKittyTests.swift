import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in a real kitty under Xvfb: the real windowd, winctl and
/// programs, run started as kitty windows' commands, checked from outside through kitty's remote
/// control (which window is focused, which exist) and `winctl list --json`.
@Suite(
    "winctl run in kitty",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "kitty"], for: "winctl run in kitty")),
    .timeLimit(.minutes(3))
)
struct RunKittyTests {
    /// Starts `argv` as a new kitty window (`type` `window`) or tab (`tab`) of the focused tab's OS window.
    static func launch(_ kitty: KittyInstance, _ type: String, _ argv: [String]) throws {
        _ = try kitty.command("launch", ["type": .string(type), "args": .array(argv.map(JSONValue.string))])
    }

    @Test(
        "a second run from another kitty tab brings the first's kitty window to front and starts nothing; the phase follows what kitty shows"
    )
    func secondRunAndPhases() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let socket = daemon.socketPath
        let started = directory.file("started")
        let program = ["/bin/sh", "-c", "echo started >> \(started); echo ready; exec sleep 600"]
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(
            on: x,
            command: RunTerminalTests.run(socket, status: directory.file("first"), ["file", "a", "--"] + program)
        )
        let first = try RunTerminalTests.waitFor(socket, "a", phase: "active", timeout: .seconds(30))
        let id = try #require(first["id"]?.string)
        #expect(first["place"]?["kind"]?.string == "kitty", "\(first.jsonText)")
        let window = try #require(first["place"]?["window_id"]?.string.flatMap { Int64($0) }, "\(first.jsonText)")
        // run asks for focus reports before the program starts: once kitty shows the program's
        // line, it reports to run the focus that the next window takes.
        try waitUntil("the program's line in kitty") { kitty.text(of: window)?.contains("ready") == true }

        // Another window of the same tab takes the focus: shown, not focused.
        try Self.launch(kitty, "window", ["sleep", "600"])
        try RunTerminalTests.waitFor(socket, "a", phase: "inactive")
        // Another tab in front: shown nowhere.
        try Self.launch(kitty, "tab", ["sleep", "600"])
        try RunTerminalTests.waitFor(socket, "a", phase: "background")
        #expect(kitty.focusedWindow() != window)

        // The same value run again, from a window of that other tab.
        try Self.launch(
            kitty,
            "window",
            RunTerminalTests.run(
                socket,
                status: directory.file("second"),
                ["file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"]
            )
        )
        #expect(try RunTerminalTests.waitForStatus(directory, "second") == "0")
        try waitUntil("kitty to focus the first run's window", timeout: .seconds(20)) {
            kitty.focusedWindow() == window
        }
        let front = try RunTerminalTests.waitFor(socket, "a", phase: "active")
        #expect(front["id"]?.string == id)
        #expect(directory.read("started") == "started\n", "the second run started nothing")
        #expect(directory.read("first").isEmpty, "the first run goes on")
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let socket = daemon.socketPath
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: ["sleep", "600"])

        try Self.launch(
            kitty,
            "window",
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
        try Self.launch(
            kitty,
            "window",
            RunTerminalTests.run(
                socket,
                status: directory.file("exited"),
                ["file", "e", "--", "/bin/sh", "-c", program]
            )
        )
        let exiting = try RunTerminalTests.waitFor(socket, "e", timeout: .seconds(30))
        let window = try #require(exiting["place"]?["window_id"]?.string.flatMap { Int64($0) }, "\(exiting.jsonText)")
        _ = try directory.write("", to: "done")
        #expect(try RunTerminalTests.waitForStatus(directory, "exited") == "3")
        #expect(try RunTerminalTests.window(socket, "e") == nil, "the window is closed")
        try waitUntil("kitty to close the run's window") { try !kitty.windows().contains { $0.id == window } }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its kitty window; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(in: directory, config: RunTerminalTests.config)
        defer { first.stop() }
        try first.waitUntilServing()
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: ["sleep", "600"])
        let go = directory.file("go")
        let program = "while [ ! -e \(go) ]; do sleep 0.1; done; exit 0"
        try Self.launch(
            kitty,
            "window",
            RunTerminalTests.run(
                first.socketPath,
                status: directory.file("status"),
                ["file", "k", "--", "/bin/sh", "-c", program]
            )
        )
        let before = try RunTerminalTests.waitFor(first.socketPath, "k", timeout: .seconds(30))

        first.process.signal(SIGKILL)
        _ = try first.process.wait()
        let second = try DaemonProcess(in: directory, config: RunTerminalTests.config, name: "windowd2")
        defer { second.stop() }
        try second.waitUntilServing()
        let again = try RunTerminalTests.waitFor(second.socketPath, "k", timeout: .seconds(20))
        #expect(again["id"]?.string == before["id"]?.string)
        #expect(again["place"]?["window_id"]?.string == before["place"]?["window_id"]?.string, "\(again.jsonText)")
        #expect(directory.read("status").isEmpty, "the program still runs")
        _ = try directory.write("", to: "go")
        #expect(try RunTerminalTests.waitForStatus(directory, "status") == "0")
    }
}
