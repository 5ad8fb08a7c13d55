import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd-protocol(7): `events.subscribe` is atomic with its snapshot, however many clients are
/// writing at that moment — the reply comes before every event numbered after its `seq`, and
/// the snapshot is exactly the state those events start from.
@Suite("Subscribe atomicity", .timeLimit(.minutes(2)))
struct SubscribeAtomicityTests {
    /// How long after the 1,000 opens are sent the subscriber subscribes, round by round: a
    /// deliberate race, not a wait for a state.
    static let delaysInMicroseconds: [UInt32] = [0, 2_000, 5_000, 10_000, 20_000, 40_000]

    @Test(
        "a subscriber arriving while 1,000 window.open are in flight gets its reply first and a snapshot that its events continue exactly"
    )
    func subscribeDuringPipelinedOpens() throws {
        // Up to 6,001 windows: window.list and the snapshot outgrow 1 MiB, which is not what this tests.
        let daemon = try DaemonProcess.start(config: TestConfig.text(daemon: ["outbound_hard_bytes = 67108864"]))
        defer { daemon.stop() }
        let writer = try daemon.client()
        let count = 1_000

        for (round, delay) in Self.delaysInMicroseconds.enumerated() {
            let subscriber = try daemon.client()
            var requests: [UInt8] = []
            for index in 0..<count {
                let line = RawClient.requestLine(
                    id: Int64(index),
                    method: "window.open",
                    params: #"{"group":"detail","value":\#(round * count + index)}"#
                )
                requests += Array(line.utf8) + [0x0A]
            }
            try writer.send(bytes: requests)
            if delay > 0 { usleep(delay) }
            try subscriber.send(line: RawClient.requestLine(id: 1, method: "events.subscribe", params: nil))

            var created = Set<String>()
            for index in 0..<count {
                let reply = try writer.nextRaw(what: "the reply to open \(index)")
                if let id = reply.result?["window"]?["id"]?.string { created.insert(id) }
            }
            let marker = try writer.rawCall("window.open", #"{"group":"notes","value":"marker-\#(round)"}"#, id: 10_000)
            let markerID = try #require(marker.result?["window"]?["id"]?.string)

            // Everything the subscriber gets up to the marker's window.opened.
            var eventsBeforeReply: [RawJSON] = []
            var reply: RawJSON?
            var events: [RawJSON] = []
            while true {
                let message = try subscriber.nextRaw(
                    timeout: .seconds(20),
                    what: "round \(round): the subscriber's next line"
                )
                if message.isEvent {
                    if reply == nil { eventsBeforeReply.append(message) } else { events.append(message) }
                    if message["method"]?.string == "window.opened",
                        message["params"]?["window"]?["id"]?.string == markerID
                    {
                        break
                    }
                } else {
                    #expect(reply == nil, "round \(round): a second reply \(message)")
                    reply = message
                }
            }
            let subscribed = try #require(
                reply,
                "round \(round): no reply to events.subscribe before the marker's event"
            )
            let seq = try #require(subscribed.result?["seq"]?.int, "round \(round): \(subscribed)")
            let label = "round \(round) (subscribed \(delay / 1_000) ms after the opens were sent)"

            #expect(
                eventsBeforeReply.count == 0,
                "\(label): \(eventsBeforeReply.count) events (seq \(eventsBeforeReply.first?.seq ?? 0)…\(eventsBeforeReply.last?.seq ?? 0)) arrived before the subscribe reply, whose seq is \(seq)"
            )
            #expect(seq == 0, "\(label): the subscriber had no event before subscribing, so its seq is 0, not \(seq)")
            let seqs = events.map { $0.seq ?? -1 }
            let gapFree = seqs == (0..<seqs.count).map { seq + 1 + Int64($0) }
            #expect(
                gapFree,
                "\(label): the events after the reply are numbered \(seq + 1), \(seq + 2), … without gaps, not \(seqs.prefix(5))…"
            )

            let snapshot = Set(subscribed.result?["snapshot"]?["windows"]?.array?.compactMap { $0["id"]?.string } ?? [])
            let opened = (eventsBeforeReply + events).filter { $0["method"]?.string == "window.opened" }.compactMap {
                $0["params"]?["window"]?["id"]?.string
            }
            let doubled = Set(opened).intersection(snapshot)
            #expect(
                doubled.count == 0,
                "\(label): \(doubled.count) windows are both in the snapshot and announced by window.opened"
            )
            #expect(opened.count == Set(opened).count, "\(label): a window.opened came twice")
            let listed = Set(
                try writer.rawCall("window.list", id: 10_001).result?["windows"]?.array?.compactMap { $0["id"]?.string }
                    ?? []
            )
            let missing = listed.subtracting(snapshot).subtracting(opened)
            #expect(missing.count == 0, "\(label): \(missing.count) windows are neither in the snapshot nor announced")
            let allListed = created.isSubset(of: listed) && listed.contains(markerID)
            #expect(allListed, "\(label): window.list shows every window opened")
            subscriber.close()
        }
    }
}
