import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl restore` after a reboot played in a real tmux: every pane's program killed with its
/// server, windowd stopped and started, and the windows brought back where they were.
@Suite(
    "winctl restore in tmux",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .timeLimit(.minutes(3))
)
struct RestoreTmuxTests {
    /// Two groups run as vim and less, of files.
    static func scenario() throws -> PlaceScenario {
        try PlaceScenario.running(
            keys: """
                run = ["vim", "-n", "-u", "NONE", "-i", "NONE", "{value}"]

                [groups.page]
                value = "string"
                run = ["less", "{value}"]
                """
        )
    }

    /// `tmux list-windows -a`: each window as `session:index command`.
    static func windows(_ tmux: TmuxSession) throws -> Set<String> {
        let text = try tmux.run(["list-windows", "-a", "-F", "#{session_name}:#{window_index} #{pane_current_command}"])
        return Set(text.split(separator: "\n").map(String.init))
    }

    @Test(
        "after the tmux server and windowd went: vim and less back in their sessions at their indexes (a session made again too) on their files, same ids and storage; a second restore and a dry run start nothing"
    )
    func reboot() throws {
        let scenario = try Self.scenario()
        let directory = scenario.directory
        let files = try ["a.txt", "b.txt", "c.txt"].map { name in
            try directory.write((1...5).map { "\(name) line \($0)" }.joined(separator: "\n") + "\n", to: name)
        }
        let run = { (group: String, file: String, program: [String]) -> [String] in
            [Binaries.winctl, "--socket", scenario.socket, "run", group, file, "--"] + program + [file]
        }
        let vim = ["vim", "-n", "-u", "NONE", "-i", "NONE"]
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(["new-session", "-d", "-s", "work"] + run("file", files[0], vim))
        try tmux.run(["new-window", "-t", "work:3"] + run("page", files[1], ["less"]))
        try tmux.run(["new-session", "-d", "-s", "notes", "sleep", "600"])
        try tmux.run(["new-window", "-t", "notes:2"] + run("file", files[2], vim))
        let targets = ["work:0", "work:3", "notes:2"]
        let groups = ["file", "page", "file"]
        var ids: [String] = []
        var pids: [pid_t] = []
        var screens: [[String]] = []
        for (index, file) in files.enumerated() {
            let window = try scenario.daemon.waitForWindow(group: groups[index], value: file, timeout: .seconds(15))
            ids.append(try #require(window["id"]?.string))
            pids.append(pid_t(try #require(window["pid"]?.int)))
            screens.append(
                try tmux.waitForText(files[index].split(separator: "/").last! + " line 5", target: targets[index])
            )
        }
        _ = try Winctl.run(["storage", "set", ids[1], "note", "\"kept\""], socket: scenario.socket)
        // A user's client shows notes' vim last: the most recently active, which ends in front.
        let client = try tmux.attachClient()
        defer { _ = client.terminate(grace: .milliseconds(200)) }
        try waitUntil("the client to attach") { (try? tmux.run(["switch-client", "-t", "notes:2"])) != nil }
        try scenario.daemon.waitForWindow(group: "file", value: files[2], phase: "active")

        try tmux.run(["kill-server"])
        try waitUntil("every presenter gone") { pids.allSatisfy { kill($0, 0) != 0 } }
        try scenario.stopAndStart()
        for (index, file) in files.enumerated() {
            let window = try scenario.daemon.window(group: groups[index], value: file)
            #expect(window?["pid"] == nil, "a presenter gone with its terminal is not awaited back")
        }

        let dry = try Winctl.run(["restore", "--dry-run"], socket: scenario.socket)
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stdout.split(separator: "\n").count == 3
                && dry.stdout.contains("\(ids[0]) file \(files[0]) tmux work:0 would come back"),
            "\(dry)"
        )
        #expect(throws: (any Error).self, "the dry run started no tmux server") { try tmux.run(["list-sessions"]) }

        let recent = try Winctl.run(["list", "--recent"], socket: scenario.socket).stdout.split(separator: "\n")
        let restored = try Winctl.run(["restore"], socket: scenario.socket)
        #expect(restored.status == 0, "\(restored)")
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.count == 3 && recent.count == 4 && lines.last?.prefix(36) == recent[1].prefix(36),
            "the most recent last, in front: \(restored)"
        )
        #expect(lines.allSatisfy { $0.hasSuffix(" came back") }, "\(restored)")
        for (index, file) in files.enumerated() {
            let window = try scenario.daemon.waitForWindow(group: groups[index], value: file, timeout: .seconds(15))
            #expect(window["id"]?.string == ids[index])
            #expect(window["place"]?["window"]?.string == targets[index].split(separator: ":").last.map(String.init))
            let screen = try tmux.waitForScreen("the program on \(file) as it was", target: targets[index]) {
                $0 == screens[index]
            }
            #expect(screen == screens[index])
        }
        #expect(try Self.windows(tmux).isSuperset(of: ["work:0 vim", "work:3 less", "notes:2 vim"]))
        let stored = try Winctl.run(["storage", "get", ids[1], "note"], socket: scenario.socket, json: true)
        #expect(try stored.json()["storage"]?["note"]?.string == "kept", "\(stored)")

        let before = try Self.windows(tmux)
        let again = try Winctl.run(["restore"], socket: scenario.socket)
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
        #expect(try Self.windows(tmux) == before, "the second restore started nothing")
        let last = try Winctl.run(["last"], socket: scenario.socket)
        #expect(last.status == 0 && last.stdout == "\(recent[1].prefix(36)) brought to front\n", "\(last)")
        let lastPage = try Winctl.run(["last", "page"], socket: scenario.socket)
        #expect(
            lastPage.status == 1 && lastPage.stderr == "winctl: no window of group page has been active\n",
            "\(lastPage)"
        )
    }

    @Test(
        "a window whose program cannot start does not come back: its line says why, exit 1 names it on standard error, and vim came back all the same"
    )
    func oneCannotComeBack() throws {
        let program = "/nonexistent/windowd-gone-program"
        let scenario = try PlaceScenario.running(
            keys: """
                run = ["vim", "-n", "-u", "NONE", "-i", "NONE", "{value}"]

                [groups.gone]
                value = "string"
                command = ["\(program)", "{id}"]
                """
        )
        let file = try scenario.directory.write("kept line\n", to: "a.txt")
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(
            ["new-session", "-d", "-s", "work"]
                + scenario.run("file", file, "--", "vim", "-n", "-u", "NONE", "-i", "NONE", file)
        )
        // Presented before the reboot; its program is not there after it.
        try tmux.run([
            "new-window", "-t", "work:1", Binaries.winctl, "--socket", scenario.socket, "attach", "gone", "b",
        ])
        let windows = try [("file", file), ("gone", "b")].map { group, value in
            try scenario.daemon.waitForWindow(group: group, value: value, timeout: .seconds(15))
        }
        let ids = try windows.map { try #require($0["id"]?.string) }
        let pids = try windows.map { pid_t(try #require($0["pid"]?.int)) }
        let screen = try tmux.waitForText("kept line", target: "work:0")
        try tmux.run(["kill-server"])
        try waitUntil("the presenters gone") { pids.allSatisfy { kill($0, 0) != 0 } }
        try scenario.stopAndStart()

        let restored = try Winctl.run(["restore"], socket: scenario.socket)
        #expect(restored.status == 1, "\(restored)")
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.contains("\(ids[0]) file \(file) tmux work:0 came back"), "\(restored)")
        #expect(
            lines.contains(
                "\(ids[1]) gone b tmux work:1 could not start \(program) \(ids[1]): \(program) is not an executable file"
            ),
            "\(restored)"
        )
        #expect(restored.stderr == "winctl: did not come back: \(ids[1])\n", "\(restored)")
        try tmux.waitForScreen("vim on its file as it was", target: "work:0") { $0 == screen }
        try scenario.waitFor(file)
        let again = try Winctl.run(["restore", "--dry-run"], socket: scenario.socket)
        #expect(
            again.status == 0 && again.stdout == "\(ids[1]) gone b tmux work:1 would come back\n",
            "the daemon was told that it did not start, so nothing waits for it: \(again)"
        )
    }

    @Test("a presenter stopped with SIGSTOP across a restart of windowd is not restored beside itself")
    func stoppedIsNotRestored() throws {
        let scenario = try Self.scenario()
        let tmux = try TmuxSession(scenario.run("file", "s", "--", "sleep", "600"))
        let window = try scenario.waitFor("s")
        let pid = try #require(window["pid"]?.int)
        kill(pid_t(pid), SIGSTOP)
        defer { kill(pid_t(pid), SIGCONT) }
        try scenario.stopAndStart()
        let before = try Self.windows(tmux)
        let restored = try Winctl.run(["restore"], socket: scenario.socket)
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.stdout.contains("stopped"), "\(restored)")
        #expect(try Self.windows(tmux) == before, "nothing was started")
        kill(pid_t(pid), SIGCONT)
        try scenario.waitFor("s")
    }

    @Test(
        "the tmux.conf line: a tmux server started again brings back the windows of at-login groups in their session, not the others"
    )
    func tmuxConfLine() throws {
        let scenario = try PlaceScenario.running(
            keys: """
                run = ["vim", "-n", "-u", "NONE", "-i", "NONE", "{value}"]
                relaunch = "at-login"

                [groups.page]
                value = "string"
                run = ["less", "{value}"]
                """
        )
        let file = try scenario.directory.write("kept line\n", to: "a.txt")
        let run = [Binaries.winctl, "--socket", scenario.socket, "run"]
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(
            ["new-session", "-d", "-s", "work"] + run + ["file", file, "--", "vim", "-n", "-u", "NONE", file]
        )
        try tmux.run(["new-window", "-t", "work:1"] + run + ["page", file, "--", "less", file])
        let pids = try [("file", file), ("page", file)].map { group, value in
            pid_t(try #require(try scenario.daemon.waitForWindow(group: group, value: value)["pid"]?.int))
        }
        let screen = try tmux.waitForText("kept line", target: "work:0")
        try tmux.run(["kill-server"])
        try waitUntil("the presenters gone") { pids.allSatisfy { kill($0, 0) != 0 } }
        try scenario.stopAndStart()

        let line = "run-shell -b \"\(Binaries.winctl) --socket \(scenario.socket) restore --at-login\""
        _ = try scenario.directory.write(line + "\n", to: "tmux.conf")
        try tmux.run(["new-session", "-d", "-s", "other", "sleep", "600"])
        try tmux.run(["source-file", scenario.directory.file("tmux.conf")])
        try waitUntil("the session made again") { (try? tmux.run(["has-session", "-t", "=work"])) != nil }
        try tmux.waitForScreen("vim on its file as it was", target: "work:0") { $0 == screen }
        try scenario.waitFor(file)
        #expect(try Self.windows(tmux) == ["other:0 sleep", "work:0 vim"], "less (on-open) did not come back")
    }
}
