import TestSupport
import Testing
import WindowProtocol

/// One rule for `winctl storage get|set|rm`. The exit status is the daemon's answer:
/// 1 only when it refuses; a key that is not set is an answer. set and rm print a line each.
@Suite("winctl storage", .timeLimit(.minutes(1)))
struct WinctlStorageTests {
    @Test("get of a missing key prints nothing and exits 0; null prints null; rm of a missing key exits 0")
    func missingKeys() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let id = try #require(
            try Winctl.run(["open", "notes", "a"], socket: socket, json: true).json()["window"]?["id"]?.string
        )

        let missing = try Winctl.run(["storage", "get", id, "absent"], socket: socket)
        #expect(missing.status == 0 && missing.stdout.isEmpty, "\(missing)")
        #expect(missing.stderr.contains("no scene storage key 'absent'"), "a note on standard error: \(missing)")
        let missingJSON = try Winctl.run(["storage", "get", id, "absent"], socket: socket, json: true)
        #expect(missingJSON.status == 0, "\(missingJSON)")
        #expect(try missingJSON.json()["storage"]?.object?.isEmpty == true, "\(missingJSON)")

        let setNull = try Winctl.run(["storage", "set", id, "empty", "null"], socket: socket)
        #expect(setNull.status == 0 && setNull.stdout == "\(id) empty = null\n", "\(setNull)")
        let null = try Winctl.run(["storage", "get", id, "empty"], socket: socket)
        #expect(null.status == 0 && null.stdout == "null\n", "\(null)")

        let removeMissing = try Winctl.run(["storage", "rm", id, "absent"], socket: socket)
        #expect(removeMissing.status == 0 && removeMissing.stdout == "\(id) absent removed\n", "\(removeMissing)")
        let remove = try Winctl.run(["storage", "rm", id, "empty"], socket: socket, json: true)
        #expect(remove.status == 0, "\(remove)")
        #expect(try remove.json()["storage"]?.object?.isEmpty == true, "\(remove)")
    }

    @Test("set, get and rm of an unknown window exit 1: the daemon refused")
    func unknownWindow() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let unknown = "00000000-0000-0000-0000-000000000000"
        for arguments in [
            ["storage", "get", unknown, "k"], ["storage", "set", unknown, "k", "1"], ["storage", "rm", unknown, "k"],
        ] {
            let run = try Winctl.run(arguments, socket: daemon.socketPath)
            #expect(run.status == 1 && run.stdout.isEmpty, "\(run)")
        }
        let bad = try Winctl.run(["storage", "set", unknown, "k", "not json"], socket: daemon.socketPath)
        #expect(bad.status == 64, "a value that is not JSON is a usage error: \(bad)")
    }
}
