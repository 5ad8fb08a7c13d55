import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `winctl run` and `winctl attach` presenters through a connection the daemon drops while
/// it stays up (windowd-protocol(7), "EVENTS"): each connects again at once and keeps its window.
@Suite("Presenters: a connection the daemon drops", .serialized, .timeLimit(.minutes(1)))
struct PresenterDroppedTests {
    @Test(
        "winctl run and winctl attach attach their windows again, the same ids, and run's program goes on",
        arguments: [["run", "notes", "r", "--", "/bin/sleep", "600"], ["attach", "notes", "a"]]
    )
    func presenterKeepsItsWindow(arguments: [String]) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let proxy = try DroppingProxy(path: daemon.directory.file("proxy.sock"), daemon: daemon.socketPath)
        let presenter = try SpawnedProcess(
            Binaries.winctl,
            ["--socket", proxy.path] + arguments,
            stderr: .file(daemon.directory.file("presenter.err"))
        )
        defer { _ = presenter.terminate(grace: .milliseconds(500)) }
        let value = arguments[2]
        let id = try #require(try daemon.waitForWindow(group: "notes", value: value)["id"]?.string)

        let connections = proxy.connections
        proxy.drop(pausing: .milliseconds(500))
        try waitUntil("the window to be detached while the presenter's connection waits") {
            try daemon.window(group: "notes", value: value)?["attached"]?.bool == false
        }
        try waitUntil("the window to be attached again", timeout: .seconds(5)) {
            try daemon.window(group: "notes", value: value)?["attached"]?.bool == true
        }
        #expect(proxy.connections > connections)
        #expect(try daemon.window(group: "notes", value: value)?["id"]?.string == id)
        #expect(presenter.poll() == nil, "still running: \(daemon.directory.read("presenter.err"))")
    }
}
