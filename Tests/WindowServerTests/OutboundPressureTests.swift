import Testing
import WindowEngine

@testable import WindowServer

/// Flow control on the writers (windowd-protocol(7), "Limits"): when requests are held back,
/// when they are let go, and when a subscriber is taken for one that does not read.
@Suite("Outbound pressure")
struct OutboundPressureTests {
    static let reader = ConnectionID(1)
    static let other = ConnectionID(2)

    @Test("a subscriber past a quarter of max_outbound_bytes holds requests back; under an eighth it lets them go")
    func holdAndRelease() {
        var pressure = OutboundPressure(maxOutbound: 1_024, stallMilliseconds: 1_000)
        #expect(pressure.measured(Self.reader, unsent: 255, now: 0) == nil)
        #expect(!pressure.holdsRequests)
        #expect(pressure.measured(Self.reader, unsent: 256, now: 0) == .hold)
        #expect(pressure.holdsRequests)
        #expect(pressure.measured(Self.reader, unsent: 200, now: 0.1) == nil, "between the marks it still holds")
        #expect(pressure.measured(Self.reader, unsent: 127, now: 0.2) == .release)
        #expect(!pressure.holdsRequests)
    }

    @Test("requests are let go only when every subscriber that held them is under the mark, or closed")
    func everyHolderMustCatchUp() {
        var pressure = OutboundPressure(maxOutbound: 1_024, stallMilliseconds: 1_000)
        #expect(pressure.measured(Self.reader, unsent: 300, now: 0) == .hold)
        #expect(pressure.measured(Self.other, unsent: 300, now: 0.5) == nil, "already held")
        #expect(pressure.measured(Self.reader, unsent: 0, now: 0.6) == nil, "the other one still holds them")
        #expect(pressure.closed(Self.reader) == nil)
        #expect(pressure.closed(Self.other) == .release)
    }

    @Test("a subscriber that holds the writers for outbound_stall_ms is stalled; the timer is due at the earliest")
    func stalls() {
        var pressure = OutboundPressure(maxOutbound: 1_024, stallMilliseconds: 1_000)
        #expect(pressure.nextStall == nil)
        _ = pressure.measured(Self.reader, unsent: 1_000, now: 10)
        _ = pressure.measured(Self.other, unsent: 1_000, now: 10.5)
        #expect(pressure.nextStall == 11)
        #expect(pressure.stalled(now: 10.9).isEmpty)
        #expect(pressure.stalled(now: 11) == [Self.reader])
        #expect(Set(pressure.stalled(now: 11.5)) == [Self.reader, Self.other])
    }
}
