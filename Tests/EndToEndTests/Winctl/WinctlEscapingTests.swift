import TestSupport
import Testing
import WindowProtocol

/// Text a client chose reaches the terminal from winctl with its control characters escaped, as
/// `winctl list` shows a value (winctl(1), "OUTPUT"): never an ESC, a BEL or a CR as it is.
@Suite("winctl escapes control characters", .timeLimit(.minutes(1)))
struct WinctlEscapingTests {
    /// ESC (a colour and a title sequence), BEL and CR.
    static let hostile = "a\u{1B}[31mred\u{1B}]0;title\u{07}b\rc"

    static func rawControls(in text: String) -> [UInt8] {
        text.utf8.filter { $0 < 0x20 && $0 != 0x0A }
    }

    @Test(
        "winctl's own usage errors quote what was typed with its control characters escaped",
        arguments: [
            [hostile], ["transition", "onboarding", hostile], ["phase", "abc", hostile], ["--app", hostile, "list"],
        ]
    )
    func usageErrors(_ arguments: [String]) throws {
        let run = try Winctl.run(arguments, socket: "/nonexistent/s.sock")
        #expect(run.status == 64, "\(run)")
        #expect(
            Self.rawControls(in: run.stderr).isEmpty,
            "no raw control character on standard error: \(Array(run.stderr.utf8))"
        )
        #expect(run.stderr.contains(#"\u001b"#), "\(run)")
    }

    @Test("winctl open's \"could not start …\" line shows a value holding ESC, BEL and CR as winctl list does")
    func couldNotStart() throws {
        let config = TestConfig.text(
            extra: """

                [groups.shown]
                value = "string"
                command = ["/nonexistent/presenter", "{value}"]
                """
        )
        let daemon = try DaemonProcess.start(config: config)
        defer { daemon.stop() }
        // No multiplexer, display or terminal to open a window in: the start fails, and says so.
        let bare = ["/usr/bin/env", "-i", "PATH=/usr/bin:/bin"]
        let open = try Winctl.run(["open", "shown", Self.hostile], socket: daemon.socketPath, wrapper: bare)
        #expect(open.status == 1, "\(open)")
        let line = try #require(open.stderr.split(separator: "\n").first { $0.contains("could not start") }, "\(open)")
        #expect(
            Self.rawControls(in: open.stderr).isEmpty,
            "no raw control character on standard error: \(Array(open.stderr.utf8))"
        )

        let shown = try #require(JSONValue.string(Self.hostile).word)
        #expect(
            line.contains("/nonexistent/presenter \(shown)"),
            "the command reads as winctl list shows the value: \(line)"
        )
        #expect(line.contains(#"\u001b"#) && line.contains(#"\u0007"#) && line.contains(#"\r"#), "\(line)")
    }

    @Test("a user name holding ESC, BEL and CR is escaped by winctl state and winctl watch")
    func userName() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let watch = try WinctlSession(["watch"], socket: daemon.socketPath, stderr: daemon.directory.file("watch.err"))
        defer { watch.stop() }
        #expect(try watch.readLine()?.contains("watching") == true)
        let login = try Winctl.run(["login", Self.hostile], socket: daemon.socketPath)
        #expect(login.status == 0 && Self.rawControls(in: login.stdout + login.stderr).isEmpty, "\(login)")
        let state = try Winctl.run(["state"], socket: daemon.socketPath)
        #expect(state.status == 0, "\(state)")
        #expect(Self.rawControls(in: state.stdout).isEmpty, "\(Array(state.stdout.utf8))")
        #expect(state.stdout.contains(#"\u001b[31mred"#), "\(state.stdout)")
        let event = try #require(try watch.readLine(), "the app.state event")
        #expect(event.contains("app.state") && Self.rawControls(in: event).isEmpty, "\(Array(event.utf8))")
    }
}
