import Testing

@testable import WindowServer

@Suite("Anchored wall clock")
struct AnchoredWallClockTests {
    @Test("time moves with the monotonic clock from the wall time read at start")
    func followsMonotonicTime() {
        let start = AnchoredWallClock.monotonicSeconds()
        let clock = AnchoredWallClock(wallAtStart: 1_000, monotonicAtStart: start)
        #expect(clock.now(monotonic: start) == 1_000)
        #expect(abs(clock.now(monotonic: start + 2.5) - 1_002.5) < 1e-6)
        #expect(abs(clock.now(monotonic: start + 43_200) - 44_200) < 1e-6)
    }

    @Test("reading it does not go backwards")
    func monotonic() {
        let clock = AnchoredWallClock()
        let first = clock.now()
        #expect(clock.now() >= first)
    }
}
