import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Launches that land (winctl(1), "open"; windowd-protocol(7), `window.open`): a command
/// launched in a tmux server whose environment knows nothing of the opener's daemon still reaches
/// it, told by `WINDOWD_SOCKET`, `WINDOWD_APP` and `WINDOWD_WINDOW_ID`; a presenter slow to start
/// is started once and waited for, and "brought to front" is said only when something was.
@Suite("Launches that land", .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(2)))
struct LaunchesThatLandTests {
    /// A tmux session whose server's environment points winctl at a daemon that is not there.
    static func misleadingTmux() throws -> TmuxSession {
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(["set-environment", "-g", "WINDOWD_SOCKET", "/nonexistent/windowd.sock"])
        try tmux.run(["set-environment", "-g", "WINDOWD_APP", "elsewhere"])
        try tmux.run(["set-environment", "-g", "XDG_RUNTIME_DIR", "/nonexistent"])
        return tmux
    }

    /// `words` quoted for `sh -c`.
    static func shellWords(_ words: [String]) -> String {
        words.map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }.joined(separator: " ")
    }

    /// The `note` window for `value` as `winctl list --json` shows it, if there is one.
    static func listed(_ daemon: DaemonProcess, value: Int64) throws -> JSONValue? {
        try daemon.window(group: "note", value: "\(value)")
    }

    @Test(
        "winctl --app X open inside tmux: the launched command gets X's socket and app and the window's id, and its winctl attach attaches"
    )
    func launchedCommandFindsTheOpenersApp() throws {
        let directory = try TemporaryDirectory()
        let told = directory.file("told")
        // No {id} and no --socket: what the launched command knows comes from its environment.
        let command =
            #"printf '%s\n' "$WINDOWD_SOCKET" "$WINDOWD_APP" "$WINDOWD_WINDOW_ID" > '\#(told)'; exec '\#(Binaries.winctl)' attach "$WINDOWD_WINDOW_ID""#
        try AppInstall.manifest(
            """
            [app]
            minimum_loading_ms = 0

            [groups.note]
            value = "int"
            command = ["/bin/sh", "-c", \(JSONValue.quote(command))]
            """,
            app: "notes",
            in: directory
        )
        let daemon = try DaemonProcess.start(in: directory, name: "notes", app: "notes")
        defer { daemon.stop() }
        let tmux = try Self.misleadingTmux()
        let opener =
            "XDG_RUNTIME_DIR='\(directory.path)' XDG_CONFIG_HOME='\(directory.file("config"))' '\(Binaries.winctl)' --app notes --json open note 3 > '\(directory.file("open.json"))' 2>&1"
        try tmux.run(["new-window", "-d", "/bin/sh", "-c", opener])

        var window: JSONValue?
        try waitUntil("note 3 to be attached by its launched presenter", timeout: .seconds(15)) {
            window = try Self.listed(daemon, value: 3)
            return window?["attached"]?.bool == true
        }
        let id = try #require(window?["id"]?.string)
        #expect(directory.read("told") == "\(daemon.socketPath)\nnotes\n\(id)\n")
        #expect(window?["place"]?["kind"]?.string == "tmux")
    }

    @Test(
        "winctl --socket S launch --window ID (what the Python client runs) inside tmux: the command gets S, and ID as WINDOWD_WINDOW_ID"
    )
    func winctlLaunchPassesTheVariables() throws {
        let directory = try TemporaryDirectory()
        let told = directory.file("told")
        let tmux = try Self.misleadingTmux()
        let command = #"printf '%s\n' "$WINDOWD_SOCKET" "$WINDOWD_APP" "$WINDOWD_WINDOW_ID" > '\#(told)'"#
        let launcher = Self.shellWords([
            Binaries.winctl, "--socket", "relative.sock", "launch", "--title", "t", "--window", "w-7", "--",
            "/bin/sh", "-c", command,
        ])
        try tmux.run(["new-window", "-d", "/bin/sh", "-c", "cd '\(directory.path)' && " + launcher])
        try waitUntil("the launched command to write what it was told") { directory.read("told").hasSuffix("w-7\n") }
        #expect(
            directory.read("told") == "\(directory.path)/relative.sock\nelsewhere\nw-7\n",
            "the socket made absolute; no app chosen, so the server's own WINDOWD_APP stays (the socket decides)"
        )
    }

    @Test(
        "a presenter that takes 6 s to start is started once: opens meanwhile say launching, then focused once it attached"
    )
    func slowPresenterStartsOnce() throws {
        let directory = try TemporaryDirectory()
        let starts = directory.file("starts")
        let socket = directory.file("s.sock")
        let command = #"echo $$ >> '\#(starts)'; sleep 6; exec '\#(Binaries.winctl)' --socket '\#(socket)' attach "$0""#
        let daemon = try DaemonProcess(
            in: directory,
            config: """
                [app]
                minimum_loading_ms = 0

                [groups.note]
                value = "int"
                command = ["/bin/sh", "-c", \(JSONValue.quote(command)), "{id}"]
                """
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let tmux = try Self.misleadingTmux()
        let opener = "'\(Binaries.winctl)' --socket '\(socket)' --json open note 1 > '\(directory.file("open.json"))'"
        let opened = Poll.now()
        try tmux.run(["new-window", "-d", "/bin/sh", "-c", opener])
        try waitUntil("the presenter to start") { !directory.read("starts").isEmpty }

        // Opens while it starts, the last past the 5 s after which windowd used to start another,
        // each from a tmux window as a user would (where a second start would land).
        var outcomes: [String] = []
        for at in [1.0, 3.0, 5.5] {
            while Poll.now() - opened < at { usleep(50_000) }
            if try Self.listed(daemon, value: 1)?["attached"]?.bool == true { break }
            let again = directory.file("again-\(outcomes.count).json")
            try tmux.run([
                "new-window", "-d", "/bin/sh", "-c",
                "'\(Binaries.winctl)' --socket '\(socket)' --json open note 1 > '\(again)'",
            ])
            try waitUntil("winctl open to answer") { !directory.read("again-\(outcomes.count).json").isEmpty }
            outcomes.append(
                try JSONValue.parse(directory.read("again-\(outcomes.count).json"))["outcome"]?.string ?? "?"
            )
        }
        try waitUntil("note 1 to be attached", timeout: .seconds(15)) {
            try Self.listed(daemon, value: 1)?["attached"]?.bool == true
        }
        #expect(!outcomes.isEmpty && outcomes.allSatisfy { $0 == "launching" }, "\(outcomes)")
        let text = try Winctl.run(["open", "note", "1"], socket: socket)
        #expect(text.stdout.hasSuffix("already open, brought to front\n"), "\(text)")
        usleep(500_000)
        #expect(directory.read("starts").split(separator: "\n").count == 1, "started once: \(directory.read("starts"))")
    }
}
