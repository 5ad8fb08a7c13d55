import Testing
import WindowEngine
import WindowProtocol

/// The launches waited for, with time as an argument: no sockets, no sleeps.
@Suite("Launches in flight")
struct LaunchesInFlightTests {
    let ids = (0..<5).map { WindowID(String(repeating: String($0), count: 8) + "-0000-4000-8000-000000000000")! }

    @Test("a launch is in flight until it ends or its wait runs out; the earliest wait is the next deadline")
    func deadlines() {
        var launches = LaunchesInFlight()
        launches.begin(ids[0], by: .opener, now: 10, timeout: 30)
        launches.begin(ids[1], by: .daemon, now: 11, timeout: 5)
        launches.begin(ids[2], by: .opener, now: 12, timeout: 30)
        #expect(launches.count == 3 && launches.startedByDaemon == 1)
        #expect(launches.nextDeadline == 16)
        #expect(launches.expire(at: 15.9).isEmpty)
        #expect(launches.expire(at: 16) == [ids[1]])
        #expect(launches.startedByDaemon == 0 && launches.nextDeadline == 40)
        #expect(launches.end(ids[0])?.starter == .opener)
        #expect(launches.nextDeadline == 42, "an ended launch's deadline is gone")
        #expect(launches.end(ids[0]) == nil)
        #expect(launches.expire(at: 100) == [ids[2]] && launches.count == 0 && launches.nextDeadline == nil)
    }

    @Test("begun again, a launch is waited for from its new start only")
    func restarted() {
        var launches = LaunchesInFlight()
        launches.begin(ids[0], by: .daemon, now: 0, timeout: 10)
        launches.begin(ids[0], by: .daemon, now: 5, timeout: 10)
        #expect(launches.count == 1 && launches.startedByDaemon == 1)
        #expect(launches.nextDeadline == 15)
        #expect(launches.expire(at: 10).isEmpty && launches.isInFlight(ids[0]))
        #expect(launches.expire(at: 15) == [ids[0]])
    }

    @Test("the launches of windows that are gone are forgotten")
    func kept() {
        var launches = LaunchesInFlight()
        for (index, id) in ids.enumerated() {
            launches.begin(id, by: index.isMultiple(of: 2) ? .daemon : .opener, now: Double(index), timeout: 1)
        }
        launches.keep { $0 == ids[1] || $0 == ids[4] }
        #expect(launches.count == 2 && launches.startedByDaemon == 1 && launches.nextDeadline == 2)
    }
}
