import Testing
import WindowTerminal

@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("delays double from 100 ms and stay at 2 s")
    func delays() {
        var backoff = ReconnectBackoff(giveUp: .seconds(60))
        let delays = (0..<8).map { _ in backoff.nextDelay() }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1_600), .seconds(2), .seconds(2), .seconds(2)])
        #expect(backoff.attempts == 8)
    }

    @Test("gives up once gone for the give-up time")
    func givingUp() {
        let backoff = ReconnectBackoff(giveUp: .seconds(60))
        #expect(!backoff.hasGivenUp(after: .seconds(59)))
        #expect(backoff.hasGivenUp(after: .seconds(60)))
    }
}
