import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Durable state against real `kill -9` (windowd(8), State): nothing acknowledged is lost,
/// and restored state is validated before it is applied.
@Suite("Crash and restore")
struct CrashRestoreTests {
    /// Restarts on the same state directory (the socket is reused; the stale file is replaced).
    static func restart(
        in directory: TemporaryDirectory,
        config: String = TestConfig.text(),
        name: String
    ) throws -> DaemonProcess {
        let daemon = try DaemonProcess(in: directory, config: config, name: name)
        try daemon.waitUntilServing()
        return daemon
    }

    static func kill9(_ daemon: DaemonProcess) throws {
        daemon.process.signal(SIGKILL)
        #expect(try daemon.process.wait() == .signaled(SIGKILL))
    }

    @Test("60 opened, storage set, 10 closed, signed in, kill -9: the 50 come back as they were")
    func killNineRestoresEverything() throws {
        let directory = try TemporaryDirectory()
        let first = try Self.restart(in: directory, name: "first")
        try first.waitForAppState("unauthenticated")
        let client = try first.client()
        var ids: [Int64: String] = [:]
        for value in Int64(0)..<60 {
            let result = try client.call("window.open", #"{"group":"detail","value":\#(value)}"#)
            let id = try #require(result["window"]?["id"]?.string)
            ids[value] = id
            try client.call("storage.set", #"{"id":"\#(id)","key":"n","value":{"value":\#(value),"tags":["a","b"]}}"#)
        }
        for value in Int64(0)..<10 {
            try client.call("window.close", #"{"id":"\#(ids[value]!)"}"#)
        }
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        try Self.kill9(first)

        let second = try Self.restart(in: directory, name: "second")
        try second.waitForAppState("authenticated")
        let probe = try second.client()
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        #expect(windows.count == 50)
        let restored = Dictionary(
            uniqueKeysWithValues: windows.compactMap { window -> (Int64, String)? in
                guard let value = window["value"]?.int, let id = window["id"]?.string else { return nil }
                return (value, id)
            }
        )
        #expect(restored == ids.filter { $0.key >= 10 })
        for value in Int64(10)..<60 {
            let storage = try probe.call("storage.get", #"{"id":"\#(ids[value]!)"}"#)["storage"]
            #expect(storage?["n"]?["value"]?.int == value)
            #expect(storage?["n"]?["tags"]?.jsonText == #"["a","b"]"#)
        }
        #expect(try probe.call("app.state")["state"]?["user"]?.string == "alice")
        let again = try probe.call("window.open", #"{"group":"detail","value":42}"#)
        #expect(again["created"] == .bool(false))
        #expect(again["window"]?["id"]?.string == ids[42])
        let closed = try probe.call("window.open", #"{"group":"detail","value":3}"#)
        #expect(closed["created"] == .bool(true), "an explicitly closed window must never come back")
        #expect(windows.allSatisfy { $0["attached"] == .bool(false) && $0["phase"]?.string == "background" })
    }

    @Test("kill -9 at random moments during acknowledged writes, 20 rounds: none is ever missing")
    func randomKills() throws {
        let directory = try TemporaryDirectory()
        var acknowledgedOpens: [Int64: String] = [:]
        var counterID: String?
        var lastAcknowledgedCounter: Int64 = -1
        var next: Int64 = 0
        for round in 0..<20 {
            let daemon = try Self.restart(in: directory, name: "round\(round)")
            let client = try daemon.client()
            // Everything acknowledged so far must be there before this round writes more.
            let windows = try #require(client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array)
            let present = Dictionary(
                uniqueKeysWithValues: windows.compactMap { w -> (Int64, String)? in
                    guard let v = w["value"]?.int, let id = w["id"]?.string else { return nil }
                    return (v, id)
                }
            )
            for (value, id) in acknowledgedOpens {
                #expect(present[value] == id, "round \(round): acknowledged window \(value) (\(id)) is missing")
            }
            if let counterID {
                let stored =
                    try client.call("storage.get", #"{"id":"\#(counterID)","key":"count"}"#)["storage"]?["count"]?.int
                    ?? -1
                #expect(
                    stored >= lastAcknowledgedCounter,
                    "round \(round): acknowledged count \(lastAcknowledgedCounter) lost (found \(stored))"
                )
            } else {
                counterID = try #require(
                    client.call("window.open", #"{"group":"notes","value":"counter"}"#)["window"]?["id"]?.string
                )
            }
            let delay = UInt32.random(in: 5_000...120_000)
            let pid = daemon.pid
            let killer = Thread {
                usleep(delay)
                kill(pid, SIGKILL)
            }
            killer.start()
            writes: while true {
                let value = next
                next += 1
                let open = try? client.request(
                    "window.open",
                    #"{"group":"detail","value":\#(value)}"#,
                    timeout: .seconds(5)
                )
                guard let id = open?.result?["window"]?["id"]?.string else { break writes }
                acknowledgedOpens[value] = id
                let set = try? client.request(
                    "storage.set",
                    #"{"id":"\#(counterID!)","key":"count","value":\#(value)}"#,
                    timeout: .seconds(5)
                )
                guard set?.result != nil else { break writes }
                lastAcknowledgedCounter = value
            }
            #expect(try daemon.process.wait() == .signaled(SIGKILL))
        }
        #expect(acknowledgedOpens.count > 20, "the rounds acknowledged too few writes to mean anything")
    }

    @Test(
        "a window active when windowd is killed counts as active until then, also when an upgrade in place handed it over active: winctl list --recent puts it first",
        arguments: [false, true]
    )
    func activeAtKill(upgradeFirst: Bool) throws {
        let directory = try TemporaryDirectory()
        let first = try Self.restart(in: directory, name: "first")
        let (a, b) = (try first.client(), try first.client())
        let idA = try #require(
            a.call("window.attach", #"{"group":"detail","value":1,"phase":"active"}"#)["window"]?["id"]?.string
        )
        // Apart by more than the millisecond that lastActiveAt keeps, so that the times order the steps.
        usleep(20_000)
        let idB = try #require(
            b.call("window.attach", #"{"group":"detail","value":2,"phase":"active"}"#)["window"]?["id"]?.string
        )
        if upgradeFirst {
            first.process.signal(SIGUSR2)
            _ = try a.waitForEvent("daemon.restarted")
            _ = try b.waitForEvent("daemon.restarted")
        }
        usleep(20_000)
        try b.call("scene.setPhase", #"{"id":"\#(idB)","phase":"inactive"}"#)
        try Self.kill9(first)

        let second = try Self.restart(in: directory, name: "second")
        let recent = try Winctl.run(["list", "--recent"], socket: second.socketPath)
        let ids = recent.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(36)) }
        #expect(ids == [idA, idB], "A was active until the kill, after B stopped being it: \(recent)")
    }

    @Test("a window whose group left the config is dropped, logged, and stays gone")
    func groupRemoved() throws {
        let directory = try TemporaryDirectory()
        let extra = "\n[groups.scratch]\nvalue = \"string\"\n"
        let first = try Self.restart(in: directory, config: TestConfig.text(extra: extra), name: "first")
        let id = try #require(
            first.client().call("window.open", #"{"group":"scratch","value":"x"}"#)["window"]?["id"]?.string
        )
        _ = try first.client().call("window.open", #"{"group":"detail","value":1}"#)
        #expect(first.stop() == .exited(0))
        let second = try Self.restart(in: directory, name: "second")
        let windows = try #require(second.client().call("window.list")["windows"]?.array)
        #expect(windows.map { $0["group"]?.string } == ["detail"])
        #expect(second.log.contains("dropped a stored window") && second.log.contains(id))
    }

    @Test("an expired session is not restored")
    func expiredSession() throws {
        let directory = try TemporaryDirectory()
        let config = TestConfig.text(app: ["session_ttl_seconds = 1"])
        let first = try Self.restart(in: directory, config: config, name: "first")
        try first.waitForAppState("unauthenticated")
        try first.client().call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        #expect(first.stop() == .exited(0))
        usleep(1_200_000)  // let the one-second session run out
        let second = try Self.restart(in: directory, config: config, name: "second")
        try second.waitForAppState("unauthenticated")
    }

    @Test(
        "validate_command decides: exit 1 signs out, exit 2 and a hang keep the session",
        arguments: [
            ("exit 1", "unauthenticated", false),
            ("exit 2", "authenticated", true),
            ("sleep 30", "authenticated", true),
        ]
    )
    func validateCommand(script: String, expected: String, warns: Bool) throws {
        let directory = try TemporaryDirectory()
        let first = try Self.restart(in: directory, name: "first")
        try first.waitForAppState("unauthenticated")
        try first.client().call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        #expect(first.stop() == .exited(0))
        let config = TestConfig.text(app: [#"validate_command = ["/bin/sh", "-c", "\#(script)", "validate", "{user}"]"#]
        )
        let second = try Self.restart(in: directory, config: config, name: "second")
        try second.waitForAppState(expected, timeout: .seconds(15))
        #expect(second.log.contains("validate_command failed") == warns, "log: \(second.log)")
    }

    @Test("a corrupted database is moved aside, not lost, and the daemon starts fresh")
    func corruptedDatabase() throws {
        let directory = try TemporaryDirectory()
        let stateDirectory = directory.file("state/windowd")
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        try garbage.write(to: URL(fileURLWithPath: stateDirectory + "/windowd.sqlite"))
        let daemon = try Self.restart(in: directory, name: "daemon")
        try daemon.waitForAppState("unauthenticated")
        let moved = try FileManager.default.contentsOfDirectory(atPath: stateDirectory).filter {
            $0.hasPrefix("windowd.sqlite.damaged-")
        }
        #expect(moved.count == 1)
        if let name = moved.first {
            #expect(try Data(contentsOf: URL(fileURLWithPath: stateDirectory + "/" + name)) == garbage)
            #expect(daemon.log.contains(name))
        }
        #expect(try daemon.client().call("window.list")["windows"]?.array?.isEmpty == true)
    }
}
