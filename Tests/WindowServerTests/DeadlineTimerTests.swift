import NIOCore
import Testing

@testable import WindowServer

@Suite("Deadline timer")
struct DeadlineTimerTests {
    @Test("the delay is rounded up to whole milliseconds, plus one, and never negative")
    func delay() {
        #expect(DeadlineTimer.delay(until: 10.5, now: 10) == .milliseconds(501))
        #expect(DeadlineTimer.delay(until: 10.0001, now: 10) == .milliseconds(2))
        #expect(DeadlineTimer.delay(until: 9, now: 10) == .milliseconds(1))
    }
}
