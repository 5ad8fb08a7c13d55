import Testing

@testable import WindowServer

/// A connection's outbound limits, weighed with a clock the test sets.
@Suite("Outbound limits")
struct OutboundLimitTests {
    /// 100 bytes for at most 2 seconds, never 1,000.
    static let limit = OutboundLimit(softBytes: 100, softSeconds: 2, hardBytes: 1_000)

    /// Weighs `unsent` at `now`, with the soft limit's start kept in `since`.
    static func check(_ unsent: Int, at now: Double, since: inout Double?) -> OutboundLimit.Breach? {
        limit.check(unsent: unsent, overSoftSince: &since, now: { now })
    }

    @Test("under the soft limit nothing happens and the clock is not read")
    func underSoft() {
        var since: Double?
        let breach = Self.limit.check(unsent: 100, overSoftSince: &since) {
            Issue.record("the clock was read under the soft limit")
            return 0
        }
        #expect(breach == nil && since == nil)
    }

    @Test("past the hard limit the connection goes at once, whatever the time")
    func pastHard() {
        var since: Double?
        #expect(Self.check(1_001, at: 0, since: &since) == .hard)
        #expect(Self.check(1_000, at: 0, since: &since) == nil)
    }

    @Test("over the soft limit for its seconds is allowed; longer is not")
    func overSoftTooLong() {
        var since: Double?
        #expect(Self.check(101, at: 10, since: &since) == nil)
        #expect(since == 10)
        #expect(Self.check(500, at: 12, since: &since) == nil, "two seconds over it are allowed")
        #expect(Self.check(101, at: 12.01, since: &since) == .soft)
    }

    @Test("back under the soft limit, its time starts again: a subscriber that reads in pulses stays")
    func pulses() {
        var since: Double?
        for pulse in 0..<10 {
            let start = Double(pulse) * 1.9
            #expect(Self.check(900, at: start, since: &since) == nil)
            #expect(Self.check(900, at: start + 1.8, since: &since) == nil)
            #expect(Self.check(0, at: start + 1.85, since: &since) == nil)
            #expect(since == nil)
        }
    }

    @Test("the config's keys give the limits")
    func fromConfig() {
        var daemon = DaemonConfig.DaemonSection()
        #expect(OutboundLimit(daemon) == OutboundLimit(softBytes: 8_388_608, softSeconds: 60, hardBytes: 33_554_432))
        daemon.outboundSoftBytes = 1
        daemon.outboundSoftSeconds = 0
        daemon.outboundHardBytes = 2
        #expect(OutboundLimit(daemon) == OutboundLimit(softBytes: 1, softSeconds: 0, hardBytes: 2))
    }
}
