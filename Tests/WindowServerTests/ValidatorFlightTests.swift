import Testing
import WindowEngine

@testable import WindowServer

@Suite("One validate_command in flight")
struct ValidatorFlightTests {
    let alice = Session(user: "alice", issuedAt: 0, expiresAt: 100)
    let bob = Session(user: "bob", issuedAt: 0, expiresAt: 100)

    @Test("asked again for the same session while it runs: nothing more starts, and everyone gets its verdict")
    func sameSessionShares() {
        var flight = ValidatorFlight<Int>()
        var started = [flight.ask(alice, 1)]
        for waiter in 2...60 { started.append(flight.ask(alice, waiter)) }
        #expect(started == [true] + Array(repeating: false, count: 59))
        let (waiters, next) = flight.finish()
        #expect(waiters == Array(1...60))
        #expect(next == nil)
        #expect(!flight.isRunning)
        let again = flight.ask(alice, 61)
        #expect(again, "after the verdict, the next rise starts it again")
    }

    @Test("asked for another session while one runs: it starts after it, once, with everyone who asked for it")
    func otherSessionRunsNext() {
        var flight = ValidatorFlight<Int>()
        let started = [flight.ask(alice, 1), flight.ask(bob, 2), flight.ask(bob, 3), flight.ask(alice, 4)]
        #expect(started == [true, false, false, false])
        let first = flight.finish()
        #expect(first.waiters == [1, 4])
        #expect(first.next == bob)
        #expect(flight.isRunning)
        let second = flight.finish()
        #expect(second.waiters == [2, 3])
        #expect(second.next == nil)
    }
}
