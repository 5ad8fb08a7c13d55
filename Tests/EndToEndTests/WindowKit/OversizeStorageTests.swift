import TestSupport
import Testing
import WindowKit

/// A storage value too big for one request line (over `max_message_bytes`)
/// used to drop the scene's connection, detaching its window until WindowKit reconnected.
@Suite("WindowKit: a storage value over the message limit", .timeLimit(.minutes(1)))
struct OversizeStorageTests {
    @Test("a 70,000-byte value: limit_exceeded, the scene stays attached on the same connection, the next set works")
    func oversizeValueKeepsTheScene() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let scene = try await WindowScene.attach(
            group: "detail",
            value: 70,
            options: ConnectionOptions(socketPath: daemon.socketPath)
        )
        let statuses = Recorder(scene.app.connectionStatuses)
        let note = scene.storage("note", default: "")

        await #expect {
            try await note.set(String(repeating: "x", count: 70_000))
        } throws: { error in
            (error as? WindowKitError)?.reason == .limitExceeded
        }
        try await note.set("short")
        #expect(note.value == "short")

        let probe = try daemon.client()
        let window = try #require(try probe.call("window.list")["windows"]?.array?.first)
        #expect(window["id"]?.string == scene.id && window["attached"]?.bool == true, "\(window.jsonText)")
        #expect(try probe.call("storage.get", #"{"id":"\#(scene.id)"}"#)["storage"]?["note"]?.string == "short")
        let seen = await statuses.stop()
        #expect(
            !seen.contains { if case .reconnecting = $0 { true } else { false } },
            "the connection never dropped: \(seen)"
        )
        #expect(try probe.call("daemon.status")["clients"]?.int == 2, "the scene's connection and this one")
        await scene.close()
    }
}
