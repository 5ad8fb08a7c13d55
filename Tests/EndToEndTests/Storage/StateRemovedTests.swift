import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The state directory, its database or its lock file removed while the daemon runs
/// (windowd(8), "State"): noticed before the next change is acknowledged; the daemon takes a
/// new lock, writes its whole state to a new database, logs it and goes on, so that nothing
/// acknowledged is lost and a second daemon for the same app is still refused. Where it cannot,
/// changes are refused as when the disk is full.
@Suite("State removed under the daemon", .serialized, .timeLimit(.minutes(3)))
struct StateRemovedTests {
    /// What is removed.
    enum Removal: String, CustomStringConvertible, CaseIterable {
        case stateDirectory
        case database
        case lockFile
        var description: String { rawValue }
    }

    /// The daemon's state directory in `directory` (`XDG_STATE_HOME` is `directory/state`).
    static func stateDirectory(_ directory: TemporaryDirectory) -> String { directory.file("state/windowd") }

    /// Opens `count` windows from `first` on with a storage key each; their ids by value.
    static func write(_ values: Range<Int>, with client: RawClient, into acknowledged: inout [Int: String]) throws {
        for value in values {
            let id = try #require(
                client.call("window.open", #"{"group":"detail","value":\#(value)}"#)["window"]?["id"]?.string
            )
            try client.call("storage.set", #"{"id":"\#(id)","key":"k","value":\#(value)}"#)
            acknowledged[value] = id
        }
    }

    /// Everything in `acknowledged` is in the state of a daemon started again in `directory` after kill -9.
    static func expectKeptThroughKill9(
        _ daemon: DaemonProcess,
        in directory: TemporaryDirectory,
        _ acknowledged: [Int: String]
    ) throws {
        try CrashRestoreTests.kill9(daemon)
        try expectRestored(in: directory, acknowledged)
    }

    /// Everything in `acknowledged`, and `user`'s session if given, is in the state of a daemon started in `directory`.
    static func expectRestored(
        in directory: TemporaryDirectory,
        _ acknowledged: [Int: String],
        user: String? = nil
    ) throws {
        let restarted = try CrashRestoreTests.restart(in: directory, name: "restarted")
        defer { restarted.stop() }
        let probe = try restarted.client()
        if let user {
            // A stored session is validated while the daemon is `loading`, then applied.
            try restarted.waitForAppState("authenticated")
            #expect(try probe.call("app.state")["state"]?["user"]?.string == user, "\(user)'s session is restored")
        }
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        let restored = Dictionary(
            windows.compactMap { window -> (Int, String)? in
                guard let value = window["value"]?.int, let id = window["id"]?.string else { return nil }
                return (Int(value), id)
            },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(restored == acknowledged, "every window acknowledged is there after a start")
        for (value, id) in acknowledged {
            #expect(
                try probe.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]?["k"]?.int == Int64(value),
                "the storage of detail \(value)"
            )
        }
    }

    @Test(
        "removed while running: the next changes are acknowledged into a new database under a new lock, a second daemon exits 73, nothing is lost through kill -9",
        arguments: Removal.allCases
    )
    func removedWhileRunning(removal: Removal) throws {
        let directory = try TemporaryDirectory()
        let daemon = try CrashRestoreTests.restart(in: directory, name: "first")
        defer { daemon.stop() }
        try daemon.waitForAppState("unauthenticated")
        let client = try daemon.client()
        var acknowledged: [Int: String] = [:]
        try Self.write(0..<5, with: client, into: &acknowledged)

        let state = Self.stateDirectory(directory)
        switch removal {
        case .stateDirectory: try FileManager.default.removeItem(atPath: state)
        case .database: for suffix in ["", "-wal", "-shm"] { unlink(state + "/windowd.sqlite" + suffix) }
        case .lockFile: unlink(state + "/windowd.lock")
        }
        try Self.write(5..<10, with: client, into: &acknowledged)
        #expect(
            access(state + "/windowd.lock", F_OK) == 0 && access(state + "/windowd.sqlite", F_OK) == 0,
            "the lock and the database are there again"
        )
        let logged = removal == .lockFile ? "took a new lock" : "wrote the whole state to a new one"
        #expect(daemon.log.contains(logged), "the daemon says what it did:\n\(daemon.log)")

        let second = try DaemonProcess(in: directory, socket: "second.sock", name: "second")
        defer { second.stop() }
        #expect(
            try second.process.wait(timeout: .seconds(15)) == .exited(73),
            "a second daemon for the same app is refused: \(second.log)"
        )
        try Self.write(10..<12, with: client, into: &acknowledged)
        try Self.expectKeptThroughKill9(daemon, in: directory, acknowledged)
    }

    @Test(
        "removed, then SIGTERM: the daemon writes its state where it belongs before it exits, and the next start has every window, its storage and the session",
        arguments: [Removal.stateDirectory, .database]
    )
    func removedThenStopped(removal: Removal) throws {
        let directory = try TemporaryDirectory()
        let daemon = try CrashRestoreTests.restart(in: directory, name: "first")
        defer { daemon.stop() }
        try daemon.waitForAppState("unauthenticated")
        let client = try daemon.client()
        var acknowledged: [Int: String] = [:]
        try Self.write(0..<3, with: client, into: &acknowledged)
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"bob"}}"#)

        let state = Self.stateDirectory(directory)
        switch removal {
        case .stateDirectory: try FileManager.default.removeItem(atPath: state)
        case .database, .lockFile: for suffix in ["", "-wal", "-shm"] { unlink(state + "/windowd.sqlite" + suffix) }
        }
        #expect(daemon.stop() == .exited(0))
        #expect(
            daemon.log.contains("wrote the whole state to a new one"),
            "the daemon says what it did:\n\(daemon.log)"
        )
        try Self.expectRestored(in: directory, acknowledged, user: "bob")
    }

    @Test(
        "removed, then SIGUSR2: the state is written where it belongs before the upgrade's exec, and the new image keeps it through kill -9"
    )
    func removedThenUpgraded() throws {
        let directory = try TemporaryDirectory()
        let daemon = try CrashRestoreTests.restart(in: directory, name: "first")
        defer { daemon.stop() }
        try daemon.waitForAppState("unauthenticated")
        let client = try daemon.client()
        try client.call("events.subscribe")
        var acknowledged: [Int: String] = [:]
        try Self.write(0..<3, with: client, into: &acknowledged)
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"bob"}}"#)

        try FileManager.default.removeItem(atPath: Self.stateDirectory(directory))
        daemon.process.signal(SIGUSR2)
        _ = try client.waitForEvent("daemon.restarted")
        #expect(
            daemon.log.contains("wrote the whole state to a new one"),
            "the daemon says what it did:\n\(daemon.log)"
        )
        try CrashRestoreTests.kill9(daemon)
        try Self.expectRestored(in: directory, acknowledged, user: "bob")
    }

    @Test(
        "removed and not to be made again (a file where the directory was): changes are refused as when the disk is full, then go through once it can be"
    )
    func cannotBeMadeAgain() throws {
        let directory = try TemporaryDirectory()
        let daemon = try CrashRestoreTests.restart(in: directory, name: "first")
        defer { daemon.stop() }
        try daemon.waitForAppState("unauthenticated")
        let client = try daemon.client()
        var acknowledged: [Int: String] = [:]
        try Self.write(0..<3, with: client, into: &acknowledged)

        let state = Self.stateDirectory(directory)
        try FileManager.default.removeItem(atPath: state)
        try "in the way\n".write(toFile: state, atomically: false, encoding: .utf8)
        let refused = try client.request("window.open", #"{"group":"detail","value":100}"#)
        #expect(refused.code == -32603, "\(refused.message.jsonText)")
        #expect(
            refused.errorMessage?.contains("try again once the state directory accepts writes") == true,
            "\(refused.message.jsonText)"
        )
        #expect(try client.call("window.list")["windows"]?.array?.count == 3, "the refused window.open is not applied")
        #expect(daemon.log.contains(state), "the log names the state directory:\n\(daemon.log)")

        unlink(state)
        var probe: String?
        try waitUntil("windowd to accept writes again", timeout: .seconds(10)) {
            probe = try client.request("window.open", #"{"group":"detail","value":100}"#).result?["window"]?["id"]?
                .string
            return probe != nil
        }
        try client.call("window.close", #"{"id":"\#(probe ?? "")"}"#)
        try Self.write(3..<6, with: client, into: &acknowledged)
        try Self.expectKeptThroughKill9(daemon, in: directory, acknowledged)
    }
}
