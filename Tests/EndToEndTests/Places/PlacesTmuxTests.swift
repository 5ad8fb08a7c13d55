import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// winctl(1), Attached terminals in a real tmux, checked from outside as a user would: presenters report
/// their place, `winctl open` of a shown value selects its tmux window and the phases follow
/// the focus tmux reports, and a new value opened from inside tmux becomes a tmux window of the
/// opener's session that attaches by itself.
@Suite("Places in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(2)))
struct PlacesTmuxTests {
    /// Which tmux window is the session's current one: `pane_id` → `window_active`.
    static func activeWindows(_ tmux: TmuxSession) throws -> [String: Bool] {
        var active: [String: Bool] = [:]
        for line in try tmux.run(["list-panes", "-s", "-F", "#{pane_id} #{window_active}"]).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2 { active[String(fields[0])] = fields[1] == "1" }
        }
        return active
    }

    /// A client attached to the session (``TmuxSession/attachClient()``).
    static func attachClient(_ tmux: TmuxSession) throws -> SpawnedProcess {
        try tmux.attachClient()
    }

    @Test("winctl open of a shown value selects its tmux window; the phases follow what tmux shows")
    func bringToFrontInTmux() throws {
        let scenario = try PlaceScenario.attaching()
        let tmux = try TmuxSession(AttachTerminalTests.attach(scenario.daemon, "detail", "1"))
        try tmux.run(["new-window"] + AttachTerminalTests.attach(scenario.daemon, "detail", "2"))
        let client = try Self.attachClient(tmux)
        defer { _ = client.terminate(grace: .milliseconds(200)) }

        // The client shows window 2: window 1 can be seen by no one.
        let first = try scenario.waitFor("1", phase: "background")
        let second = try scenario.waitFor("2", phase: "active")
        let firstPane = try #require(
            first["place"]?["pane"]?.string,
            "the presenter reports its tmux pane: \(first.jsonText)"
        )
        #expect(first["place"]?["kind"]?.string == "tmux")
        #expect(second["place"]?["kind"]?.string == "tmux")
        #expect(try Self.activeWindows(tmux)[firstPane] == false)

        let human = try Winctl.run(["list"], socket: scenario.socket)
        #expect(human.stdout.contains("PLACE") && human.stdout.contains("tmux \(firstPane)"), "\(human)")

        let open = try Winctl.run(["open", "detail", "1"], socket: scenario.socket, json: true)
        #expect(open.status == 0, "\(open)")
        #expect(try open.json()["outcome"]?.string == "focused", "\(open)")
        try waitUntil("tmux to show detail 1's window") { try Self.activeWindows(tmux)[firstPane] == true }
        try scenario.waitFor("1", phase: "active")
        try scenario.waitFor("2", phase: "background")
    }

    @Test(
        "the phase is what the user sees in tmux: background while no client shows the window or the session is detached, inactive beside the focused pane"
    )
    func phaseIsWhatTheUserSees() throws {
        let scenario = try PlaceScenario.attaching()
        let control = try scenario.daemon.client()
        let tmux = try TmuxSession(AttachTerminalTests.attach(scenario.daemon, "detail", "1"))
        let window = try scenario.waitFor("1", phase: "background")
        let pane = try #require(window["place"]?["pane"]?.string, "\(window.jsonText)")
        try waitUntil("the aggregate to settle to background: a detached session shows nothing") {
            try control.call("scene.phase")["aggregate"]?.string == "background"
        }

        var client = try Self.attachClient(tmux)
        try scenario.waitFor("1", phase: "active")

        try tmux.run(["new-window", "sleep", "600"])
        try scenario.waitFor("1", phase: "background")
        try waitUntil("the aggregate to settle to background") {
            try control.call("scene.phase")["aggregate"]?.string == "background"
        }

        try tmux.run(["select-window", "-t", pane])
        try scenario.waitFor("1", phase: "active")

        try tmux.run(["split-window", "-t", pane, "sleep", "600"])
        try scenario.waitFor("1", phase: "inactive")
        try tmux.run(["resize-pane", "-Z"])
        try scenario.waitFor("1", phase: "background")
        try tmux.run(["resize-pane", "-Z"])
        try scenario.waitFor("1", phase: "inactive")
        try tmux.run(["select-pane", "-t", pane])
        try scenario.waitFor("1", phase: "active")

        _ = client.terminate(grace: .milliseconds(200))
        try scenario.waitFor("1", phase: "background")
        client = try Self.attachClient(tmux)
        defer { _ = client.terminate(grace: .milliseconds(200)) }
        try scenario.waitFor("1", phase: "active")
    }

    @Test(
        "winctl attach started in a tmux window no client shows attaches background: a subscriber never sees it or the aggregate active until it is shown"
    )
    func hiddenStartIsBackground() throws {
        let scenario = try PlaceScenario.attaching()
        try scenario.expectFirstPhase(of: "1", presentedBy: scenario.attach("1"), hidden: true)
    }

    @Test("winctl attach started in the tmux window a client shows attaches active: no background first")
    func shownStartIsActive() throws {
        let scenario = try PlaceScenario.attaching()
        try scenario.expectFirstPhase(of: "2", presentedBy: scenario.attach("2"), hidden: false)
    }

    @Test("a watching presenter appends its tmux hooks beside the user's and takes them away when it detaches")
    func hooksAreTheUsersOwn() throws {
        let scenario = try PlaceScenario.attaching()
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(["set-hook", "-g", "session-window-changed", "set -g @mine yes"])
        let hooks = {
            try tmux.run(["show-hooks", "-g"]).split(separator: "\n").filter { $0.contains("[") }.map(String.init)
        }
        let before = try hooks()
        try tmux.run(["new-window"] + AttachTerminalTests.attach(scenario.daemon, "detail", "1"))
        try scenario.waitFor("1")
        try waitUntil("the presenter's hooks") { try hooks().count > before.count }
        #expect(try hooks().contains("session-window-changed[0] set-option -g @mine yes"), "the user's hook stays")
        try tmux.sendKeys("q", target: ":1")
        try waitUntil("the window to be detached") { try scenario.window("1")?["attached"]?.bool == false }
        try waitUntil("the presenter's hooks to be gone") { try hooks() == before }
    }

    @Test(
        "winctl open where no window can be opened (no multiplexer, no display): exit 1 with the reason, and no window left that only it made"
    )
    func nowhereToLaunch() throws {
        let scenario = try PlaceScenario.attaching()
        let bare =
            ["/usr/bin/env"]
            + [
                "TMUX", "TMUX_PANE", "STY", "DISPLAY", "WAYLAND_DISPLAY", "KITTY_LISTEN_ON", "KITTY_WINDOW_ID",
                "WEZTERM_PANE", "ZELLIJ", "SWAYSOCK", "I3SOCK", "WINDOWID", "TERMINAL",
            ].flatMap { ["-u", $0] }
        for _ in 0..<2 {
            let run = try Winctl.run(["open", "detail", "5"], socket: scenario.socket, wrapper: bare)
            #expect(run.status == 1, "\(run)")
            #expect(run.stdout.isEmpty, "\(run)")
            #expect(
                run.stderr.contains("nowhere to open a window") && run.stderr.contains("run it in a terminal yourself"),
                "\(run)"
            )
            // Closed again: the next open starts afresh, it does not relaunch into the same failure.
            #expect(try scenario.window("5") == nil)
        }
    }

    @Test(
        "a new value opened inside tmux becomes a tmux window of the opener's session that attaches by itself; reopened after it ends, it is relaunched"
    )
    func launchInTmux() throws {
        let scenario = try PlaceScenario.attaching()
        let directory = scenario.directory
        let tmux = try TmuxSession(["sleep", "600"])
        let session = try tmux.display("#{session_id}")
        let opener =
            Binaries.winctl + " --socket " + scenario.socket + " --json open detail 3 > "
            + directory.file("open.json")
        try tmux.run(["new-window", "-d", "/bin/sh", "-c", opener])

        let window = try scenario.waitFor("3")
        try waitUntil("winctl open to say it created the window") {
            directory.read("open.json").contains(#""outcome":"created""#)
        }
        let pane = try #require(window["place"]?["pane"]?.string, "\(window.jsonText)")
        #expect(try tmux.display("#{session_id}", target: pane) == session, "launched in the opener's session")
        #expect(try tmux.display("#{pane_current_command}", target: pane).hasPrefix("winctl"))

        // The presenter goes (its tmux window is closed): the window stays, detached; opening its
        // value again starts the command again, and the storage is as it was.
        let id = try #require(window["id"]?.string)
        _ = try Winctl.run(["storage", "set", id, "note", "\"kept\""], socket: scenario.socket)
        try tmux.run(["kill-pane", "-t", pane])
        try waitUntil("the window to be detached") { try scenario.window("3")?["attached"]?.bool == false }
        try tmux.run(["new-window", "-d", "/bin/sh", "-c", opener])
        let again = try scenario.waitFor("3")
        #expect(again["id"]?.string == id)
        try waitUntil("winctl open to say it relaunched the window") {
            directory.read("open.json").contains(#""outcome":"relaunched""#)
        }
        let storage = try Winctl.run(["storage", "get", id, "note"], socket: scenario.socket, json: true)
        #expect(storage.stdout.contains("kept"), "\(storage)")
    }
}
