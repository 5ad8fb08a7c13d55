import Testing
import WindowEngine
import WindowProtocol

/// windowd-protocol(7), scene.setPhase: the aggregate moves up at once and down only after the lower value has held
/// for `app.phase_settle_ms`; a change undone within that time is not announced.
@Suite("Phase settle")
struct PhaseSettleTests {
    @Test("up is announced at once")
    func upAtOnce() {
        var settle = PhaseSettle(seconds: 0.15)
        #expect(settle.observe(.inactive, now: 0) == ScenePhaseEvent(phase: .inactive, previous: .background))
        #expect(settle.observe(.active, now: 0.01) == ScenePhaseEvent(phase: .active, previous: .inactive))
        #expect(settle.deadline == nil)
    }

    @Test("down waits for the settle time, then the value that held is announced")
    func downAfterSettle() {
        var settle = PhaseSettle(seconds: 0.15, announced: .active)
        #expect(settle.observe(.inactive, now: 10) == nil)
        #expect(settle.announced == .active)
        #expect(settle.deadline == 10.15)
        #expect(settle.settle(.inactive, now: 10.1) == nil, "not yet due")
        #expect(settle.settle(.inactive, now: 10.15) == ScenePhaseEvent(phase: .inactive, previous: .active))
        #expect(settle.deadline == nil)
    }

    @Test("a fall undone within the settle time announces nothing")
    func undoneInTime() {
        var settle = PhaseSettle(seconds: 0.15, announced: .active)
        #expect(settle.observe(.inactive, now: 1) == nil)
        #expect(settle.observe(.active, now: 1.02) == nil)
        #expect(settle.deadline == nil)
        #expect(settle.settle(.active, now: 2) == nil)
        #expect(settle.announced == .active)
    }

    @Test("a further fall keeps the first deadline; the lowest value held is announced once")
    func furtherFall() {
        var settle = PhaseSettle(seconds: 0.15, announced: .active)
        #expect(settle.observe(.inactive, now: 1) == nil)
        #expect(settle.observe(.background, now: 1.1) == nil)
        #expect(settle.deadline == 1.15)
        #expect(settle.settle(.background, now: 1.15) == ScenePhaseEvent(phase: .background, previous: .active))
    }

    @Test("a rise above the announced value while a fall waits is announced at once and ends the wait")
    func riseWhileWaiting() {
        var settle = PhaseSettle(seconds: 0.15, announced: .inactive)
        #expect(settle.observe(.background, now: 1) == nil)
        #expect(settle.observe(.active, now: 1.05) == ScenePhaseEvent(phase: .active, previous: .inactive))
        #expect(settle.deadline == nil)
    }

    @Test("a settle time of 0 announces a fall at once")
    func zeroSettle() {
        var settle = PhaseSettle(seconds: 0, announced: .active)
        #expect(settle.observe(.background, now: 1) == ScenePhaseEvent(phase: .background, previous: .active))
    }

    @Test("focus moving between two windows, ten times a second, announces nothing")
    func focusFlicker() {
        var settle = PhaseSettle(seconds: 0.15)
        var events: [ScenePhaseEvent] = []
        var tally: [ScenePhase] = [.active, .inactive]
        func apply(_ now: Double) {
            if let change = settle.observe(PhaseTally.aggregate(of: tally), now: now) { events.append(change) }
            if let change = settle.settle(PhaseTally.aggregate(of: tally), now: now) { events.append(change) }
        }
        apply(0)
        for step in 0..<20 {
            let now = 0.1 * Double(step + 1)
            tally = [.inactive, .inactive]  // focus-out of one terminal
            apply(now)
            // focus-in of the other, 20 ms later
            tally = step.isMultiple(of: 2) ? [.inactive, .active] : [.active, .inactive]
            apply(now + 0.02)
        }
        #expect(events == [ScenePhaseEvent(phase: .active, previous: .background)])
    }
}
