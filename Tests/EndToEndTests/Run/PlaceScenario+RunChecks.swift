import TestSupport
import Testing
import WindowProtocol

/// What `winctl run` (winctl(1), "run") does the same in every terminal of a window manager
/// (``RunI3Tests``, ``RunKittyTests``, ``RunSwayTests``): each suite gives only how its place
/// starts a terminal running an argv, and what names that terminal.
extension PlaceScenario {
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
