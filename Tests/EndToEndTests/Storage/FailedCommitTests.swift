import Foundation
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A change whose commit fails is not applied and not announced (windowd(8),
/// State): the state directory on a real 512 KiB tmpfs, filled up.
@Suite("Failed commits", .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct FailedCommitTests {
    /// A 512 KiB tmpfs mounted at `path` until ``unmount()``.
    final class SmallTmpfs {
        let path: String

        init(at path: String) throws {
            self.path = path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let mount = try SpawnedProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", path])
            guard try mount.wait() == .exited(0) else { throw TestFailure("cannot mount a tmpfs at \(path)") }
        }

        /// Fills what is left with a file (until ENOSPC).
        func fill() throws {
            let dd = try SpawnedProcess(
                "/bin/dd",
                ["if=/dev/zero", "of=\(path)/filler", "bs=4096"],
                stdout: .null,
                stderr: .null
            )
            _ = try dd.wait(timeout: .seconds(30))
        }

        /// Frees the space ``fill()`` took.
        func free() {
            unlink("\(path)/filler")
        }

        func unmount() {
            _ = try? SpawnedProcess("/bin/umount", ["-l", path]).wait()
        }
    }

    @Test(
        "on a full disk, `winctl login alice` fails with -32603 and changes nothing: still unauthenticated, no app.state event; once space is freed the retry succeeds and survives a restart"
    )
    func loginOnFullDisk() throws {
        let directory = try TemporaryDirectory()
        let disk = try SmallTmpfs(at: directory.file("state"))
        defer { disk.unmount() }
        let daemon = try DaemonProcess.start(in: directory)
        defer { daemon.stop() }
        let subscriber = try daemon.client()
        let start = try #require(subscriber.call("events.subscribe")["seq"]?.int)
        let writer = try daemon.client()
        try writer.call("window.open", #"{"group":"detail","value":1}"#)
        let opened = try subscriber.waitForEvent("window.opened")
        #expect(opened["params"]?["seq"]?.int == start + 1)

        try disk.fill()
        let refused = try Winctl.run(["login", "alice"], socket: daemon.socketPath)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("not applied"), "the error says the change was not applied: \(refused)")
        #expect(
            try writer.call("app.state")["state"]?["state"]?.string == "unauthenticated",
            "the failed login is not applied"
        )
        let open = try writer.request("window.open", #"{"group":"detail","value":2}"#)
        #expect(open.code == -32603, "\(open.errorMessage ?? "")")
        let id = opened["params"]?["window"]?["id"]?.string ?? ""
        let storage = try writer.request("storage.set", #"{"id":"\#(id)","key":"k","value":1}"#)
        #expect(storage.code == -32603, "\(storage.errorMessage ?? "")")
        let windows = try writer.call("window.list")["windows"]?.array
        #expect(windows?.count == 1, "the failed open is not applied")
        #expect(
            try writer.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]?["k"] == nil,
            "the failed storage.set is not applied"
        )
        // The subscriber's reply comes after every event queued for it: none was.
        #expect(try subscriber.call("app.state")["state"]?["state"]?.string == "unauthenticated")
        #expect(subscriber.bufferedEventCount == 0, "nothing was announced")
        #expect(daemon.log.contains("undid the changes"), "the undo is logged")

        disk.free()
        let retried = try Winctl.run(["login", "alice"], socket: daemon.socketPath)
        #expect(retried.status == 0, "the retry succeeds once the disk accepts writes: \(retried)")
        let announced = try subscriber.waitForEvent("app.state")
        #expect(announced["params"]?["seq"]?.int == start + 2, "seq goes on without a gap: \(announced)")
        #expect(announced["params"]?["state"]?["state"]?.string == "authenticated")
        daemon.stop()

        let again = try DaemonProcess(in: directory, name: "again")
        defer { again.stop() }
        try again.waitUntilServing()
        try again.waitForAppState("authenticated")
        #expect(try again.client().call("window.list")["windows"]?.array?.count == 1)
    }
}
