import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl attach` under a real terminal (winctl(1), Attached terminals): tmux on a private socket runs it,
/// the test drives the daemon over its socket and reads the screen with `capture-pane`.
@Suite("Attached terminals", .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(2)))
struct AttachTerminalTests {
    /// A config whose `loading` lasts until a transition ends it, so the launch screen can be seen.
    static func config(minimumLoadingMilliseconds: Int = 0, stateDirectory: String? = nil) -> String {
        """
        \(stateDirectory.map { "[state]\ndirectory = \"\($0)\"\n" } ?? "")
        [app]
        minimum_loading_ms = \(minimumLoadingMilliseconds)

        [groups.detail]
        value = "int"
        """
    }

    /// `winctl --socket SOCKET attach ARGUMENTS` as the argv of a tmux window, in a shell that then
    /// prints `winctl exited STATUS` and stays.
    ///
    /// A pane whose program has exited is gone (or, with `remain-on-exit`, tmux 3.3 closes its
    /// pty at once and may drop the last line written); the shell keeps it to be read.
    static func attach(_ daemon: DaemonProcess, _ arguments: String...) -> [String] {
        [
            "/bin/sh", "-c", #""$0" "$@"; echo "winctl exited $?"; exec sleep 600"#, Binaries.winctl, "--socket",
            daemon.socketPath, "attach",
        ]
            + arguments
    }

    /// The window of group `detail` for `value`, as `window.list` shows it.
    static func window(_ client: RawClient, value: Int64 = 42) throws -> JSONValue {
        let all = try client.call("window.list").jsonText
        return try #require(try findWindow(client, value: value), "no detail \(value) in \(all)")
    }

    /// The window of group `detail` for `value`, if the daemon has one: for polling.
    static func findWindow(_ client: RawClient, value: Int64 = 42) throws -> JSONValue? {
        try client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array?.first { $0["value"]?.int == value }
    }

    @Test("the screen follows the app state: loading, sign-in, onboarding, main, error")
    func screenForEachAppState() throws {
        let daemon = try DaemonProcess(
            in: TemporaryDirectory(),
            config: Self.config(minimumLoadingMilliseconds: 600_000)
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let client = try daemon.client()
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42"))

        try tmux.waitForText("Loading…")
        try tmux.waitForDisplay("#{alternate_on}", "1")
        // No tmux client shows the pane (a detached session): no one can see it, and the presenter
        // learns that from tmux (windowd-protocol(7), "Scene phase").
        let title = try #require(try tmux.waitForText("phase background · app background").first)
        #expect(title.hasPrefix(" windowd · detail 42"), "\(title)")
        #expect(title.hasSuffix("phase background · app background"), "\(title)")

        try client.call("app.transition", #"{"to":{"state":"unauthenticated"}}"#)
        let signIn = try tmux.waitForText("winctl login USER")
        #expect(signIn.contains { $0.contains("Sign in") })
        #expect(!signIn.contains { $0.contains("Loading…") }, "the old screen is gone: \(signIn)")

        try client.call("app.transition", #"{"to":{"state":"onboarding","step":"welcome"}}"#)
        try tmux.waitForText("Onboarding · step 1 of 4: Welcome")
        try client.call("app.transition", #"{"to":{"state":"onboarding","step":"permissions"}}"#)
        let onboarding = try tmux.waitForText("step 2 of 4: Permissions")
        #expect(onboarding.contains { $0.contains("Next: winctl transition onboarding profileSetup") })

        try client.call("window.open", #"{"group":"detail","value":7}"#)
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        let id = try #require(try Self.window(client)["id"]?.string)
        let main = try tmux.waitForText("Signed in as alice")
        #expect(main.contains { $0.contains("window   detail 42") })
        #expect(main.contains { $0.contains("id       \(id)") })
        #expect(main.contains { $0.contains("phase    background (app: background)") })
        #expect(
            main.contains { $0.contains("detail  7      background  detached") },
            "the other window and its phase: \(main)"
        )

        try client.call("app.transition", #"{"to":{"state":"error","error":"sessionExpired"}}"#)
        let error = try tmux.waitForText("Error: session expired")
        #expect(error.contains { $0.contains("To recover: winctl transition unauthenticated, then winctl login USER") })
    }

    @Test("focus reports set the phase the daemon sees; a resize redraws to the new size")
    func focusSetsThePhase() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        defer { daemon.stop() }
        let client = try daemon.client()
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42"))
        try tmux.waitForText("winctl login USER")
        // A client shows the pane, and tmux says it has the focus once the presenter turns focus-events on.
        let shown = try PlacesTmuxTests.attachClient(tmux)
        defer { _ = shown.terminate(grace: .milliseconds(200)) }
        try waitUntil("the shown pane to be active") { try Self.window(client)["phase"]?.string == "active" }

        let focusOut: [UInt8] = [0x1B, 0x5B, 0x4F]  // CSI O
        let focusIn: [UInt8] = [0x1B, 0x5B, 0x49]  // CSI I
        try tmux.sendBytes(focusOut)
        try waitUntil("the window to become inactive") { try Self.window(client)["phase"]?.string == "inactive" }
        // The aggregate follows once the fall has held for phase_settle_ms.
        try waitUntil("the aggregate to settle") { try client.call("scene.phase")["aggregate"]?.string == "inactive" }
        try tmux.waitForText("phase inactive · app inactive")

        try tmux.sendBytes(focusIn)
        try waitUntil("the window to become active") { try Self.window(client)["phase"]?.string == "active" }
        try tmux.sendBytes(focusOut + focusIn + focusOut)
        try waitUntil("the last report to win") { try Self.window(client)["phase"]?.string == "inactive" }

        try tmux.run(["resize-window", "-x", "60", "-y", "12"])
        let resized = try tmux.waitForScreen("a 60 × 12 frame") { lines in
            // capture-pane trims the title bar's last blank.
            lines.count >= 12 && lines[11].hasPrefix(" q detach") && lines[0].count == 59
        }
        #expect(resized[0].contains("phase inactive · app "), "\(resized[0])")
        try tmux.waitForText("phase inactive · app inactive")  // the app's phase once the fall has settled
    }

    @Test("q detaches and gives the terminal back; the pane's program exits 0")
    func quitRestoresTheTerminal() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        defer { daemon.stop() }
        let client = try daemon.client()
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42"))
        try tmux.waitForText("winctl login USER")
        try tmux.waitForDisplay("#{alternate_on}", "1")

        try tmux.sendKeys("q")
        let screen = try tmux.waitForText("winctl exited 0")
        #expect(try tmux.display("#{alternate_on}") == "0", "back on the normal screen")
        #expect(screen.contains { $0.hasPrefix("detached from ") && $0.hasSuffix(" detail 42") }, "\(screen)")
        #expect(!screen.contains { $0.contains("winctl login USER") }, "the view is gone with the alternate screen")
        let window = try Self.window(client)
        #expect(window["attached"]?.bool == false)
        #expect(window["phase"]?.string == "background")
    }

    @Test("winctl open of a shown value selects the tmux window that shows it")
    func openSelectsTheTmuxWindow() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        defer { daemon.stop() }
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42"))
        try tmux.waitForText("winctl login USER", target: ":0")
        try tmux.run([
            "new-window", "-d", "-t", ":1", Binaries.winctl, "--socket", daemon.socketPath, "attach", "detail", "7",
        ])
        try tmux.waitForText("winctl login USER", target: ":1")
        try tmux.run(["select-window", "-t", ":1"])
        try tmux.waitForDisplay("#{window_index}", "1")

        let opened = try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath)
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.stdout.contains("brought to front"), "\(opened)")
        try tmux.waitForDisplay("#{window_index}", "0")
        try tmux.waitForText("brought to front", target: ":0")

        _ = try Winctl.run(["open", "detail", "7"], socket: daemon.socketPath)
        try tmux.waitForDisplay("#{window_index}", "1")
    }

    @Test("while the presenter is stopped (Ctrl-Z), winctl open says stopped; after fg it brings it to front again")
    func openWhileStopped() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        defer { daemon.stop() }
        let client = try daemon.client()
        let tmux = try TmuxSession.shell()
        try tmux.sendKeys("\(Binaries.winctl) --socket \(daemon.socketPath) attach detail 42", "Enter")
        try tmux.waitForText("winctl login USER")
        let id = try #require(try Self.window(client)["id"]?.string)
        try tmux.sendKeys("C-z")
        try tmux.waitForText("Stopped")

        let open = try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath)
        #expect(open.status == 0, "\(open)")
        #expect(
            open.stdout == "\(id) already open, stopped (Ctrl-Z) in its terminal: `fg` there continues it\n",
            "\(open)"
        )
        try tmux.sendKeys("fg", "Enter")
        try waitUntil("the presenter to tell it runs again") {
            try Winctl.run(["open", "detail", "42"], socket: daemon.socketPath).stdout
                == "\(id) already open, brought to front\n"
        }
    }

    @Test("a restarted daemon gets the window back: by id with its storage, by group and value without")
    func reconnectsAfterRestart() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(in: directory, config: Self.config())
        defer { first.stop() }
        try first.waitUntilServing()
        try first.waitForAppState("unauthenticated")
        try first.client().call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        let tmux = try TmuxSession(Self.attach(first, "detail", "42", "--give-up", "30"))
        try tmux.waitForText("[Windows]")
        try tmux.sendKeys("Tab")
        try tmux.waitForText("[Storage]")
        let id = try #require(try Self.window(first.client())["id"]?.string)
        let stored = try first.client().call("storage.get", #"{"id":"\#(id)","key":"ui.panel"}"#)
        #expect(stored["storage"]?["ui.panel"]?.string == "storage", "the panel is kept in scene storage: \(stored)")

        first.stop()
        try tmux.waitForText("reconnecting to windowd at \(first.socketPath)")

        // The same state directory: the window comes back with its id and storage.
        let second = try DaemonProcess(in: directory, config: Self.config(), name: "windowd2")
        defer { second.stop() }
        try second.waitUntilServing()
        let client = try second.client()
        do {
            try waitUntil("the presenter to attach again") { try Self.findWindow(client)?["attached"]?.bool == true }
        } catch {
            Issue.record(
                "\(error); the daemon's log:\n\(second.log)\nthe screen:\n\(try tmux.screen().joined(separator: "\n"))"
            )
            return
        }
        #expect(try Self.window(client)["id"]?.string == id)
        // The daemon sees the attach a moment before the view redraws: wait for the redraw.
        var back: [String] = []
        try waitUntil("the view to leave 'reconnecting'") {
            back = try tmux.screen()
            return back.contains { $0.contains("[Storage]") } && !back.contains { $0.contains("reconnecting") }
        }
        #expect(back.contains { $0.contains("ui.panel  \"storage\"") }, "\(back)")

        // A fresh state directory: the id is unknown, so it attaches by group and value.
        second.stop()
        try tmux.waitForText("reconnecting")
        let third = try DaemonProcess(
            in: directory,
            config: Self.config(stateDirectory: directory.file("fresh")),
            name: "windowd3"
        )
        defer { third.stop() }
        try third.waitUntilServing()
        let fresh = try third.client()
        try waitUntil("the presenter to attach by group and value") {
            try Self.findWindow(fresh)?["attached"]?.bool == true
        }
        let newID = try #require(try Self.window(fresh)["id"]?.string)
        #expect(newID != id)
        try waitUntil("the panel to be stored again") {
            try fresh.call("storage.get", #"{"id":"\#(newID)"}"#)["storage"]?["ui.panel"]?.string == "storage"
        }
        try tmux.waitForText("winctl login USER")
    }

    @Test("winctl close dismisses the presenter: it says why and exits 0")
    func closeEndsThePresenter() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        defer { daemon.stop() }
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42"))
        try tmux.waitForText("winctl login USER")
        let id = try #require(try Self.window(daemon.client())["id"]?.string)

        let closed = try Winctl.run(["close", id], socket: daemon.socketPath)
        #expect(closed.status == 0, "\(closed)")
        let screen = try tmux.waitForText("winctl exited 0")
        #expect(try tmux.display("#{alternate_on}") == "0")
        #expect(screen.contains("window \(id) was closed"), "\(screen)")
    }

    @Test("a daemon gone for longer than --give-up ends the presenter with 69")
    func givesUp() throws {
        let daemon = try DaemonProcess.start(config: Self.config())
        let tmux = try TmuxSession(Self.attach(daemon, "detail", "42", "--give-up", "1"))
        try tmux.waitForText("winctl login USER")
        daemon.stop()
        let screen = try tmux.waitForText("winctl exited 69")
        #expect(try tmux.display("#{alternate_on}") == "0")
        #expect(screen.contains { $0.contains("has been gone for 1s; giving up") }, "\(screen)")
    }
}
