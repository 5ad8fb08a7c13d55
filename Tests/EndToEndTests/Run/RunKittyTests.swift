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
        let scenario = try PlaceScenario.running()
        let directory = scenario.directory
        let started = directory.file("started")
        let program = ["/bin/sh", "-c", "echo started >> \(started); echo ready; exec sleep 600"]
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(
            on: x,
            command: scenario.run(status: "first", ["file", "a", "--"] + program)
        )
        let first = try scenario.waitFor("a", phase: "active", timeout: .seconds(30))
        let id = try #require(first["id"]?.string)
        #expect(first["place"]?["kind"]?.string == "kitty", "\(first.jsonText)")
        let window = try #require(first["place"]?["window_id"]?.string.flatMap { Int64($0) }, "\(first.jsonText)")
        // run asks for focus reports before the program starts: once kitty shows the program's
        // line, it reports to run the focus that the next window takes.
        try waitUntil("the program's line in kitty") { kitty.text(of: window)?.contains("ready") == true }

        // Another window of the same tab takes the focus: shown, not focused.
        try Self.launch(kitty, "window", ["sleep", "600"])
        try scenario.waitFor("a", phase: "inactive")
        // Another tab in front: shown nowhere.
        try Self.launch(kitty, "tab", ["sleep", "600"])
        try scenario.waitFor("a", phase: "background")
        #expect(kitty.focusedWindow() != window)

        // The same value run again, from a window of that other tab.
        try Self.launch(
            kitty,
            "window",
            scenario.run(
                status: "second",
                ["file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"]
            )
        )
        #expect(try scenario.status("second") == "0")
        try waitUntil("kitty to focus the first run's window", timeout: .seconds(20)) {
            kitty.focusedWindow() == window
        }
        let front = try scenario.waitFor("a", phase: "active")
        #expect(front["id"]?.string == id)
        #expect(directory.read("started") == "started\n", "the second run started nothing")
        #expect(directory.read("first").isEmpty, "the first run goes on")
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: ["sleep", "600"])
        let exited = try scenario.expectCloseAndExit { _, argv in try Self.launch(kitty, "window", argv) }
        let window = try #require(exited["place"]?["window_id"]?.string.flatMap { Int64($0) }, "\(exited.jsonText)")
        try waitUntil("kitty to close the run's window") { try !kitty.windows().contains { $0.id == window } }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its kitty window; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: ["sleep", "600"])
        try scenario.expectDaemonCrashLeavesTheProgram(
            start: { _, argv in try Self.launch(kitty, "window", argv) },
            terminal: { $0["place"]?["window_id"]?.string }
        )
    }
}
