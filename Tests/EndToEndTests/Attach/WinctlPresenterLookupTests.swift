import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

/// `winctl attach` execs `winctl-attach` (the one-shot commands do not link NIO, for start-up speed); it
/// finds it next to itself or, as `make install` lays them out, in `../libexec/windowd/`.
@Suite("winctl attach finds its presenter", .timeLimit(.minutes(1)))
struct WinctlPresenterLookupTests {
    @Test("installed as make install lays it out: bin/winctl, libexec/windowd/winctl-attach")
    func installedLayout() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let prefix = try TemporaryDirectory()
        let winctl = try Self.copy(Binaries.winctl, to: prefix.file("bin"))
        try Self.copy(Binaries.winctlAttach, to: prefix.file("libexec/windowd"))

        let session = try WinctlSession(
            ["attach", "detail", "8"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach.err"),
            executable: winctl
        )
        defer { session.stop() }
        let attached: JSONValue
        do {
            attached = try session.readJSON()
        } catch {
            throw TestFailure("\(error); its stderr: \(daemon.directory.read("attach.err"))")
        }
        let id = try #require(
            attached["window"]?["id"]?.string,
            "attach prints the attach result first: \(attached.jsonText) \(daemon.directory.read("attach.err"))"
        )
        #expect(try daemon.client().call("daemon.status")["attached"]?.int == 1)
        try session.type("q")
        #expect(try session.wait() == .exited(0))
        let opened = try Winctl.run(["open", "detail", "8"], socket: daemon.socketPath, executable: winctl)
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.stdout.hasPrefix(id), "\(opened)")
    }

    @Test("without winctl-attach, attach exits 69 and names where it looked; the other commands work")
    func missingPresenter() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let prefix = try TemporaryDirectory()
        let winctl = try Self.copy(Binaries.winctl, to: prefix.file("bin"))

        let attach = try Winctl.run(["attach", "detail", "9"], socket: daemon.socketPath, executable: winctl)
        #expect(attach.status == 69, "\(attach)")
        #expect(attach.stderr.contains("winctl-attach is not installed"), "\(attach)")
        #expect(attach.stderr.contains(prefix.file("libexec/windowd/winctl-attach")), "\(attach)")
        let opened = try Winctl.run(["open", "detail", "9"], socket: daemon.socketPath, executable: winctl)
        #expect(opened.status == 0, "\(opened)")
    }

    /// Copies the executable `file` into `directory` (made as needed) and returns the copy's path.
    ///
    /// By `cp`, not in this process: a test running alongside that forks while the copy is open
    /// for writing would hold it open in its child, and executing the copy would fail (ETXTBSY).
    @discardableResult
    private static func copy(_ file: String, to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let copy = directory + "/" + (file as NSString).lastPathComponent
        let cp = try SpawnedProcess("/bin/cp", [file, copy])
        guard try cp.wait() == .exited(0) else { throw TestFailure("cp \(file) \(copy) failed") }
        return copy
    }
}
