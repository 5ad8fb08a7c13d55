import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A state directory holding `max_windows` (100,000) windows of `detail`, values 0…99,999, made
/// once per test run: opened through one pipelined connection, then the daemon stopped with
/// SIGTERM. Each test starts its own daemon on a copy, so the tests stay independent and the
/// 100,000 opens are paid once.
final class HundredThousandWindows: @unchecked Sendable {
    static let count = 100_000

    /// Holds `state/` (the daemon's `XDG_STATE_HOME`); removed when the test process exits.
    let directory: TemporaryDirectory
    /// The id of the window of value `i`, from its `window.open` reply.
    let ids: [String]
    /// What the window.open replies got wrong (the first 10), for the test that checks them.
    let problems: [String]
    /// The reply to opening window 100,001.
    let overLimitReply: RawJSON
    /// How the daemon that made them ended on SIGTERM.
    let termination: SpawnedProcess.Termination
    /// How long the 100,000 opens took.
    let openDuration: Duration

    private static let cache = Mutex<Result<HundredThousandWindows, any Error>?>(nil)

    /// The one state directory, made on first use; later callers wait for it.
    static func shared() throws -> HundredThousandWindows {
        try cache.withLock { cached -> HundredThousandWindows in
            if let cached { return try cached.get() }
            let made = Result { try HundredThousandWindows() }
            cached = made
            if case .success = made { atexit { HundredThousandWindows.removeDirectory() } }
            return try made.get()
        }
    }

    private static func removeDirectory() {
        cache.withLock { cached in
            if case .success(let fixture)? = cached {
                try? FileManager.default.removeItem(atPath: fixture.directory.path)
            }
        }
    }

    private init() throws {
        directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, name: "fill")
        try daemon.waitUntilServing()
        try daemon.waitForAppState("unauthenticated")
        let client = try daemon.client()
        let lines = (0..<Self.count).map { value in
            RawClient.requestLine(
                id: Int64(value),
                method: "window.open",
                params: #"{"group":"detail","value":\#(value)}"#
            )
        }
        let started = ContinuousClock.now
        let replies = try client.pipeline(lines, inFlight: 1_000, timeout: TestTiming.scaled(.seconds(240)))
        openDuration = .now - started
        var ids: [String] = []
        var problems: [String] = []
        ids.reserveCapacity(Self.count)
        for (value, line) in replies.enumerated() {
            let reply = try RawJSON.parse(line)
            let window = reply.result?["window"]
            if reply["id"]?.int != Int64(value) || reply.result?["created"]?.bool != true
                || window?["value"]?.int != Int64(value),
                problems.count < 10
            {
                problems.append("open of \(value): \(String(decoding: line.prefix(300), as: UTF8.self))")
            }
            ids.append(window?["id"]?.string ?? "missing-\(value)")
        }
        self.ids = ids
        self.problems = problems
        overLimitReply = try client.rawCall(
            "window.open",
            #"{"group":"detail","value":\#(Self.count)}"#,
            id: Int64(Self.count)
        )
        termination = daemon.stop(grace: TestTiming.scaled(.seconds(30)))
        print("HundredThousandWindows: \(Self.count) pipelined window.open in \(openDuration)")
    }

    /// A daemon on a fresh copy of the state directory, serving and out of `loading`.
    func startDaemon(config: String = TestConfig.text()) throws -> DaemonProcess {
        let copy = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: directory.file("state"), toPath: copy.file("state"))
        let daemon = try DaemonProcess(in: copy, config: config)
        try daemon.waitUntilServing(timeout: TestTiming.scaled(.seconds(60)))
        try daemon.waitForAppState("unauthenticated", timeout: TestTiming.scaled(.seconds(30)))
        return daemon
    }

    /// Checks that `windows` (a `window.list` or snapshot array) are exactly these 100,000.
    func check(_ windows: RawJSON?, _ what: String) -> [String] {
        guard let windows = windows?.array else { return ["\(what): no windows array"] }
        var problems: [String] = []
        if windows.count != Self.count { problems.append("\(what): \(windows.count) windows, not \(Self.count)") }
        var seen = Set<Int64>()
        for window in windows {
            guard let value = window["value"]?.int, ids.indices.contains(Int(value)) else {
                problems.append("\(what): unexpected window \(window)")
                break
            }
            if window["id"]?.string != ids[Int(value)] || window["group"]?.string != "detail"
                || !seen.insert(value).inserted
            {
                problems.append("\(what): window of value \(value) is \(window), its id was \(ids[Int(value)])")
                break
            }
        }
        return problems
    }
}
