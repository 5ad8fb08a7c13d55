import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// An upgrade in place that cannot happen leaves the daemon as it was (windowd(8), SIGUSR2):
/// every held connection is answered, with its partial line and its back-pressure; the instance
/// lock is still held; every change after it is durable.
///
/// Two ways it fails: the installed binary is not a program (refused before the hand-off), and
/// the exec itself fails once the hand-off is ready (strace makes the event loop's `execve`
/// fail, after the binary passed its check).
@Suite("Failed upgrade in place", .serialized, .timeLimit(.minutes(5)))
struct FailedUpgradeTests {
    /// How the upgrade fails.
    enum Failure: String, CustomStringConvertible, CaseIterable {
        case notAProgram
        case execFails
        var description: String { rawValue }
    }

    /// A daemon run from a copy of windowd in its directory, which a test may replace.
    static func startFromCopy(
        in directory: TemporaryDirectory,
        config: String = TestConfig.text()
    ) throws -> (daemon: DaemonProcess, binary: String) {
        let binary = directory.file("windowd-copy")
        try FileManager.default.copyItem(atPath: Binaries.windowd, toPath: binary)
        let daemon = try DaemonProcess(in: directory, config: config, name: "first", binary: binary)
        try daemon.waitUntilServing()
        try daemon.waitForAppState("unauthenticated")
        return (daemon, binary)
    }

    /// Replaces `binary` as a package upgrade would (a new file at the path) with one that is
    /// executable but not a program.
    static func replaceWithNonProgram(_ binary: String) throws {
        unlink(binary)
        try "\u{7F}not an ELF\n".write(toFile: binary, atomically: false, encoding: .utf8)
        chmod(binary, 0o755)
    }

    /// Makes `daemon`'s upgrade fail as `failure` says, sends SIGUSR2 and waits for the daemon to
    /// say it serves on (or to die, which fails the test).
    static func failUpgrade(
        _ daemon: DaemonProcess,
        binary: String,
        as failure: Failure,
        directory: TemporaryDirectory
    ) throws {
        let before = daemon.log.components(separatedBy: "serving on").count
        var injector: SyscallFaultInjector?
        switch failure {
        case .notAProgram:
            try replaceWithNonProgram(binary)
        case .execFails:
            injector = try SyscallFaultInjector(
                pid: daemon.pid,
                call: "execve",
                fault: "error=ENOEXEC",
                threads: { $0.hasPrefix("NIO-ELT-") },
                following: false,
                log: directory.file("strace.err")
            )
        }
        defer { injector?.stop() }
        daemon.process.signal(SIGUSR2)
        try waitUntil("windowd to say its upgrade failed", timeout: .seconds(20)) {
            if let ended = daemon.process.poll() {
                throw TestFailure("windowd died of its failed upgrade (\(ended)); its log:\n\(daemon.log)")
            }
            return daemon.log.components(separatedBy: "serving on").count > before
        }
    }

    @Test(
        "the upgrade fails: 24 held connections are answered, a partial line completes, the lock is held, every change after it survives kill -9",
        arguments: [Failure.notAProgram] + (SyscallFaultInjector.isAvailable ? [.execFails] : [])
    )
    func heldConnectionsAnswer(failure: Failure) throws {
        let directory = try TemporaryDirectory()
        let (daemon, binary) = try Self.startFromCopy(in: directory)
        defer { daemon.stop() }
        let held = try (0..<24).map { _ in try daemon.client() }
        for client in held { _ = try client.call("app.state") }
        let subscriber = held[0]
        let start = try #require(subscriber.call("events.subscribe")["seq"]?.int)
        let halfway = held[1]
        try halfway.send(bytes: Array(#"{"jsonrpc":"2.0","id":77,"method":"window.li"#.utf8))

        try Self.failUpgrade(daemon, binary: binary, as: failure, directory: directory)
        try halfway.send(line: #"st"}"#)
        let listed = try halfway.response(to: 77)
        #expect(
            listed.result?["windows"]?.array != nil,
            "the line begun before the upgrade completes after it: \(listed.message.jsonText)"
        )

        var opened: [Int: String] = [:]
        for (index, client) in held.enumerated() {
            let window = try client.call("window.open", #"{"group":"detail","value":\#(index)}"#)
            opened[index] = try #require(
                window["window"]?["id"]?.string,
                "connection \(index) is answered after the failed upgrade"
            )
            try client.call("storage.set", #"{"id":"\#(opened[index]!)","key":"k","value":\#(index)}"#)
        }
        var seq = start
        for _ in 0..<24 {
            let event = try subscriber.waitForEvent("window.opened")
            let next = try #require(event["params"]?["seq"]?.int)
            #expect(next == seq + 1, "seq goes on without a gap or a daemon.restarted: \(seq) then \(next)")
            seq = next
        }

        let second = try DaemonProcess(in: directory, socket: "second.sock", name: "second")
        defer { second.stop() }
        #expect(
            try second.process.wait(timeout: .seconds(15)) == .exited(73),
            "a second daemon for the same state is refused: \(second.log)"
        )

        try CrashRestoreTests.kill9(daemon)
        let restarted = try CrashRestoreTests.restart(in: directory, name: "restarted")
        defer { restarted.stop() }
        let probe = try restarted.client()
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        let restored = Dictionary(
            uniqueKeysWithValues: windows.compactMap { window -> (Int, String)? in
                guard let value = window["value"]?.int, let id = window["id"]?.string else { return nil }
                return (Int(value), id)
            }
        )
        #expect(restored == opened, "every window opened after the failed upgrade survives kill -9")
        for (index, id) in opened {
            #expect(try probe.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]?["k"]?.int == Int64(index))
        }
    }

    @Test(
        "a connection that back-pressure paused stays paused through a failed upgrade, and is answered in full once it reads",
        .enabled(
            if: SyscallFaultInjector.isAvailable,
            "needs root and /usr/bin/strace to make the exec fail after the hand-off"
        )
    )
    func pausedConnectionStaysPaused() throws {
        let directory = try TemporaryDirectory()
        let (daemon, binary) = try Self.startFromCopy(
            in: directory,
            config: TestConfig.text(daemon: ["outbound_hard_bytes = 65536"])
        )
        defer { daemon.stop() }
        let other = try daemon.client()
        for value in 0..<10 { try other.call("window.open", #"{"group":"detail","value":\#(value)}"#) }

        // A client that asks for the list over and over and reads nothing: its replies pile up
        // until the daemon stops reading it, and then its own socket fills. (A long id makes few
        // requests fill it, and few replies to read at the end.)
        let id = String(repeating: "i", count: 1_000)
        let greedy = try GreedyWriter(
            client: daemon.client(),
            line: #"{"jsonrpc":"2.0","id":"\#(id)","method":"window.list"}"#
        )
        var quietRounds = 0
        while quietRounds < 3 {
            let accepted = try greedy.writeWhatFits()
            _ = try other.call("app.state")
            quietRounds = accepted == 0 ? quietRounds + 1 : 0
        }

        try Self.failUpgrade(daemon, binary: binary, as: .execFails, directory: directory)
        var later = 0
        for _ in 0..<5 {
            later += try greedy.writeWhatFits()
            _ = try other.call("app.state")
        }
        #expect(
            later < greedy.line.count * 4,
            "the paused connection was read from again after the failed upgrade: \(later) bytes more were taken"
        )

        let answered = try greedy.readEveryReply { $0["result"]?["windows"]?.array?.count == 10 }
        #expect(
            answered == greedy.requests,
            "every request of the paused connection is answered once it reads: \(answered) of \(greedy.requests)"
        )
        #expect(try greedy.client.call("app.state")["state"] != nil)
    }

    @Test(
        "SIGTERM right after SIGUSR2: the daemon stops (exit 0, every change saved) rather than exec'ing and losing the stop",
        .enabled(if: SyscallFaultInjector.isAvailable, "needs root and /usr/bin/strace to slow the exec down")
    )
    func stopDuringUpgrade() throws {
        let directory = try TemporaryDirectory()
        let (daemon, _) = try Self.startFromCopy(in: directory)
        defer { daemon.stop() }
        let client = try daemon.client()
        let id = try #require(client.call("window.open", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string)
        // An exec that takes 2 s leaves the stop all the time it needs to come first.
        let injector = try SyscallFaultInjector(
            pid: daemon.pid,
            call: "execve",
            fault: "delay_enter=2000000",
            threads: { $0.hasPrefix("NIO-ELT-") },
            following: false,
            log: directory.file("strace.err")
        )
        defer { injector.stop() }
        daemon.process.signal(SIGUSR2)
        daemon.process.signal(SIGTERM)
        let ended = try daemon.process.wait(timeout: .seconds(20))
        #expect(ended == .exited(0), "\(ended); log:\n\(daemon.log)")
        injector.stop()
        let restarted = try CrashRestoreTests.restart(in: directory, name: "restarted")
        defer { restarted.stop() }
        #expect(try restarted.client().call("window.list")["windows"]?.array?.first?["id"]?.string == id)
    }

    /// Replaces `binary` with a script that starts a background `sleep` (its pid in `bg.pid`)
    /// and never answers `--version` in time.
    static func replaceWithHangingScript(_ binary: String, in directory: TemporaryDirectory) throws {
        unlink(binary)
        try "#!/bin/sh\nsleep 300 &\necho $! > '\(directory.file("bg.pid"))'\nsleep 60\n".write(
            toFile: binary,
            atomically: false,
            encoding: .utf8
        )
        chmod(binary, 0o755)
    }

    @Test(
        "a second SIGUSR2 during the binary's check is ignored, not queued for a second check; the timed-out check leaves nothing running"
    )
    func secondUpgradeDuringCheck() throws {
        let directory = try TemporaryDirectory()
        let (daemon, binary) = try Self.startFromCopy(in: directory)
        defer { daemon.stop() }
        let subscriber = try daemon.client()
        try subscriber.call("events.subscribe")
        try Self.replaceWithHangingScript(binary, in: directory)
        daemon.process.signal(SIGUSR2)
        let sleeper = try PidFile.pid("bg.pid", in: directory)
        defer { kill(sleeper, SIGKILL) }
        daemon.process.signal(SIGUSR2)
        try waitUntil("the second SIGUSR2 to be ignored", timeout: .seconds(20)) {
            daemon.log.contains("upgrade ignored: one is already under way")
        }
        try waitUntil("the check to time out (10 s)", timeout: .seconds(30)) { daemon.log.contains("upgrade refused") }
        // Signals are taken in order: once SIGHUP's reload is announced, a queued SIGUSR2 would have begun.
        daemon.process.signal(SIGHUP)
        _ = try subscriber.waitForEvent("daemon.reloaded", timeout: .seconds(30))
        #expect(daemon.log.components(separatedBy: "upgrading in place").count == 2, "one check only:\n\(daemon.log)")
        try waitUntil("the check's background sleep (pid \(sleeper)) to be gone with its group", timeout: .seconds(5)) {
            ValidatorBoundsTests.isGone(sleeper)
        }
        #expect(try subscriber.call("app.state")["state"] != nil, "the daemon serves on")
    }

    @Test("SIGTERM during the binary's check ends the check, and what it started, and stops the daemon (exit 0)")
    func stopDuringCheck() throws {
        let directory = try TemporaryDirectory()
        let (daemon, binary) = try Self.startFromCopy(in: directory)
        defer { daemon.stop() }
        try Self.replaceWithHangingScript(binary, in: directory)
        daemon.process.signal(SIGUSR2)
        let sleeper = try PidFile.pid("bg.pid", in: directory)
        defer { kill(sleeper, SIGKILL) }
        daemon.process.signal(SIGTERM)
        let ended = try daemon.process.wait(timeout: .seconds(30))
        #expect(ended == .exited(0), "\(ended); log:\n\(daemon.log)")
        #expect(
            daemon.log.contains("upgrade abandoned for the stop asked for meanwhile"),
            "the stop ended the check:\n\(daemon.log)"
        )
        #expect(!daemon.log.contains("did not answer"), "the check did not run to its timeout:\n\(daemon.log)")
        try waitUntil("the check's background sleep (pid \(sleeper)) to be gone with its group", timeout: .seconds(5)) {
            ValidatorBoundsTests.isGone(sleeper)
        }
    }
}

/// A client that sends one request line over and over without reading, as fast as its socket
/// takes them.
final class GreedyWriter {
    let client: RawClient
    let line: [UInt8]
    /// Whole lines sent.
    private(set) var requests = 0
    /// The rest of a line the socket took only part of.
    private var tail: [UInt8] = []

    init(client: RawClient, line: String) throws {
        self.client = client
        self.line = Array((line + "\n").utf8)
    }

    /// Writes lines without blocking until the socket takes no more; the bytes taken.
    func writeWhatFits() throws -> Int {
        let fd = client.fileDescriptor
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        var total = 0
        while true {
            let next = tail.isEmpty ? line : tail
            let written = next.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return total }
                throw TestFailure.system("send")
            }
            total += written
            tail = Array(next[written...])
            if tail.isEmpty { requests += 1 }
        }
    }

    /// Reads the reply to every whole line sent (then finishes a line cut short, and reads its
    /// reply too); how many of them `matches`.
    func readEveryReply(_ matches: (JSONValue) -> Bool) throws -> Int {
        var read = 0
        var matching = 0
        func readOne() throws {
            guard let reply = try client.readRawLine(timeout: .seconds(30)) else {
                throw TestFailure("the daemon closed the connection after \(read) replies")
            }
            read += 1
            if let message = try? JSONValue.parse(reply), matches(message) { matching += 1 }
        }
        while read < requests { try readOne() }
        if !tail.isEmpty {
            try client.send(bytes: tail)
            tail = []
            requests += 1
            try readOne()
        }
        return matching
    }
}
