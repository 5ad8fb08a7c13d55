import TestSupport
import Testing
import WindowProtocol

/// Winctl never hangs on a daemon that does not answer (`--timeout`, exit 69), while
/// `watch` waits for events as long as it takes.
@Suite("winctl --timeout", .timeLimit(.minutes(1)))
struct WinctlTimeoutTests {
    @Test("a socket that accepts but never answers: exit 69 after --timeout, naming the socket")
    func silentDaemon() throws {
        let directory = try TemporaryDirectory()
        let listener = try SilentListener(path: directory.file("silent.sock"))
        for arguments in [
            ["--timeout", "0.5", "status"], ["--timeout", "0.5", "open", "detail", "1"],
            ["--timeout", "0.5", "close", "3f2a"],
            ["--timeout", "0.5", "attach", "--no-tty", "detail", "1"],
            ["--timeout", "0.5", "attach", "--no-tty", "3f2a6c1e-0000-4000-8000-000000000001"],
        ] {
            let clock = ContinuousClock()
            var run: Winctl.Run?
            let took = try clock.measure { run = try Winctl.run(arguments, socket: listener.path) }
            let result = try #require(run)
            #expect(result.status == 69, "\(result)")
            #expect(
                result.stderr.contains(listener.path) && result.stderr.contains("did not answer within 0.5 s"),
                "\(result)"
            )
            #expect(took >= .milliseconds(450) && took < .seconds(4), "ended after \(took)")
        }
    }

    @Test(
        "--timeout bounds the whole answer: a reply that trickles in a byte every 0.5 s ends after --timeout, not never"
    )
    func tricklingReply() throws {
        let directory = try TemporaryDirectory()
        let listener = try TricklingListener(path: directory.file("trickle.sock"))
        let clock = ContinuousClock()
        var run: Winctl.Run?
        let took = try clock.measure {
            run = try Winctl.run(["--timeout", "1", "status"], socket: listener.path, timeout: .seconds(8))
        }
        let result = try #require(run)
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(listener.path) && result.stderr.contains("did not answer within 1 s"),
            "\(result)"
        )
        #expect(took >= .milliseconds(950) && took < .seconds(3), "ended after \(took)")
    }

    @Test("the default limit is 5 seconds; --json does not change the status")
    func defaultTimeout() throws {
        let directory = try TemporaryDirectory()
        let listener = try SilentListener(path: directory.file("silent.sock"))
        let clock = ContinuousClock()
        var run: Winctl.Run?
        let took = try clock.measure {
            run = try Winctl.run(["status"], socket: listener.path, json: true, timeout: .seconds(20))
        }
        let result = try #require(run)
        #expect(result.status == 69, "\(result)")
        #expect(result.stdout.isEmpty, "no JSON for a daemon that cannot be reached: \(result)")
        #expect(result.stderr.contains("within 5 s"), "\(result)")
        #expect(took >= .milliseconds(4_900) && took < .seconds(10), "ended after \(took)")
    }

    @Test("a full backlog: the connect itself waits at most --timeout")
    func fullBacklog() throws {
        let directory = try TemporaryDirectory()
        let listener = try SilentListener(path: directory.file("full.sock"))
        try listener.fillBacklog()
        let run = try Winctl.run(["--timeout", "0.5", "state"], socket: listener.path)
        #expect(run.status == 69, "\(run)")
        #expect(run.stderr.contains(listener.path) && run.stderr.contains("did not answer"), "\(run)")
    }

    @Test("--timeout must be a number of seconds, 0 or more")
    func badTimeout() throws {
        for value in ["-1", "soon"] {
            let run = try Winctl.run(["--timeout", value, "status"], socket: "/nonexistent.sock")
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("timeout"), "\(run)")
        }
    }

    @Test("watch waits for events longer than --timeout; the subscription itself is bounded")
    func watchOutlivesTheTimeout() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let watch = try WinctlSession(
            ["--timeout", "0.3", "watch"],
            socket: daemon.socketPath,
            stderr: daemon.directory.file("watch.err")
        )
        defer { watch.stop() }
        let first = try #require(try watch.readLine())
        #expect(first.hasPrefix("watching windowd at"), "\(first)")
        // Nothing for a second, more than three times --timeout: watch waits on.
        #expect(throws: TestFailure.self) { try watch.readLine(timeout: .seconds(1)) }
        #expect(watch.process.poll() == nil, "watch is still running")
        #expect(try Winctl.run(["open", "detail", "7"], socket: daemon.socketPath).status == 0)
        let event = try #require(try watch.readLine())
        #expect(event.contains("window.opened"), "\(event)")
    }
}
