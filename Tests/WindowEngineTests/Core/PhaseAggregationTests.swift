import Testing
import WindowEngine
import WindowProtocol

@Suite("Aggregate scene phase")
struct PhaseAggregationTests {
    /// Every combination of 0 to 3 windows' phases.
    static let combinations: [[ScenePhase]] = {
        var result: [[ScenePhase]] = [[]]
        var previous: [[ScenePhase]] = [[]]
        for _ in 1...3 {
            previous = previous.flatMap { prefix in ScenePhase.allCases.map { prefix + [$0] } }
            result += previous
        }
        return result
    }()

    @Test("the aggregate follows SwiftUI's App-level rule", arguments: combinations)
    func aggregate(phases: [ScenePhase]) {
        let expected: ScenePhase =
            phases.contains(.active) ? .active : phases.contains(.inactive) ? .inactive : .background
        #expect(PhaseTally.aggregate(of: phases) == expected)
    }

    @Test("there are 40 combinations of 0–3 windows")
    func count() {
        #expect(Self.combinations.count == 1 + 3 + 9 + 27)
    }

    @Test("the tally follows adds and removes")
    func tallyUpdates() {
        var tally = PhaseTally()
        #expect(tally.aggregate == .background)
        tally.add(.inactive)
        #expect(tally.aggregate == .inactive)
        tally.add(.active)
        #expect(tally.aggregate == .active)
        tally.remove(.active)
        #expect(tally.aggregate == .inactive)
        tally.remove(.inactive)
        tally.add(.background)
        #expect(tally.aggregate == .background)
    }
}
