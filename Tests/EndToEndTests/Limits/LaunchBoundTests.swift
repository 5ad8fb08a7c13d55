import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's launches are bounded (windowd-protocol(7), "Limits"): at most 16 in flight per
/// app, a launch being in flight until its process attaches or exits; more fail with
/// `window.launchFailed`, reason `too_many_launches`.
@Suite("The bound on launches", .timeLimit(.minutes(1)))
struct LaunchBoundTests {
    /// The pids the launched script recorded, live or not.
    static func pids(in directory: TemporaryDirectory) -> [pid_t] {
        directory.read("pids").split(separator: "\n").compactMap { pid_t($0) }
    }

    @Test("one batch of 600 opens of a launch group starts 16 processes; the other 584 windows get too_many_launches")
    func batchOfSixHundred() throws {
        let directory = try TemporaryDirectory()
        let script = #"echo $$ >> '\#(directory.file("pids"))'; exec sleep 60"#
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(
                extra: """

                    [groups.spawn]
                    value = "int"
                    launch = ["/bin/sh", "-c", \(JSONValue.quote(script)), "{id}"]
                    """
            )
        )
        defer {
            for pid in Self.pids(in: directory) { kill(pid, SIGKILL) }
            daemon.stop()
        }
        try daemon.waitUntilServing()
        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["window.launchFailed"]}"#)
        let client = try daemon.client()
        let batch = (0..<600).map {
            #"{"jsonrpc":"2.0","id":\#($0),"method":"window.open","params":{"group":"spawn","value":\#($0)}}"#
        }
        try client.send(line: "[" + batch.joined(separator: ",") + "]")
        var failures = 0
        while failures < 584 {
            let event = try watcher.waitForEvent("window.launchFailed")
            #expect(event["params"]?["reason"]?.string == "too_many_launches", "\(event.jsonText)")
            failures += 1
        }
        try waitUntil("16 launched scripts to record their pids") { Self.pids(in: directory).count >= 16 }
        // The launches are in flight (their processes neither attached nor ended): no 17th starts.
        usleep(300_000)
        let started = Self.pids(in: directory)
        #expect(started.count == 16, "started \(started.count)")
        #expect(started.filter { kill($0, 0) == 0 }.count == 16)
        #expect(
            try watcher.call("window.list", #"{"group":"spawn"}"#)["windows"]?.array?.count == 600,
            "every window stays"
        )
    }
}
