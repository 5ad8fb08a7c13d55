import Testing

@testable import WindowServer

/// How many clients an open-file limit serves, and the soft limit the daemon asks for
/// (windowd.toml(5), `max_clients`).
@Suite("Descriptor budget")
struct DescriptorBudgetTests {
    @Test(
        "a soft limit of 1,024 under a high hard limit is raised to max_clients plus the reserve, which then serves max_clients"
    )
    func raisesToWhatMaxClientsNeeds() {
        let budget = DescriptorBudget(maxClients: 1_024, soft: 1_024, hard: 524_288)
        #expect(budget.wantedSoftLimit == 1_024 + DescriptorBudget.reserve)
        #expect(budget.clients == 1_024 - DescriptorBudget.reserve)
        let raised = DescriptorBudget(maxClients: 1_024, soft: budget.wantedSoftLimit, hard: 524_288)
        #expect(raised.clients == 1_024)
        #expect(raised.servesMaxClients)
    }

    @Test("the soft limit is never asked above the hard limit; the clients served are what is left after the reserve")
    func cappedByTheHardLimit() {
        let budget = DescriptorBudget(maxClients: 1_024, soft: 1_024, hard: 1_024)
        #expect(budget.wantedSoftLimit == 1_024)
        #expect(budget.clients == 1_024 - DescriptorBudget.reserve)
        #expect(!budget.servesMaxClients)
        #expect(DescriptorBudget(maxClients: 10, soft: 20, hard: 20).clients == 0)
    }

    @Test("a soft limit already above what max_clients needs is kept, never lowered")
    func neverLowered() {
        let budget = DescriptorBudget(maxClients: 16, soft: 65_536, hard: .max)
        #expect(budget.wantedSoftLimit == 65_536)
        #expect(budget.clients == 16)
    }
}

/// Refused connections are logged at once, then at most once per interval with a count.
@Suite("Refusal log")
struct RefusalLogTests {
    @Test("the first refusal is logged at once; those within the interval are counted into the next line")
    func rateLimited() {
        var log = RefusalLog()
        #expect(log.refused(now: 100) == 1)
        for second in 1...9 { #expect(log.refused(now: 100 + Double(second)) == nil) }
        #expect(log.refused(now: 100 + RefusalLog.interval) == 10, "the nine held back and this one")
        #expect(log.refused(now: 200) == 1)
    }
}
