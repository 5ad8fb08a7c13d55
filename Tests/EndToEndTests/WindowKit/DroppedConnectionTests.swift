import TestSupport
import Testing
import WindowKit

/// A daemon that drops a connection and stays up (a subscriber past its outbound limits,
/// windowd-protocol(7)): WindowKit connects again at once, subscribes again and takes the
/// snapshot; a scene keeps its window.
@Suite("WindowKit: a connection the daemon drops", .serialized, .timeLimit(.minutes(1)))
struct DroppedConnectionTests {
    @Test("the app client's windows are whole again, with one opened while it was away; the scene is attached again")
    func reconnectsAndTakesTheSnapshot() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let proxy = try DroppingProxy(path: daemon.directory.file("proxy.sock"), daemon: daemon.socketPath)
        let setup = try await WindowKitRestartTests.Setup(socket: proxy.path)
        let id = setup.scene.id
        let client = try daemon.client()

        proxy.drop(pausing: .milliseconds(300))
        let opened = try client.call("window.open", #"{"group":"notes","value":"opened while away"}"#)
        let openedID = try #require(opened["window"]?["id"]?.string)
        try await AsyncWaiting.until("the app client to list the window opened while it was away") {
            setup.app.windows.contains { $0.id == openedID }
        }
        try await setup.expectIntact(client, id: id)
        #expect(await setup.events.stop().contains(.reconnected))
        #expect(await setup.statuses.stop().contains(.reconnecting(attempt: 1)))
        await setup.close()
    }
}
