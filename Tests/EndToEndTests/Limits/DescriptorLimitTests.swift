import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8) and windowd.toml(5), `max_clients`: the daemon raises its soft open-file limit for
/// `max_clients`; where the hard limit is lower it refuses the clients it has no descriptor for
/// with `limit_exceeded`, never spinning and never leaving a client hanging.
@Suite("Descriptor limit", .serialized, .timeLimit(.minutes(5)))
struct DescriptorLimitTests {
    /// Connections made: more than `max_clients` (1,024).
    static let connections = 1_100

    @Test(
        "started with a soft open-file limit of 1,024 under a higher hard one, windowd raises it and serves 1,024 of 1,100 clients, refusing the rest with limit_exceeded"
    )
    func raisesTheSoftLimit() throws {
        let hard = Self.raiseOwnLimit()
        guard hard >= 1_024 + 64 + Self.connections else {
            Issue.record(
                "this test needs a hard open-file limit of at least \(1_024 + 64 + Self.connections), not \(hard)"
            )
            return
        }
        let daemon = try Self.start(nofile: "1024:\(hard)")
        defer { daemon.stop() }
        let soft = try Self.softLimit(of: daemon.pid)
        #expect(soft >= 1_024 + 64, "the soft limit was raised for max_clients (now \(soft))")
        #expect(daemon.log.contains("descriptor limit"), "what it got is logged:\n\(daemon.log.suffix(1_000))")

        let (served, refused) = try Self.connectAll(to: daemon)
        #expect(served == 1_024, "max_clients clients are served")
        #expect(refused == Self.connections - 1_024, "the rest get limit_exceeded, then the close")
    }

    @Test(
        "with soft and hard open-file limits of 1,024, windowd refuses the clients past what it has with limit_exceeded, answers winctl, logs it and does not spin"
    )
    func refusesPastTheHardLimit() throws {
        _ = Self.raiseOwnLimit()
        let daemon = try Self.start(nofile: "1024:1024")
        defer { daemon.stop() }
        #expect(try Self.softLimit(of: daemon.pid) == 1_024)

        let (served, refused) = try Self.connectAll(to: daemon)
        #expect(
            served + refused == Self.connections,
            "every client was served or refused (\(served) served, \(refused) refused)"
        )
        #expect(served >= 900 && served < 1_024, "as many clients as the descriptors allow are served (\(served))")
        #expect(refused > 0)
        #expect(
            daemon.log.contains("open-file limit serves fewer clients than max_clients"),
            "the shortfall is logged at start"
        )
        #expect(daemon.log.contains("refused connections over the client limit"), "the refusals are logged")

        let status = try Winctl.run(["--timeout", "2", "status"], socket: daemon.socketPath)
        let answered = status.status == 0 || (status.status == 1 && status.stderr.contains("open-file limit"))
        #expect(answered, "winctl gets an answer or a clean refusal: \(status)")

        // Idle at the limit: whatever it does in 2 s must not be a busy loop.
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        let before = try Self.cpuTicks(of: daemon.pid)
        Thread.sleep(forTimeInterval: 2)
        let used = try Self.cpuTicks(of: daemon.pid) - before
        print("descriptor limit: windowd used \(used) clock ticks (\(ticks) a second) in 2 s idle at the limit")
        #expect(used * 100 < 2 * ticks * 20, "under 20% of a core while idle at the limit (\(used) ticks in 2 s)")
    }

    /// A daemon started through `prlimit --nofile=LIMITS`.
    static func start(nofile: String) throws -> DaemonProcess {
        let daemon = try DaemonProcess(
            in: TemporaryDirectory(),
            wrapper: ["/usr/bin/prlimit", "--nofile=\(nofile)", "--"]
        )
        try daemon.waitUntilServing()
        try daemon.waitForAppState("unauthenticated")
        return daemon
    }

    /// Connects ``connections`` clients, sends each a `hello`, and reads one line from each: its
    /// reply (served) or a `limit_exceeded` error followed by the close (refused). Anything else,
    /// or nothing within the wait, is recorded as an issue. The clients stay connected until the
    /// daemon stops.
    static func connectAll(to daemon: DaemonProcess) throws -> (served: Int, refused: Int) {
        let probe = try daemon.client()
        try waitUntil("the start-up probe connections to close") {
            try probe.call("daemon.status")["clients"]?.int == 1
        }
        var clients = [probe]
        for _ in 1..<connections { clients.append(try daemon.client()) }
        for (index, client) in clients.enumerated() {
            // A refused client may be closed already: its error line is still there to read.
            try? client.send(
                line: RawClient.requestLine(id: 1, method: "hello", params: #"{"client":"c\#(index)","protocol":1}"#)
            )
        }
        let deadline = Deadline(TestTiming.scaled(.seconds(60)))
        var served = 0
        var refused = 0
        var silent = 0
        for (index, client) in clients.enumerated() {
            let wait = Duration.milliseconds(Int64(max(deadline.remainingMilliseconds, 1)))
            guard let line = try? client.readRawLine(timeout: wait, what: "hello's reply or a refusal"),
                let reply = try? RawJSON.parse(line)
            else {
                silent += 1
                continue
            }
            if reply.result?["server"]?.string == "windowd" {
                served += 1
            } else if reply.reason == "limit_exceeded", reply["id"]?.isNull == true {
                refused += 1
                let rest = try client.readUntilClosed(timeout: .seconds(5))
                #expect(rest.isEmpty, "client \(index + 1): nothing after the refusal but the close")
            } else {
                Issue.record(
                    "client \(index + 1): neither hello's reply nor limit_exceeded: \(String(decoding: line.prefix(300), as: UTF8.self))"
                )
            }
        }
        #expect(silent == 0, "\(silent) clients got no answer at all")
        return (served, refused)
    }

    /// Raises this test process's soft open-file limit to its hard limit, which it returns: it
    /// holds every client.
    static func raiseOwnLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return limit.rlim_max >= rlim_t(Int.max) ? .max : Int(limit.rlim_max)
    }

    /// The soft "Max open files" of `/proc/PID/limits`.
    static func softLimit(of pid: pid_t) throws -> Int {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        guard let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }),
            let soft = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap({
                Int($0)
            })
        else {
            throw TestFailure("no soft open-file limit in /proc/\(pid)/limits:\n\(limits)")
        }
        return soft
    }

    /// User and system time of `pid` so far, in clock ticks (`utime` + `stime` of `/proc/PID/stat`).
    static func cpuTicks(of pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { throw TestFailure("unreadable /proc/\(pid)/stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw TestFailure("unreadable /proc/\(pid)/stat: \(stat)")
        }
        return user + system
    }
}
