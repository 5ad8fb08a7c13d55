import Testing

@testable import WindowServer

@Suite("Loading gate")
struct LoadingGateTests {
    @Test("without a stored session, loading ends when the minimum time is over")
    func noSession() {
        var gate = LoadingGate(hasStoredSession: false)
        #expect(gate.minimumElapsed() == .invalid)
        #expect(gate.minimumElapsed() == nil, "it opens once")
    }

    @Test("a verdict before the minimum time waits for it", arguments: [SessionValidator.Verdict.valid, .invalid])
    func verdictFirst(verdict: SessionValidator.Verdict) {
        var gate = LoadingGate(hasStoredSession: true)
        #expect(gate.validated(verdict) == nil)
        #expect(gate.minimumElapsed() == verdict)
    }

    @Test("the minimum time before the verdict waits for the verdict, which is taken once")
    func timeFirst() {
        var gate = LoadingGate(hasStoredSession: true)
        #expect(gate.minimumElapsed() == nil)
        #expect(gate.validated(.valid) == .valid)
        #expect(gate.validated(.invalid) == nil)
        #expect(gate.minimumElapsed() == nil)
    }
}

@Suite("Daemon lifecycle")
struct DaemonLifecycleTests {
    @Test(
        "what each stage does with requests, closed connections and the socket",
        arguments: [
            (DaemonLifecycle.serving, true, false, false),
            (.checkingUpgrade, true, false, false),
            (.stopComing, true, false, false),
            (.stopping, true, false, false),
            (.handingOff(.restart, stop: nil), false, true, false),
            (.handingOff(.upgrade, stop: .asked), false, true, false),
            (.handedOver, false, true, true),
        ]
    )
    func stages(stage: DaemonLifecycle, reads: Bool, keepsConnections: Bool, keepsSocket: Bool) {
        #expect(stage.readsRequests == reads)
        #expect(stage.keepsConnections == keepsConnections)
        #expect(stage.keepsSocket == keepsSocket)
    }
}
