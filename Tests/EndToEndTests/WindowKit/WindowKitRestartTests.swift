import POSIXSupport
import TestSupport
import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// Restarts are invisible to a WindowKit app: against a real daemon restarted
/// gracefully with the fd store, upgraded with SIGUSR2, killed with and without the fd store,
/// and started again with a fresh state.
@Suite("WindowKit: restarts", .serialized, .timeLimit(.minutes(3)))
struct WindowKitRestartTests {
    /// A scene on `detail 7` that has scrolled and gone inactive, and an app client beside it.
    struct Setup {
        let scene: WindowScene
        let app: AppClient
        let scroll: SceneStorage<Int>
        let statuses: Recorder<ConnectionStatus>
        let events: Recorder<AppEvent>

        init(socket: String) async throws {
            let options = ConnectionOptions(socketPath: socket, reconnectFor: .seconds(30))
            scene = try await WindowScene.attach(group: "detail", value: 7, options: options)
            app = try await AppClient.connect(options)
            scroll = scene.storage("scroll", default: 0)
            try await scroll.set(12)
            try await scene.setPhase(.inactive)
            statuses = Recorder(scene.app.connectionStatuses)
            events = Recorder(scene.app.events)
        }

        /// The scene is attached again, inactive, with its storage, and answers calls.
        func expectIntact(_ client: RawClient, id: String) async throws {
            try await AsyncWaiting.until("the window to be attached again") {
                let window = try client.call("window.list")["windows"]?.array?.first { $0["id"]?.string == id }
                return window?["attached"]?.bool == true
            }
            let window = try #require(
                try client.call("window.list")["windows"]?.array?.first { $0["id"]?.string == id }
            )
            #expect(window["phase"]?.string == "inactive", "re-attached in the phase it had: \(window.jsonText)")
            #expect(scene.id == id && scene.phase == .inactive)
            #expect(scroll.value == 12)
            #expect(try client.call("storage.get", #"{"id":"\#(id)","key":"scroll"}"#)["storage"]?["scroll"]?.int == 12)
            scroll.value += 1
            try await scroll.set(scroll.value + 1)
            #expect(try client.call("storage.get", #"{"id":"\#(id)","key":"scroll"}"#)["storage"]?["scroll"]?.int == 14)
            let opened = try await app.openWindow(group: "detail", value: 7)
            #expect(opened.broughtToFront && opened.window.id == id)
        }

        /// Asks `daemon.status` over and over until cancelled: every call must be answered,
        /// whatever happens to the daemon meanwhile. Returns how many were.
        func keepAsking() -> Task<Int, any Error> {
            let app = self.app
            return Task {
                var answered = 0
                while !Task.isCancelled {
                    do {
                        _ = try await app.status()
                        answered += 1
                    } catch is CancellationError {
                        break
                    }
                }
                return answered
            }
        }

        func close() async {
            await scene.close()
            await app.close()
        }
    }

    /// A daemon under the fd-store harness, signed out, with a probe and an attached scene.
    private static func underFDStore() async throws -> (FDStoreHarness, RawClient, Setup) {
        let harness = try FDStoreHarness()
        try harness.start()
        let probe = try RawClient(path: harness.socketPath)
        try await AsyncWaiting.until("unauthenticated") {
            try probe.call("app.state")["state"]?["state"]?.string == "unauthenticated"
        }
        return (harness, probe, try await Setup(socket: harness.socketPath))
    }

    @Test("graceful restart with the fd store: nothing happens; the scene stays attached, every call is answered")
    func gracefulRestart() async throws {
        let (harness, probe, setup) = try await Self.underFDStore()
        let id = setup.scene.id
        let asking = setup.keepAsking()

        let clock = ContinuousClock()
        let signalled = clock.now
        #expect(try harness.restart(with: SIGTERM) == .exited(0))
        try await setup.expectIntact(probe, id: id)
        print(
            "WindowKit, graceful restart with the fd store: the scene answered again \(clock.now - signalled) after SIGTERM"
        )
        asking.cancel()
        #expect(try await asking.value > 0, "calls went on across the restart, none failed")
        let statuses = await setup.statuses.stop()
        let events = await setup.events.stop()
        #expect(statuses == [.connected], "the connection never dropped: \(statuses)")
        #expect(events.contains(.daemonRestarted(resync: false)))
        #expect(!events.contains(.reconnected))
        await setup.close()
    }

    @Test("SIGUSR2 upgrade in place: the scene does not notice")
    func upgrade() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let setup = try await Setup(socket: daemon.socketPath)
        let id = setup.scene.id
        daemon.process.signal(SIGUSR2)
        try await AsyncWaiting.until("the new binary to run") {
            daemon.log.contains("resumed after a graceful restart")
        }
        try await setup.expectIntact(daemon.client(), id: id)
        #expect(await setup.statuses.stop() == [.connected])
        #expect(await setup.events.stop().contains(.daemonRestarted(resync: false)))
        await setup.close()
    }

    @Test("kill -9 with the fd store: told to resync, the scene attaches again on the same connection")
    func crashWithFDStore() async throws {
        let (harness, probe, setup) = try await Self.underFDStore()
        let id = setup.scene.id
        let asking = setup.keepAsking()

        let clock = ContinuousClock()
        let killed = clock.now
        #expect(try harness.restart(with: SIGKILL) == .signaled(SIGKILL))
        try await setup.expectIntact(probe, id: id)
        print(
            "WindowKit, kill -9 with the fd store: the scene re-attached and answered \(clock.now - killed) after SIGKILL"
        )
        asking.cancel()
        #expect(try await asking.value > 0, "calls in flight at the crash were sent again, none failed")
        let events = await setup.events.stop()
        #expect(events.contains(.daemonRestarted(resync: true)))
        #expect(await setup.statuses.stop() == [.connected], "the connection itself stayed open")
        await setup.close()
    }

    @Test("kill -9 without the fd store: reconnects with backoff; calls made meanwhile wait and go through")
    func crashAndStartAgain() async throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory)
        defer { first.stop() }
        let setup = try await Setup(socket: first.socketPath)
        let id = setup.scene.id
        let asking = setup.keepAsking()

        first.process.signal(SIGKILL)
        try first.process.wait()
        _ = try await AsyncWaiting.first("reconnecting", in: setup.scene.app.connectionStatuses) { $0 != .connected }
        // Made while windowd is gone: waits, then goes out after the scene is back.
        let waiting = Task { try await setup.app.openWindow(group: "notes", value: "made while gone") }

        let clock = ContinuousClock()
        let restarted = clock.now
        let second = try DaemonProcess.start(in: directory, name: "windowd2")
        defer { second.stop() }
        let opened = try await waiting.value
        print(
            "WindowKit, kill -9 without the fd store: the waiting call was answered \(clock.now - restarted) after the new windowd was started"
        )
        #expect(opened.created)
        try await setup.expectIntact(second.client(), id: id)
        asking.cancel()
        #expect(try await asking.value > 0, "calls across the outage waited and were answered")
        let statuses = await setup.statuses.stop()
        #expect(statuses.first == .connected && statuses.last == .connected)
        #expect(statuses.contains(.reconnecting(attempt: 1)), "\(statuses)")
        #expect(await setup.events.stop().contains(.reconnected))
        #expect(setup.app.windows.contains { $0.id == opened.window.id }, "the app client's windows are current again")
        await setup.close()
    }

    @Test("a daemon that lost the window: attached again by group and value, the scene's storage written back")
    func freshState() async throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory)
        defer { first.stop() }
        let setup = try await Setup(socket: first.socketPath)
        let id = setup.scene.id
        first.stop()

        let fresh = TestConfig.text(extra: "\n[state]\ndirectory = \"\(directory.file("fresh"))\"\n")
        let second = try DaemonProcess.start(in: directory, config: fresh, name: "windowd2")
        defer { second.stop() }
        try await AsyncWaiting.until("a new id") { setup.scene.id != id }
        let client = try second.client()
        try await AsyncWaiting.until("the scroll written back") {
            try client.call("storage.get", #"{"id":"\#(setup.scene.id)"}"#)["storage"]?["scroll"]?.int == 12
        }
        #expect(setup.scroll.value == 12)
        #expect(setup.scene.window.attached && setup.scene.window.value == .int(7))
        _ = await setup.statuses.stop()
        _ = await setup.events.stop()
        await setup.close()
    }

    @Test("a daemon gone for longer than reconnectFor: closed, and calls fail as unreachable")
    func givesUp() async throws {
        let daemon = try DaemonProcess.start()
        let app = try await AppClient.connect(
            ConnectionOptions(socketPath: daemon.socketPath, reconnectFor: .seconds(1))
        )
        daemon.stop()
        let closed = try await AsyncWaiting.first("closed", in: app.connectionStatuses) { $0 == .closed }
        #expect(closed == .closed)
        let error = await #expect(throws: WindowKitError.self) { try await app.status() }
        #expect(error?.code == .closed)
    }
}
