import TestSupport
import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// WindowKit's ``WindowScene`` against the real daemon: attach, phase, focus requests,
/// dismissal, scene storage, and the deep-link rule.
@Suite("WindowKit: scenes", .serialized, .timeLimit(.minutes(3)))
struct WindowSceneTests {
    struct Position: Codable, Sendable, Equatable {
        var line: Int
        var column: Int
    }

    @Test("a scene's phase, set here or by another client; the aggregate follows")
    func phase() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        let scene = try await WindowScene.attach(group: "detail", value: 42, options: options)
        #expect(scene.window.attached && scene.window.group == "detail" && scene.window.value == .int(42))
        #expect(scene.phase == .active)
        #expect(scene.app.scenePhase == .active)

        let phases = scene.phases
        try await scene.setPhase(.inactive)
        #expect(scene.phase == .inactive)
        try await AsyncWaiting.until("the aggregate to be inactive") { scene.app.scenePhase == .inactive }

        let manager = try await AppClient.connect(options)
        try await manager.setPhase(.background, ofWindow: scene.id)
        _ = try await AsyncWaiting.first("background from the other client", in: phases) { $0 == .background }
        let probe = try daemon.client()
        try await AsyncWaiting.until("the aggregate to settle to background") {
            try probe.call("scene.phase")["aggregate"]?.string == "background"
        }
        await manager.close()
        await scene.close()
        try await AsyncWaiting.until("the daemon to see the presenter go") {
            try daemon.client().call("window.list")["windows"]?.array?.first?["attached"]?.bool == false
        }
    }

    @Test("opening the scene's value again is a focus request; closing it is a dismissal, also for a late listener")
    func focusAndDismissal() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        let scene = try await WindowScene.attach(group: "notes", value: "todo", options: options)
        let app = try await AppClient.connect(options)
        let requests = scene.focusRequests

        let opened = try await app.openWindow(group: "notes", value: "todo")
        #expect(opened.broughtToFront && opened.window.id == scene.id)
        let request = try await AsyncWaiting.first("a focus request", in: requests)
        #expect(request.window.id == scene.id)

        try await app.dismissWindow(id: scene.id)
        let dismissal = try await AsyncWaiting.first("the dismissal", in: scene.dismissals)
        #expect(dismissal.reason == .closed && dismissal.window.id == opened.window.id)
        #expect(
            try await AsyncWaiting.first("the dismissal again", in: scene.dismissals) == dismissal,
            "a late listener gets it too"
        )
        #expect(scene.phase == .background)
        await app.close()
        await scene.close()
    }

    @Test("scene storage: typed values with defaults, written through, exact numbers, seen by other clients")
    func storage() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        let scene = try await WindowScene.attach(group: "detail", value: 1, options: options)
        let cursor = scene.storage("cursor", default: 0)
        let position = scene.storage("position", default: Position(line: 1, column: 1))
        let exact = scene.storage("exact", default: JSONValue.null)
        #expect(cursor.value == 0 && position.value == Position(line: 1, column: 1))

        for _ in 0..<25 { cursor.value += 1 }
        #expect(cursor.value == 25, "each write reads back at once")
        try await position.set(Position(line: 30, column: 4))
        try await exact.set(.number("123456789012345678901234567890.5"))
        let raw = try daemon.client().call("storage.get", #"{"id":"\#(scene.id)"}"#)["storage"]
        #expect(raw?["cursor"]?.int == 25, "fire-and-forget writes go out in order: \(raw?.jsonText ?? "")")
        #expect(raw?["position"]?.jsonText == #"{"column":4,"line":30}"#)
        #expect(
            try await exact.reload() == .number("123456789012345678901234567890.5"),
            "read back from the daemon digit for digit"
        )

        try daemon.client().call("storage.set", #"{"id":"\#(scene.id)","key":"cursor","value":"not a number"}"#)
        #expect(try await cursor.reload() == 0, "a value that does not decode reads as the default")
        try await cursor.remove()
        #expect(try daemon.client().call("storage.get", #"{"id":"\#(scene.id)"}"#)["storage"]?["cursor"] == nil)

        let tooBig = await #expect(throws: WindowKitError.self) {
            try await scene.storage("big", default: "").set(String(repeating: "x", count: 70_000))
        }
        #expect(tooBig?.reason == .limitExceeded)
        #expect(scene.storage("big", default: "none").value == "none", "a refused write is undone here too")
        await scene.close()
    }

    @Test("a group that needs a signed-in user: refused while signed out, dismissed on logout")
    func requiresAuth() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        let order = "7d8e3a4c-4f1e-4c1e-9f3b-1a2b3c4d5e6f"
        let refused = await #expect(throws: WindowKitError.self) {
            try await WindowScene.attach(group: "orders", value: .string(order), options: options)
        }
        #expect(refused?.reason == .unauthenticated)

        let app = try await AppClient.connect(options)
        try await app.transition(to: .authenticated(user: "alice"))
        let scene = try await WindowScene.attach(group: "orders", value: .string(order), options: options)
        #expect(scene.app.state == .authenticated(user: "alice"))
        try await app.transition(to: .unauthenticated)
        let dismissal = try await AsyncWaiting.first("the dismissal", in: scene.dismissals)
        #expect(dismissal.reason == .signedOut)
        try await AsyncWaiting.until("the scene to see the state") { scene.app.state == .unauthenticated }
        await app.close()
        await scene.close()
    }

    @Test("a presented window is busy; takeover dismisses the first presenter")
    func takeover() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        let first = try await WindowScene.attach(group: "detail", value: 5, options: options)
        let busy = await #expect(throws: WindowKitError.self) {
            try await WindowScene.attach(id: first.id, options: options)
        }
        #expect(busy?.reason == .windowBusy)
        let second = try await WindowScene.attach(id: first.id, phase: .inactive, takeover: true, options: options)
        #expect(second.phase == .inactive)
        #expect(try await AsyncWaiting.first("the takeover", in: first.dismissals).reason == .takeover)
        try await second.detach()
        #expect(second.phase == .background)
        await first.close()
        await second.close()
    }
}
