import TestSupport
import Testing

/// `winctl watch` through a connection the daemon drops while it stays up (winctl(1), "watch").
@Suite("winctl watch: a connection the daemon drops", .timeLimit(.minutes(1)))
struct WatchDroppedTests {
    @Test("watch subscribes again at once and prints the state line again, with the window opened while it was away")
    func subscribesAgain() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let proxy = try DroppingProxy(path: daemon.directory.file("proxy.sock"), daemon: daemon.socketPath)
        let watch = try WinctlSession(["watch"], socket: proxy.path, stderr: daemon.directory.file("watch.err"))
        defer { watch.stop() }
        let first = try watch.readLine()
        #expect(first?.hasSuffix(", 0 windows") == true, "\(first ?? "nothing")")

        proxy.drop(pausing: .milliseconds(300))
        #expect(try Winctl.run(["open", "notes", "while away"], socket: daemon.socketPath).status == 0)
        let again = try watch.readLine()
        #expect(again?.hasSuffix(", 1 window") == true, "\(again ?? "nothing"); \(daemon.directory.read("watch.err"))")
        #expect(try Winctl.run(["open", "notes", "after"], socket: daemon.socketPath).status == 0)
        let event = try watch.readLine()
        #expect(
            event?.contains(" window.opened ") == true && event?.hasSuffix(" notes after") == true,
            "\(event ?? "nothing")"
        )
    }
}
