import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl ssh` against a real sshd on the loopback: the host `box` of an ssh config file.
@Suite(
    "winctl ssh with real OpenSSH",
    .serialized,
    .timeLimit(.minutes(2))
)
struct SshTests {
    private static let config = HostSocketTests.config

    /// `winctl ssh -F CFG box 'REMOTE'`'s argv; with `-tt`, a terminal there, whose hang-up ends REMOTE with ssh.
    private static func ssh(
        _ server: SshServer,
        _ daemon: DaemonProcess,
        _ remote: String,
        tty: Bool = false
    )
        -> [String]
    {
        [Binaries.winctl, "--socket", daemon.socketPath, "ssh"] + (tty ? ["-tt"] : []) + [
            "-F", server.config, "box", remote,
        ]
    }

    @Test(
        "box's run of /p in a tmux window presents box:/p inside that tmux pane; a local /p is another window; a second ssh's run brings the first and its tmux window to front and starts nothing; killing ssh detaches it and keeps its storage"
    )
    func remoteWindow() throws {
        let server = try SshServer()
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let mark = server.directory.file("second-ran")
        let first = "\(Binaries.winctl) run file /p -- /bin/sh -c 'echo presenting; sleep 60'"
        let tmux = try TmuxSession(Self.ssh(server, daemon, first))
        try tmux.waitForText("presenting", timeout: .seconds(20))
        let window = try daemon.waitForWindow(group: "file", value: "box:/p")
        let id = try #require(window["id"]?.string)
        let pane = try tmux.display("#{pane_id}")
        #expect(window["place"]?["outer"]?["pane"]?.string == pane, "nested in the local pane: \(window)")
        try tmux.run(["new-window"])
        try tmux.waitForDisplay("#{window_index}", "1")
        #expect(try Winctl.run(["storage", "set", id, "k", "\"kept\""], socket: daemon.socketPath).status == 0)

        let local = try Winctl.run(["open", "file", "/p"], socket: daemon.socketPath, json: true)
        #expect(try local.json()["created"]?.bool == true, "\(local)")
        #expect(try local.json()["window"]?["value"]?.string == "/p")

        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["window.focus","window.opened"]}"#)
        let second = try Winctl.run(
            Array(Self.ssh(server, daemon, "\(Binaries.winctl) run file /p -- /bin/sh -c 'touch \(mark)'").dropFirst()),
            socket: nil,
            timeout: .seconds(20)
        )
        #expect(second.status == 0, "\(second)")
        let focus = try watcher.nextEvent()
        #expect(
            focus["method"]?.string == "window.focus" && focus["params"]?["window"]?["id"]?.string == id,
            "\(focus)"
        )
        #expect(!FileManager.default.fileExists(atPath: mark), "the second run started its program")
        try tmux.waitForDisplay("#{window_index}", "0")
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath + ".box"))

        let (ssh, argv) = try #require(Self.process(named: "ssh", with: server.config))
        let forward = try #require(argv.firstIndex(of: "-R").map { argv[$0 + 1] })
        let remotePath = String(forward.prefix { $0 != ":" })
        #expect(FileManager.default.fileExists(atPath: remotePath))
        kill(ssh, SIGTERM)
        try daemon.waitForWindow(group: "file", value: "box:/p", attached: false)
        let kept = try Winctl.run(["storage", "get", id, "k"], socket: daemon.socketPath)
        #expect(kept.stdout.contains("kept"), "\(kept)")
        #expect(Poll.until { !FileManager.default.fileExists(atPath: daemon.socketPath + ".box") })
        #expect(Poll.until { !FileManager.default.fileExists(atPath: remotePath) }, "\(remotePath) is left on box")
    }

    @Test("a presenter in a tmux on box outlives its ssh, detached, and re-attaches through the next winctl ssh box")
    func reattach() throws {
        let server = try SshServer()
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let tmux = "wds-\(getpid())"
        defer { _ = try? SpawnedProcess("/usr/bin/tmux", ["-L", tmux, "kill-server"]).wait() }
        let run = "\(Binaries.winctl) run file /r -- sleep 60"
        let first = try SpawnedProcess(
            Binaries.winctl,
            Array(
                Self.ssh(server, daemon, "tmux -L \(tmux) -f /dev/null new-session -d '\(run)'; sleep 20", tty: true)
                    .dropFirst()
            )
        )
        try daemon.waitForWindow(group: "file", value: "box:/r")
        let (ssh, _) = try #require(Self.process(named: "ssh", with: server.config))
        kill(ssh, SIGTERM)
        #expect(try first.wait().exitStatus != 0)
        try daemon.waitForWindow(group: "file", value: "box:/r", attached: false)
        // The next connection to box: the presenter comes back by itself (and its connection keeps ssh up).
        let second = try SpawnedProcess(
            Binaries.winctl,
            Array(Self.ssh(server, daemon, "sleep 20", tty: true).dropFirst())
        )
        try daemon.waitForWindow(group: "file", value: "box:/r")
        second.signal(SIGTERM)
        _ = try second.wait()
    }

    @Test("a hosts = [\"local\"] group refuses box, and ssh's exit status comes back")
    func refused() throws {
        let server = try SshServer()
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let run = try Winctl.run(
            ["ssh", "-F", server.config, "box", "\(Binaries.winctl) open mine /q"],
            socket: daemon.socketPath,
            timeout: .seconds(20)
        )
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("not opened from box"), "\(run)")
        #expect(try daemon.window(group: "mine", value: "box:/q") == nil)
        let exit = try Winctl.run(["ssh", "-F", server.config, "box", "exit 7"], socket: daemon.socketPath)
        #expect(exit.status == 7, "\(exit)")
    }

    /// The pid and argv of a process named `name` whose command line holds `argument`.
    private static func process(named name: String, with argument: String) -> (pid_t, [String])? {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        for pid in pids {
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let argv = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if argv.first == name && argv.contains(argument) { return (pid, argv) }
        }
        return nil
    }
}
