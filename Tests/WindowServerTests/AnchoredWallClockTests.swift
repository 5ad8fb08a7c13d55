import Testing

@testable import WindowServer

@Suite("Anchored wall clock")
struct AnchoredWallClockTests {
    @Test("time moves with the monotonic clock from the wall time read at start")
    func followsMonotonicTime() {
        let start = ContinuousClock.now
        let clock = AnchoredWallClock(wallAtStart: 1_000, start: start)
        #expect(clock.now(at: start) == 1_000)
        #expect(clock.now(at: start.advanced(by: .milliseconds(2_500))) == 1_002.5)
        #expect(clock.now(at: start.advanced(by: .seconds(43_200))) == 44_200)
    }

    @Test("reading it does not go backwards")
    func monotonic() {
        let clock = AnchoredWallClock()
        let first = clock.now()
        #expect(clock.now() >= first)
    }
}
