import TestSupport
import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// WindowKit's ``AppClient`` against the real daemon: the app state, openWindow and
/// dismissWindow, events, errors with their reasons.
@Suite("WindowKit: the app client", .serialized, .timeLimit(.minutes(3)))
struct AppClientTests {
    @Test("app state, aggregate and windows as current values and sequences; openWindow de-duplicates")
    func stateAndWindows() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let app = try await AppClient.connect(ConnectionOptions(socketPath: daemon.socketPath))
        #expect(app.state == .unauthenticated)
        #expect(app.scenePhase == .background)
        #expect(app.connectionStatus == .connected)

        let events = Recorder(app.events)
        let opened = try await app.openWindow(group: "detail", value: 42)
        #expect(opened.created)
        let again = try await app.openWindow(group: "detail", value: "42")
        #expect(
            !again.created && again.outcome == .detached && again.window.id == opened.window.id,
            "42 and \"42\" are one window, with no presenter to bring to front"
        )
        #expect(app.windows.map(\.id) == [opened.window.id])

        let signedIn = Task { try await AsyncWaiting.first("authenticated", in: app.states) { $0.isAuthenticated } }
        let previous = try await app.transition(to: .authenticated(user: "alice"))
        #expect(previous == .unauthenticated)
        #expect(try await signedIn.value == .authenticated(user: "alice"))

        let refused = await #expect(throws: WindowKitError.self) { try await app.transition(to: .onboarding(.welcome)) }
        #expect(refused?.reason == .invalidTransition)
        #expect(refused?.code == .refused)

        let closedEvents = app.events
        let closeEvent = Task {
            try await AsyncWaiting.first("window.closed", in: closedEvents) {
                if case .windowClosed = $0 { true } else { false }
            }
        }
        let closed = try await app.dismissWindow(id: opened.window.id)
        #expect(closed.id == opened.window.id)
        try await AsyncWaiting.until("the window list to be empty") { app.windows.isEmpty }
        let unknown = await #expect(throws: WindowKitError.self) { try await app.dismissWindow(id: opened.window.id) }
        #expect(unknown?.reason == .unknownWindow)

        _ = try await closeEvent.value
        await app.close()
        let seen = await events.stop()
        #expect(seen.contains(.windowOpened(opened.window)))
        #expect(
            seen.contains {
                if case .appState(.authenticated, .unauthenticated) = $0 { return true } else { return false }
            }
        )
        #expect(
            seen.contains {
                if case .windowClosed(let window) = $0 { return window.id == opened.window.id } else { return false }
            }
        )
        #expect(app.connectionStatus == .closed)
        let afterClose = await #expect(throws: WindowKitError.self) { try await app.status() }
        #expect(afterClose?.code == .closed)
    }

    @Test("an unreachable daemon is an error that names the socket; a group that needs a signed-in user says so")
    func errors() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("nobody.sock")
        let unreachable = await #expect(throws: WindowKitError.self) {
            try await AppClient.connect(ConnectionOptions(socketPath: missing))
        }
        #expect(unreachable?.code == .unreachable)
        #expect(unreachable?.message.contains(missing) == true, "\(String(describing: unreachable))")

        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let app = try await AppClient.connect(ConnectionOptions(socketPath: daemon.socketPath))
        let deepLink = await #expect(throws: WindowKitError.self) {
            try await app.openWindow(group: "orders", value: "7d8e3a4c-4f1e-4c1e-9f3b-1a2b3c4d5e6f")
        }
        #expect(deepLink?.reason == .unauthenticated)
        let badValue = await #expect(throws: WindowKitError.self) {
            try await app.openWindow(group: "detail", value: "forty-two")
        }
        #expect(badValue?.reason == .invalidValue)
        let noGroup = await #expect(throws: WindowKitError.self) { try await app.openWindow(group: "nope") }
        #expect(noGroup?.reason == .unknownGroup)
        await app.close()
    }

    @Test("a daemon at its max_clients refuses the connection at once, with its message and reason")
    func refusedAtTheClientLimit() async throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(daemon: ["max_clients = 2"]))
        defer { daemon.stop() }
        let held = try daemon.holdClients(2)
        defer { held.forEach { $0.close() } }
        // A request timeout far longer than the test's limit: only the refusal itself can end the connect.
        let options = ConnectionOptions(socketPath: daemon.socketPath, requestTimeout: .seconds(3_600))
        let refused = await #expect(throws: WindowKitError.self) { try await AppClient.connect(options) }
        #expect(refused?.code == .refused, "\(String(describing: refused))")
        #expect(refused?.reason == .limitExceeded)
        #expect(refused?.message.contains("max_clients") == true, "\(String(describing: refused))")
    }

    @Test("many calls at once from many tasks: each gets its own answer")
    func concurrentCalls() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let app = try await AppClient.connect(ConnectionOptions(socketPath: daemon.socketPath))
        let values = try await withThrowingTaskGroup(of: (Int64, OpenedWindow).self) { group in
            for value in Int64(0)..<200 {
                group.addTask { (value, try await app.openWindow(group: "detail", value: .int(value % 50))) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(values.count == 200)
        for (value, opened) in values { #expect(opened.window.value == .int(value % 50)) }
        #expect(values.values.filter(\.created).count == 50, "exactly one window per value")
        try await AsyncWaiting.until("50 windows") { app.windows.count == 50 }
        await app.close()
    }

    @Test("round trips measured: one task after another, and 16 tasks at once on one connection")
    func roundTrips() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let app = try await AppClient.connect(ConnectionOptions(socketPath: daemon.socketPath))
        let clock = ContinuousClock()
        for _ in 0..<200 { _ = try await app.status() }  // warm up
        let sequential = 2_000
        let started = clock.now
        for _ in 0..<sequential { _ = try await app.status() }
        let one = (clock.now - started) / sequential
        let tasks = 16
        let each = 500
        let parallelStart = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask { for _ in 0..<each { _ = try await app.status() } }
            }
            try await group.waitForAll()
        }
        let elapsed = clock.now - parallelStart
        let perSecond =
            Double(tasks * each) / (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        print(
            "WindowKit daemon.status: \(one) per call one after another; \(Int(perSecond)) calls/s with \(tasks) tasks on one connection"
        )
        #expect(one < .milliseconds(20), "a round trip stays well under a frame")
        await app.close()
    }
}
