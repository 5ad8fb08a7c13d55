import TestSupport
import Testing
import WindowProtocol

/// What `winctl run` (winctl(1), "run") does the same in every terminal of a window manager
/// (``RunI3Tests``, ``RunKittyTests``, ``RunSwayTests``): each suite gives only how its place
/// starts a terminal running an argv, and what names that terminal.
extension PlaceScenario {
    /// A second run of a presented value, from a terminal of another workspace, brings the
    /// first's terminal to front and starts nothing; the phase follows what the window manager
    /// shows: active, inactive beside a focused terminal, background on a workspace not shown.
    /// `start` starts a terminal titled as given running the argv; `kind` is the place's kind,
    /// `terminal` what names the terminal in a window's place, `focused` the focused one's name,
    /// `showWorkspace` shows workspace N.
    func expectSecondRunBringsTheFirstToFront(
        kind: String,
        start: (_ title: String, _ argv: [String]) throws -> Void,
        terminal: (JSONValue) throws -> String?,
        focused: () -> String?,
        showWorkspace: (Int) throws -> Void
    ) throws {
        let started = directory.file("started")
        let program = ["/bin/sh", "-c", "echo started >> \(started); exec sleep 600"]
        try start("first", run(status: "first", ["file", "a", "--"] + program))
        let first = try waitFor("a", phase: "active", timeout: .seconds(30))
        let id = try #require(first["id"]?.string)
        #expect(first["place"]?["kind"]?.string == kind, "\(first.jsonText)")
        let shown = try #require(try terminal(first), "\(first.jsonText)")
        try waitUntil("the first run's terminal to have the focus") { focused() == shown }

        // Another terminal of the same workspace takes the focus: shown, not focused.
        try start("other", ["sleep", "600"])
        try waitFor("a", phase: "inactive", timeout: .seconds(30))
        // Another workspace: shown nowhere.
        try showWorkspace(2)
        try waitFor("a", phase: "background")

        // The same value run again, from a terminal of that workspace.
        try start("second", run(status: "second", ["file", "a", "--", "/bin/sh", "-c", "echo started >> \(started)"]))
        #expect(try status("second", timeout: .seconds(30)) == "0")
        try waitUntil("the window manager to focus the first run's terminal") { focused() == shown }
        let front = try waitFor("a", phase: "active")
        #expect(front["id"]?.string == id)
        #expect(directory.read("started") == "started\n", "the second run started nothing")
        #expect(directory.read("first").isEmpty, "the first run goes on")
    }

    /// `winctl close` hangs the program up and run exits 129, its window gone; a program's own
    /// exit closes its window and is run's status. `start` starts a terminal titled as given
    /// running the argv. Returns the window of the program that exited, as it was while shown,
    /// for the caller to see its terminal close.
    func expectCloseAndExit(start: (_ title: String, _ argv: [String]) throws -> Void) throws -> JSONValue {
        try start("closed", run(status: "closed", ["file", "c", "--", "/bin/sh", "-c", "exec sleep 600"]))
        let closed = try waitFor("c", timeout: .seconds(30))
        let id = try #require(closed["id"]?.string)
        let close = try Winctl.run(["close", id], socket: socket)
        #expect(close.status == 0, "\(close)")
        #expect(try status("closed") == "129")
        #expect(try window("c") == nil)

        let done = directory.file("done")
        let program = "while [ ! -e \(done) ]; do sleep 0.1; done; exit 3"
        try start("exited", run(status: "exited", ["file", "e", "--", "/bin/sh", "-c", program]))
        let shown = try waitFor("e", timeout: .seconds(30))
        _ = try directory.write("", to: "done")
        #expect(try status("exited") == "3")
        #expect(try window("e") == nil, "the window is closed")
        return shown
    }

    /// kill -9 of the daemon leaves the program running in its terminal (which `start` starts);
    /// after the restart its window is presented again, with the same id and the same terminal
    /// (`terminal`: what names it in the window's place).
    func expectDaemonCrashLeavesTheProgram(
        start: (_ title: String, _ argv: [String]) throws -> Void,
        terminal: (JSONValue) throws -> String?
    ) throws {
        let go = directory.file("go")
        let program = "while [ ! -e \(go) ]; do sleep 0.1; done; exit 0"
        try start("kept", run(status: "status", ["file", "k", "--", "/bin/sh", "-c", program]))
        let before = try waitFor("k", timeout: .seconds(30))

        try crashAndRestart()
        let again = try waitFor("k", timeout: .seconds(20))
        #expect(again["id"]?.string == before["id"]?.string)
        #expect(try terminal(again) == terminal(before), "\(again.jsonText)")
        #expect(directory.read("status").isEmpty, "the program still runs")
        _ = try directory.write("", to: "go")
        #expect(try status("status") == "0")
    }
}
