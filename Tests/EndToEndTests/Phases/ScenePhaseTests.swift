import TestSupport
import Testing
import WindowProtocol

/// windowd-protocol(7), scene.setPhase; windowd-protocol(7): `scene.phase` exactly when the aggregate changes, `seq` gap-free.
@Suite("Scene phase", .timeLimit(.minutes(1)))
struct ScenePhaseTests {
    struct Change: Equatable, CustomStringConvertible {
        var phase: String
        var previous: String
        var description: String { "\(previous)→\(phase)" }
    }

    @Test("a subscriber sees scene.phase once per change of the aggregate, with gap-free seq")
    func phaseSequence() throws {
        // Every change at once (no settle time), to check the aggregate's rule step by step; PhaseSettleTests checks the settle.
        let daemon = try DaemonProcess.start(config: TestConfig.text(app: ["phase_settle_ms = 0"]))
        defer { daemon.stop() }
        let subscriber = try daemon.client()
        let first = try daemon.client()
        let second = try daemon.client()
        let control = try daemon.client()

        let subscription = try subscriber.call("events.subscribe")
        let startSeq = try #require(subscription["seq"]?.int)
        #expect(subscription["snapshot"]?["phase"]?.string == "background")
        #expect(subscription["snapshot"]?["state"]?["state"]?.string == "unauthenticated")

        // Each step waits for its response, so the daemon sees them in this order.
        let one = try #require(
            try first.call("window.attach", #"{"group":"detail","value":1,"phase":"active"}"#)["window"]?["id"]?.string
        )
        try first.call("scene.setPhase", #"{"id":"\#(one)","phase":"inactive"}"#)  // inactive
        let two = try #require(
            try second.call("window.attach", #"{"group":"detail","value":2,"phase":"inactive"}"#)["window"]?["id"]?
                .string
        )
        try first.call("scene.setPhase", #"{"id":"\#(one)","phase":"background"}"#)  // still inactive (two)
        try second.call("scene.setPhase", #"{"id":"\#(two)","phase":"active"}"#)  // active
        try second.call("scene.setPhase", #"{"id":"\#(two)","phase":"active"}"#)  // no change
        try first.call("scene.setPhase", #"{"id":"\#(one)","phase":"active"}"#)  // still active
        try second.call("window.detach")  // still active (one)
        let last = try control.call("scene.setPhase", #"{"id":"\#(one)","phase":"inactive"}"#)  // inactive
        #expect(last["aggregate"]?.string == "inactive")
        first.close()  // background
        try waitUntil("the first presenter's disconnect to be noticed") {
            try control.call("daemon.status")["attached"]?.int == 0
        }
        try control.call("window.close", #"{"id":"\#(one)"}"#)  // no change
        // A marker: everything before it has been delivered once it arrives.
        try control.call("window.open", #"{"group":"notes","value":"end"}"#)

        var events: [JSONValue] = []
        while true {
            let event = try subscriber.nextEvent()
            events.append(event)
            if event["method"]?.string == "window.opened", event["params"]?["window"]?["value"]?.string == "end" {
                break
            }
        }

        let seqs = events.compactMap { $0["params"]?["seq"]?.int }
        #expect(seqs.count == events.count, "every event carries a seq")
        #expect(
            seqs == Array((startSeq + 1)...(startSeq + Int64(events.count))),
            "seq grows by one per event from the subscribe result's seq"
        )

        let changes = events.filter { $0["method"]?.string == "scene.phase" }.map {
            Change(phase: $0["params"]?["phase"]?.string ?? "?", previous: $0["params"]?["previous"]?.string ?? "?")
        }
        #expect(
            changes == [
                Change(phase: "active", previous: "background"),
                Change(phase: "inactive", previous: "active"),
                Change(phase: "active", previous: "inactive"),
                Change(phase: "inactive", previous: "active"),
                Change(phase: "background", previous: "inactive"),
            ]
        )
        #expect(try control.call("scene.phase")["aggregate"]?.string == "background")

        // Presenters get scene.phase too, on their own gap-free seq.
        var presenterEvents: [JSONValue] = []
        while second.bufferedEventCount > 0 { presenterEvents.append(try second.nextEvent()) }
        let presenterSeqs = presenterEvents.compactMap { $0["params"]?["seq"]?.int }
        #expect(
            presenterSeqs == (0..<presenterSeqs.count).map { Int64($0) + 1 },
            "a presenter's seq starts at 1 and has no gaps"
        )
        #expect(
            presenterEvents.contains {
                $0["method"]?.string == "scene.phase" && $0["params"]?["phase"]?.string == "active"
            },
            "the second presenter was told when the aggregate became active: \(presenterEvents.map(\.jsonText))"
        )
    }

    @Test("a window without a presenter stays background; setting another phase is refused")
    func detachedWindowStaysBackground() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let id = try #require(try client.call("window.open", #"{"group":"detail","value":3}"#)["window"]?["id"]?.string)
        let refused = try client.request("scene.setPhase", #"{"id":"\#(id)","phase":"active"}"#)
        #expect(refused.error != nil, "\(refused.message.jsonText)")
        let phases = try client.call("scene.phase")
        #expect(phases["aggregate"]?.string == "background")
        #expect(phases["windows"]?[id]?.string == "background")
        let unknown = try client.request(
            "scene.setPhase",
            #"{"id":"00000000-0000-0000-0000-000000000000","phase":"active"}"#
        )
        #expect(unknown.reason == "unknown_window")
    }
}
