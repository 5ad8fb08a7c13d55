import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The aggregate moves up at once and down only after the
/// lower value has held for `app.phase_settle_ms` (default 150); a change undone in time is
/// no `scene.phase` event. Each window's own phase shows at once.
@Suite("Phase settle", .serialized, .timeLimit(.minutes(2)))
struct PhaseSettleTests {
    /// The `scene.phase` events `subscriber` gets until the marker window `notes end-N` opens.
    static func phaseEvents(
        until marker: String,
        opening control: RawClient,
        _ subscriber: RawClient
    ) throws -> [JSONValue] {
        try control.call("window.open", #"{"group":"notes","value":"\#(marker)"}"#)
        var events: [JSONValue] = []
        while true {
            let event = try subscriber.nextEvent()
            if event["method"]?.string == "window.opened", event["params"]?["window"]?["value"]?.string == marker {
                return events
            }
            if event["method"]?.string == "scene.phase" { events.append(event["params"] ?? .null) }
        }
    }

    @Test(
        "scene.setPhase down and up again 20 ms apart: no event; 500 ms apart: the fall is announced after the settle time"
    )
    func rawPairs() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let presenter = try daemon.client()
        let control = try daemon.client()
        let subscriber = try daemon.client()
        let id = try #require(
            try presenter.call("window.attach", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )
        try subscriber.call("events.subscribe", #"{"types":["scene.phase","window.opened"]}"#)

        // Down and up 20 ms apart, five times: the app never left active.
        for _ in 0..<5 {
            try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"inactive"}"#)
            let phases = try control.call("scene.phase")
            #expect(phases["windows"]?[id]?.string == "inactive", "the window's own phase at once")
            #expect(phases["aggregate"]?.string == "active", "the aggregate waits")
            let listed = try control.call("window.list")["windows"]?.array?.first { $0["id"]?.string == id }
            #expect(listed?["phase"]?.string == "inactive")
            usleep(20_000)
            try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"active"}"#)
        }
        usleep(400_000)
        #expect(try Self.phaseEvents(until: "end-1", opening: control, subscriber).isEmpty)

        // Down, held 500 ms, up: one event for the fall, after the settle time, then the rise at once.
        let clock = ContinuousClock()
        let fell = clock.now
        try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"background"}"#)
        let down = try subscriber.nextEvent(timeout: .seconds(2))
        let announcedAfter = clock.now - fell
        print("phase_settle_ms = 150: the fall was announced \(announcedAfter) after scene.setPhase was sent")
        #expect(down["method"]?.string == "scene.phase")
        #expect(down["params"]?["phase"]?.string == "background" && down["params"]?["previous"]?.string == "active")
        #expect(announcedAfter >= .milliseconds(150) && announcedAfter < .milliseconds(500), "\(announcedAfter)")
        let remaining = .milliseconds(500) - (clock.now - fell)
        if remaining > .zero { usleep(UInt32(remaining / .microseconds(1))) }
        let rose = try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"active"}"#)
        #expect(rose["aggregate"]?.string == "active", "up at once")
        let events = try Self.phaseEvents(until: "end-2", opening: control, subscriber)
        #expect(
            events.map { "\($0["previous"]?.string ?? "?")→\($0["phase"]?.string ?? "?")" } == ["background→active"]
        )
    }

    @Test("phase_settle_ms = 0: every change of the aggregate at once")
    func noSettle() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(app: ["phase_settle_ms = 0"]))
        defer { daemon.stop() }
        let presenter = try daemon.client()
        let control = try daemon.client()
        let subscriber = try daemon.client()
        let id = try #require(
            try presenter.call("window.attach", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )
        try subscriber.call("events.subscribe", #"{"types":["scene.phase","window.opened"]}"#)
        let set = try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"inactive"}"#)
        #expect(set["aggregate"]?.string == "inactive")
        try presenter.call("scene.setPhase", #"{"id":"\#(id)","phase":"active"}"#)
        let events = try Self.phaseEvents(until: "end", opening: control, subscriber)
        #expect(events.map { $0["phase"]?.string } == ["inactive", "active"])
    }

    @Test(
        "focus moving between two presenters in tmux with an attached client: no down/up flicker",
        .enabled(if: TmuxSession.isAvailable, "needs tmux")
    )
    func focusBetweenTerminals() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let control = try daemon.client()
        let subscriber = try daemon.client()
        let tmux = try TmuxSession(AttachTerminalTests.attach(daemon, "detail", "1"))
        try tmux.run(["set", "-g", "focus-events", "on"])
        try tmux.run([
            "new-window", "-d", "-t", ":1", Binaries.winctl, "--socket", daemon.socketPath, "attach", "detail", "2",
        ])
        try tmux.waitForText("winctl login USER", target: ":0")
        try tmux.waitForText("winctl login USER", target: ":1")
        let client = try OrdersAppTests.AttachedClient(tmux)
        defer { withExtendedLifetime(client) {} }

        func phases() throws -> [String] {
            let windows = try control.call("window.list", #"{"group":"detail"}"#)["windows"]?.array ?? []
            return windows.sorted { ($0["value"]?.int ?? 0) < ($1["value"]?.int ?? 0) }.map {
                $0["phase"]?.string ?? "?"
            }
        }
        // Real focus events: the shown window is active, the other one, which no client shows, background.
        try tmux.run(["select-window", "-t", ":1"])
        try tmux.run(["select-window", "-t", ":0"])
        try waitUntil("tmux's focus reports to reach the daemon") { try phases() == ["active", "background"] }
        usleep(300_000)
        try subscriber.call("events.subscribe", #"{"types":["scene.phase","window.opened"]}"#)

        for switchNumber in 0..<10 {
            try tmux.run(["select-window", "-t", switchNumber.isMultiple(of: 2) ? ":1" : ":0"])
            usleep(100_000)
        }
        try waitUntil("the last switch to reach the daemon") { try phases() == ["active", "background"] }
        usleep(400_000)
        let events = try Self.phaseEvents(until: "end", opening: control, subscriber)
        #expect(events.isEmpty, "the aggregate flickered: \(events.map(\.jsonText))")
        #expect(try control.call("scene.phase")["aggregate"]?.string == "active")
    }
}
