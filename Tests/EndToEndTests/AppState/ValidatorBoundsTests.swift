import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `validate_command` is bounded (windowd(8), "Programs it starts"): past its timeout (5 s) it is
/// killed with its whole process group, and what it prints reaches the log as one line of at
/// most 1 KiB with its control characters escaped.
@Suite("validate_command bounds", .serialized, .timeLimit(.minutes(1)))
struct ValidatorBoundsTests {
    /// A daemon with `validate_command` set to `sh -c SCRIPT`, signed in as alice with a window
    /// attached `active`: the aggregate's rise to `active` runs the command.
    static func validating(_ script: String, in directory: TemporaryDirectory) throws -> DaemonProcess {
        let quoted = script.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let daemon = try DaemonProcess.start(
            in: directory,
            config: TestConfig.text(app: [#"validate_command = ["/bin/sh", "-c", "\#(quoted)", "validate", "{user}"]"#])
        )
        let client = try daemon.client()
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        try client.call("window.attach", #"{"group":"detail","value":1,"phase":"active"}"#)
        return daemon
    }

    /// Whether `pid` is gone: no such process, or only its zombie (its parent, gone, left it to init).
    static func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return true }
        return stat[close.upperBound...].first == "Z"
    }

    @Test("a validator still running at its timeout is killed with what it started in the background")
    func timeoutKillsTheGroup() throws {
        let directory = try TemporaryDirectory()
        let pidFile = directory.file("sleep.pid")
        let daemon = try Self.validating("sleep 30 & echo $! > \(pidFile); wait", in: directory)
        defer { daemon.stop() }
        let sleeper = try PidFile.pid("sleep.pid", in: directory)
        defer { kill(sleeper, SIGKILL) }
        #expect(!Self.isGone(sleeper), "the background sleep runs while the validator does")
        try waitUntil("the validator to time out (5 s)", timeout: .seconds(20)) { daemon.log.contains("timed out") }
        try waitUntil("the background sleep (pid \(sleeper)) to be gone with its group", timeout: .seconds(5)) {
            Self.isGone(sleeper)
        }
    }

    @Test("60 rises to active while a slow validator runs start it once: they share its verdict")
    func risesShareOneValidator() throws {
        let directory = try TemporaryDirectory()
        let starts = directory.file("starts")
        let gate = directory.file("gate")
        let script = "echo $$ >> \(starts); while [ ! -e \(gate) ]; do sleep 0.05; done; exit 0"
        let daemon = try DaemonProcess.start(
            in: directory,
            config: TestConfig.text(app: [
                "phase_settle_ms = 0", #"validate_command = ["/bin/sh", "-c", "\#(script)", "validate", "{user}"]"#,
            ])
        )
        defer { daemon.stop() }
        let client = try daemon.client()
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        let id = try #require(
            client.call("window.attach", #"{"group":"detail","value":1,"phase":"active"}"#)["window"]?["id"]?.string
        )
        _ = try PidFile.pid("starts", in: directory)
        for _ in 0..<30 {
            try client.call("scene.setPhase", #"{"id":"\#(id)","phase":"inactive"}"#)
            try client.call("scene.setPhase", #"{"id":"\#(id)","phase":"active"}"#)
        }
        let started = directory.read("starts").split(separator: "\n")
        try directory.write("", to: "gate")
        #expect(started.count == 1, "one validator for 31 rises to active: \(started.count) started")
        #expect(
            try client.call("app.state")["state"]?["user"]?.string == "alice",
            "its verdict (valid) keeps the session"
        )
    }

    @Test("200 KB of binary from a validator reach the log as one escaped line of at most 1 KiB")
    func outputIsOneEscapedLine() throws {
        let directory = try TemporaryDirectory()
        let daemon = try Self.validating(
            "head -c 204800 /dev/urandom; printf '\\033]0;title\\007\\r'; exit 0",
            in: directory
        )
        defer { daemon.stop() }
        // Or, printed to the daemon's own standard error, the whole of it.
        try waitUntil("the validator's output in the log", timeout: .seconds(20)) {
            daemon.log.contains("validate_command printed") || daemon.log.utf8.count > 204_800
        }
        let bytes = Array(daemon.log.utf8)
        let lines = daemon.log.split(separator: "\n")
        let printed = lines.filter { $0.contains("validate_command printed") }
        #expect(printed.count == 1, "one line: \(printed.count)")
        #expect((printed.first?.utf8.count ?? .max) <= 1024, "at most 1 KiB: \(printed.first?.utf8.count ?? 0) bytes")
        #expect(
            printed.first?.contains("204811 bytes in all") == true,
            "it says how much was printed: \(printed.first ?? "")"
        )
        #expect(bytes.count < 16_384, "the log holds none of the 200 KB: \(bytes.count) bytes")
        #expect(bytes.allSatisfy { $0 >= 0x20 || $0 == 0x0A }, "no raw control character in the log")
    }
}
