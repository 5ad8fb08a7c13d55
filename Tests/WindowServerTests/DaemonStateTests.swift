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
            (.stopping, true, false, false),
            (.handingOff(.restart), false, true, false),
            (.handingOff(.upgrade), false, true, false),
            (.handedOver, false, true, true),
        ]
    )
    func stages(stage: DaemonLifecycle, reads: Bool, keepsConnections: Bool, keepsSocket: Bool) {
        #expect(stage.readsRequests == reads)
        #expect(stage.keepsConnections == keepsConnections)
        #expect(stage.keepsSocket == keepsSocket)
    }

    @Test("a hand-off begins only from serving: a second SIGUSR2, or one during a stop, changes nothing")
    func handOffOnlyFromServing() {
        var lifecycle = DaemonLifecycle.serving
        let first = lifecycle.beginHandOff(.upgrade)
        let second = lifecycle.beginHandOff(.upgrade)
        let restart = lifecycle.beginHandOff(.restart)
        #expect(first && !second && !restart)
        #expect(lifecycle == .handingOff(.upgrade))
        var stopping = DaemonLifecycle.stopping
        let duringStop = stopping.beginHandOff(.upgrade)
        #expect(!duringStop && stopping == .stopping)
    }

    @Test("a stop during an upgrade's hand-off: no exec, and the stop runs once the hand-off is abandoned")
    func stopDuringUpgrade() {
        var lifecycle = DaemonLifecycle.serving
        _ = lifecycle.beginHandOff(.upgrade)
        #expect(lifecycle.execsUpgrade)
        let stop = lifecycle.requestStop()
        #expect(stop == .afterUpgrade)
        #expect(!lifecycle.execsUpgrade && !lifecycle.readsRequests)
        let stopWaits = lifecycle.abandonHandOff()
        #expect(stopWaits, "the stop waits for the abandoned hand-off")
        #expect(lifecycle == .serving)
        let again = lifecycle.requestStop()
        #expect(again == .now)
    }

    @Test(
        "a failed upgrade without a stop serves on; a stop during a stop or a restart's hand-off is already under way"
    )
    func abandonAndRepeatedStops() {
        var lifecycle = DaemonLifecycle.serving
        _ = lifecycle.beginHandOff(.upgrade)
        let stopWaits = lifecycle.abandonHandOff()
        #expect(!stopWaits)
        #expect(lifecycle == .serving && lifecycle.readsRequests)
        for stage in [DaemonLifecycle.stopping, .handingOff(.restart), .handedOver] {
            var later = stage
            let action = later.requestStop()
            #expect(action == .alreadyUnderWay)
            #expect(later == stage)
        }
    }
}
