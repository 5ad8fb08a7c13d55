import Testing

@testable import WindowServer

/// What the notify sender sends next while the manager does not read: no socket, no thread.
@Suite struct NotifyQueueTests {
    private let start = ContinuousClock.now

    @Test func sendsInOrderWhatIsNotCoalesced() {
        var queue = NotifyQueue()
        queue.enqueue(.ready(status: "0 windows"))
        queue.enqueue(.storeDescriptor(7, name: "c-1"))
        queue.enqueue(.reloading(monotonicMicroseconds: 5))
        #expect(
            drain(&queue) == [
                .ready(status: "0 windows"), .storeDescriptor(7, name: "c-1"), .reloading(monotonicMicroseconds: 5),
            ]
        )
        #expect(queue.isEmpty)
        #expect(queue.next(now: start) == nil)
    }

    @Test func theLatestStatusWins() {
        var queue = NotifyQueue()
        queue.enqueue(.ready(status: "0 windows"))
        var superseded: [NotifyMessage] = []
        for count in 1...500 {
            superseded += queue.enqueue(.status("\(count) windows"))
        }
        #expect(superseded.count == 499)
        #expect(drain(&queue) == [.ready(status: "0 windows"), .status("500 windows")])
    }

    @Test func statusKeepsItsPlaceAroundStateChanges() {
        var queue = NotifyQueue()
        queue.enqueue(.status("before"))
        queue.enqueue(.reloading(monotonicMicroseconds: 1))
        queue.enqueue(.status("during 1"))
        queue.enqueue(.status("during 2"))
        #expect(drain(&queue) == [.status("before"), .reloading(monotonicMicroseconds: 1), .status("during 2")])
    }

    @Test func aStateChangeWithItsOwnStatusReplacesPendingStatus() {
        var queue = NotifyQueue()
        queue.enqueue(.reloading(monotonicMicroseconds: 1))
        queue.enqueue(.status("applying"))
        let superseded = queue.enqueue(.ready(status: "reloaded"))
        #expect(superseded == [.status("applying")])
        queue.enqueue(.status("busy"))
        queue.enqueue(.stopping(status: "stopping"))
        #expect(
            drain(&queue) == [
                .reloading(monotonicMicroseconds: 1), .ready(status: "reloaded"), .stopping(status: "stopping"),
            ]
        )
    }

    @Test func stoppingWithoutStatusLeavesTheStatusBeforeIt() {
        var queue = NotifyQueue()
        queue.enqueue(.status("12 windows"))
        queue.enqueue(.stopping(status: nil))
        #expect(drain(&queue) == [.status("12 windows"), .stopping(status: nil)])
    }

    @Test func aRepeatedReadyReplacesTheUnsentOne() {
        var queue = NotifyQueue()
        queue.enqueue(.ready(status: "first"))
        queue.enqueue(.status("between"))
        queue.enqueue(.ready(status: "second"))
        #expect(drain(&queue) == [.ready(status: "second")])
    }

    @Test func aNewReloadReplacesAReloadTheManagerHasNotHeardOf() {
        var queue = NotifyQueue()
        queue.enqueue(.ready(status: "started"))
        queue.enqueue(.reloading(monotonicMicroseconds: 10))
        queue.enqueue(.storeDescriptor(9, name: "c-2"))
        queue.enqueue(.ready(status: "reloaded once"))
        queue.enqueue(.status("3 windows"))
        queue.enqueue(.reloading(monotonicMicroseconds: 20))
        queue.enqueue(.ready(status: "reloaded twice"))
        #expect(
            drain(&queue) == [
                .ready(status: "started"), .storeDescriptor(9, name: "c-2"), .status("3 windows"),
                .reloading(monotonicMicroseconds: 20), .ready(status: "reloaded twice"),
            ]
        )
    }

    @Test func manyReloadsWhileTheManagerIsAwayStaySmall() {
        var queue = NotifyQueue()
        queue.enqueue(.ready(status: "started"))
        for stamp in 1...100 as ClosedRange<UInt64> {
            queue.enqueue(.reloading(monotonicMicroseconds: stamp))
            queue.enqueue(.status("applying \(stamp)"))
            queue.enqueue(.ready(status: "reloaded \(stamp)"))
        }
        #expect(queue.count == 4)
        #expect(
            drain(&queue) == [
                .ready(status: "started"), .status("reloaded 99"), .reloading(monotonicMicroseconds: 100),
                .ready(status: "reloaded 100"),
            ]
        )
    }

    @Test func aReloadNotYetReadyIsReplacedToo() {
        var queue = NotifyQueue()
        queue.enqueue(.reloading(monotonicMicroseconds: 1))
        queue.enqueue(.reloading(monotonicMicroseconds: 2))
        #expect(drain(&queue) == [.reloading(monotonicMicroseconds: 2)])
    }

    @Test func removingAnUnsentStoreCancelsBoth() {
        var queue = NotifyQueue()
        queue.enqueue(.storeDescriptor(11, name: "c-1"))
        queue.enqueue(.storeDescriptor(12, name: "c-2"))
        let superseded = queue.enqueue(.removeDescriptors(name: "c-1"))
        #expect(
            superseded == [.storeDescriptor(11, name: "c-1")],
            "the store comes back so that its descriptor is closed"
        )
        #expect(drain(&queue) == [.storeDescriptor(12, name: "c-2")])
    }

    @Test func aRemovalWithoutAPendingStoreIsSentInOrder() {
        var queue = NotifyQueue()
        queue.enqueue(.removeDescriptors(name: "handoff-state"))
        queue.enqueue(.storeDescriptor(5, name: "handoff-state"))
        #expect(
            drain(&queue) == [.removeDescriptors(name: "handoff-state"), .storeDescriptor(5, name: "handoff-state")]
        )
    }

    @Test func connectionChurnLeavesNothingBehind() {
        var queue = NotifyQueue()
        var closed: [Int32] = []
        for connection in 1...200 as ClosedRange<Int32> {
            queue.enqueue(.storeDescriptor(connection + 100, name: "c-\(connection)"))
            closed += queue.enqueue(.removeDescriptors(name: "c-\(connection)")).compactMap(\.descriptor)
        }
        #expect(closed == Array(101...300))
        #expect(queue.isEmpty)
    }

    @Test func aValidPingGoesFirst() {
        var queue = NotifyQueue()
        queue.enqueue(.status("1 windows"))
        queue.requestWatchdogPing(validUntil: start + .milliseconds(100))
        #expect(queue.next(now: start + .milliseconds(50)) == .watchdog)
        #expect(queue.next(now: start + .milliseconds(50)) == .status("1 windows"))
    }

    @Test func aPingTheLoopAskedForLongAgoIsDropped() {
        var queue = NotifyQueue()
        queue.enqueue(.status("1 windows"))
        queue.requestWatchdogPing(validUntil: start + .milliseconds(100))
        #expect(queue.next(now: start + .milliseconds(101)) == .status("1 windows"))
        #expect(queue.next(now: start + .milliseconds(101)) == nil)
        #expect(queue.isEmpty)
    }

    @Test func atMostOnePingWaits() {
        var queue = NotifyQueue()
        for tick in 1...10 {
            queue.requestWatchdogPing(validUntil: start + .milliseconds(100 * tick))
        }
        #expect(queue.count == 1)
        #expect(drain(&queue, now: start + .milliseconds(950)) == [.watchdog])
    }

    @Test func anEnqueuedPingHasNoDeadline() {
        var queue = NotifyQueue()
        queue.enqueue(.watchdog)
        #expect(queue.next(now: start + .seconds(3_600)) == .watchdog)
    }

    /// Everything `queue` sends, in order, at `now`.
    private func drain(_ queue: inout NotifyQueue, now: ContinuousClock.Instant? = nil) -> [NotifyMessage] {
        var sent: [NotifyMessage] = []
        while let message = queue.next(now: now ?? start) {
            sent.append(message)
        }
        return sent
    }
}
