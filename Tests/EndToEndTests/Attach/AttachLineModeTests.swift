import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl attach --no-tty` with any standard input (windowd starts
/// launch commands with `/dev/null`), and across a daemon restart, as winctl(1) promises.
@Suite("winctl attach in line mode", .serialized, .timeLimit(.minutes(3)))
struct AttachLineModeTests {
    /// Opens `detail 7` and returns its id.
    private static func openWindow(on daemon: DaemonProcess) throws -> String {
        let opened = try Winctl.run(["open", "detail", "7"], socket: daemon.socketPath, json: true)
        return try #require(try opened.json()["window"]?["id"]?.string, "\(opened)")
    }

    /// Whether window `id` has a presenter, as the daemon says.
    private static func isAttached(_ id: String, on daemon: DaemonProcess) throws -> Bool {
        let windows = try daemon.client().call("window.list")["windows"]?.array ?? []
        return windows.contains { $0["id"]?.string == id && $0["attached"]?.bool == true }
    }

    @Test(
        "standard input /dev/null: attached, the end of input ends nothing, presenting until dismissed (plain and --json)",
        arguments: [false, true]
    )
    func devNull(json: Bool) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let id = try Self.openWindow(on: daemon)
        let attach = try WinctlSession(
            ["attach", "--no-tty", id],
            socket: daemon.socketPath,
            json: json,
            stderr: daemon.directory.file("attach.err"),
            stdin: .null
        )
        defer { attach.stop() }
        let first = try #require(try attach.readLine(), "output ended: \(daemon.directory.read("attach.err"))")
        #expect(json ? first.contains(#""attached":true"#) : first.hasPrefix("attached to"), "\(first)")
        // The end of /dev/null came at once; the presenter is still there, attached.
        try waitUntil("the daemon to list the window attached") { try Self.isAttached(id, on: daemon) }
        // Half a second of whatever it prints (its events), and it has not ended.
        while (try? attach.readLine(timeout: .milliseconds(500))) != nil {}
        #expect(attach.process.poll() == nil, "still presenting: \(daemon.directory.read("attach.err"))")

        #expect(try Winctl.run(["close", id], socket: daemon.socketPath).status == 0)
        var last = ""
        while let line = try attach.readLine() { last = line }
        #expect(last.contains("closed"), "the dismissal is the last line: \(last)")
        #expect(try attach.wait() == .exited(0), "\(daemon.directory.read("attach.err"))")
        #expect(!daemon.directory.read("attach.err").contains("Fatal error"))
    }

    @Test("standard input a regular file: its lines are commands, then presenting goes on until dismissed")
    func regularFile() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let id = try Self.openWindow(on: daemon)
        let commands = try daemon.directory.write("inactive\n", to: "commands")
        let input = open(commands, O_RDONLY | O_CLOEXEC)
        #expect(input >= 0)
        defer { close(input) }
        let attach = try WinctlSession(
            ["attach", "--no-tty", id],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach.err"),
            stdin: .descriptor(input)
        )
        defer { attach.stop() }
        _ = try attach.readJSON()
        let phase = try attach.readJSON { $0["aggregate"] != nil }
        #expect(phase["window"]?["phase"]?.string == "inactive", "\(phase.jsonText)")
        #expect(attach.process.poll() == nil, "the end of the file ends nothing")
        #expect(try Winctl.run(["close", id], socket: daemon.socketPath).status == 0)
        #expect(try attach.wait() == .exited(0), "\(daemon.directory.read("attach.err"))")
    }

    @Test(
        "windowd stopped (SIGTERM) or killed (SIGKILL) and started again: the presenter reconnects and attaches to the same id",
        arguments: [SIGTERM, SIGKILL]
    )
    func reconnectsAcrossARestart(signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess.start(in: directory)
        defer { daemon.stop() }
        let id = try Self.openWindow(on: daemon)
        let errors = directory.file("attach.err")
        let attach = try WinctlSession(
            ["attach", "--no-tty", id],
            socket: daemon.socketPath,
            json: true,
            stderr: errors
        )
        defer { attach.stop() }
        #expect(try attach.readJSON()["window"]?["id"]?.string == id)
        try waitUntil("the daemon to list the window attached") { try Self.isAttached(id, on: daemon) }

        daemon.process.signal(signal)
        _ = try daemon.process.wait()
        let again = try DaemonProcess.start(in: directory, name: "again")
        defer { again.stop() }
        try waitUntil("the presenter to attach again", timeout: .seconds(15)) { try Self.isAttached(id, on: again) }
        #expect(attach.process.poll() == nil, "still presenting: \(directory.read("attach.err"))")
        #expect(directory.read("attach.err").contains("reconnecting"), "it said so: \(directory.read("attach.err"))")

        // The same presenter goes on: a phase typed now reaches the new daemon.
        try attach.type("inactive")
        let phase = try attach.readJSON { $0["aggregate"] != nil }
        #expect(
            phase["window"]?["id"]?.string == id && phase["window"]?["phase"]?.string == "inactive",
            "\(phase.jsonText)"
        )
        #expect(try Winctl.run(["close", id], socket: again.socketPath).status == 0)
        #expect(try attach.wait() == .exited(0), "\(directory.read("attach.err"))")
    }

    @Test("windowd gone for longer than --give-up: exit 69, saying so")
    func givesUp() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let id = try Self.openWindow(on: daemon)
        let errors = daemon.directory.file("attach.err")
        let attach = try WinctlSession(
            ["attach", "--no-tty", "--give-up", "1", id],
            socket: daemon.socketPath,
            stderr: errors
        )
        defer { attach.stop() }
        _ = try attach.readLine()
        daemon.process.signal(SIGKILL)
        #expect(try attach.wait(timeout: .seconds(10)) == .exited(69))
        #expect(daemon.directory.read("attach.err").contains("giving up"), "\(daemon.directory.read("attach.err"))")
    }
}
