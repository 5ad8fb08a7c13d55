import TestSupport
import Testing
import WindowProtocol

/// winctl(1): winctl's exit statuses and `watch`.
@Suite("winctl", .timeLimit(.minutes(1)))
struct WinctlTests {
    @Test("exit status 0 on success, 1 when refused, 64 on a usage error")
    func exitStatuses() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath

        let status = try Winctl.run(["status"], socket: socket, json: true)
        #expect(status.status == 0, "\(status)")
        #expect(try status.json()["state"]?["state"]?.string == "unauthenticated")
        let state = try Winctl.run(["state"], socket: socket)
        #expect(state.status == 0, "\(state)")
        #expect(state.stdout.contains("unauthenticated"), "\(state)")

        let refused = try Winctl.run(["transition", "loading"], socket: socket)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("invalid transition"), "\(refused)")
        #expect(
            try Winctl.run(["state"], socket: socket, json: true).json()["state"]?["state"]?.string == "unauthenticated"
        )

        let login = try Winctl.run(["login", "alice"], socket: socket)
        #expect(login.status == 0, "\(login)")
        let unknownWindow = try Winctl.run(["close", "00000000-0000-0000-0000-000000000000"], socket: socket)
        #expect(unknownWindow.status == 1, "\(unknownWindow)")

        let id = try #require(
            try Winctl.run(["open", "detail", "1"], socket: socket, json: true).json()["window"]?["id"]?.string
        )
        for usage in [["frobnicate"], ["phase", id, "sideways"], ["open"], ["transition", "onboarding", "nowhere"]] {
            let run = try Winctl.run(usage, socket: socket)
            #expect(run.status == 64, "\(run)")
            #expect(!run.stderr.isEmpty, "a usage error says what is wrong: \(run)")
        }
        #expect(
            try Winctl.run(["list"], socket: socket, json: true).json()["windows"]?.array?.count == 1,
            "usage errors changed nothing"
        )
    }

    @Test("exit status 69 when no daemon serves the path, naming the path")
    func unreachableDaemon() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("none.sock")
        for arguments in [["status"], ["open", "detail", "1"], ["watch"]] {
            let run = try Winctl.run(arguments, socket: socket)
            #expect(run.status == 69, "\(run)")
            #expect(run.stderr.contains(socket), "the message names the socket tried: \(run)")
        }
    }

    @Test("winctl watch --json prints each event as a JSON line as it happens")
    func watchJSON() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let watch = try WinctlSession(
            ["watch"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("watch.err")
        )
        defer { watch.stop() }

        // Until watch has subscribed, an open is not seen; open new values until one is.
        var value = 0
        var first: JSONValue?
        let deadline = Deadline(.seconds(15))
        while first == nil {
            value += 1
            let run = try Winctl.run(["open", "detail", String(value)], socket: daemon.socketPath)
            #expect(run.status == 0, "\(run)")
            do {
                first = try watch.readJSON(timeout: .milliseconds(300))
            } catch is TestFailure where !deadline.hasPassed {
                // Not subscribed yet: open the next value.
            }
        }
        let event = try #require(first)
        #expect(event["jsonrpc"]?.string == "2.0")
        #expect(event["method"]?.string == "window.opened")
        #expect(event["params"]?["window"]?["group"]?.string == "detail")
        let seq = try #require(event["params"]?["seq"]?.int)
        let seen = try #require(event["params"]?["window"]?["value"]?.int)
        #expect((1...Int64(value)).contains(seen))

        // Every later open of the same run arrives in order; then the next one, as it happens.
        var last = (seq: seq, value: seen)
        while last.value < Int64(value) {
            let next = try watch.readJSON()
            #expect(next["params"]?["seq"]?.int == last.seq + 1)
            last = (next["params"]?["seq"]?.int ?? 0, next["params"]?["window"]?["value"]?.int ?? 0)
        }
        let run = try Winctl.run(["open", "notes", "watched"], socket: daemon.socketPath)
        #expect(run.status == 0, "\(run)")
        let opened = try watch.readJSON()
        #expect(opened["method"]?.string == "window.opened")
        #expect(opened["params"]?["window"]?["value"]?.string == "watched")
        #expect(opened["params"]?["seq"]?.int == last.seq + 1)
        #expect(watch.process.poll() == nil, "watch keeps running")
    }
}
