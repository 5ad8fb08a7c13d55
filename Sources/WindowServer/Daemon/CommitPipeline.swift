import DequeModule
import Logging
import NIOCore
import WindowCore
import WindowStore

/// Group commit: the changes of everything handled in one turn of the event loop go to the
/// store in one transaction, and each reply waits until the changes it saw are committed.
///
/// Replies are released in the order their requests were handled, so a connection's
/// responses never overtake each other, and a read that saw an uncommitted change is not
/// answered before that change is durable. Lives on the daemon's event loop.
final class CommitPipeline {
    private let store: any StateStore
    private let eventLoop: any EventLoop
    private let logger: Logger
    /// Called after a batch of replies was released, to flush them.
    var onRelease: () -> Void = {}

    private var open: [StateChange] = []
    /// Changes applied in memory whose commit failed: tried again first, every 500 ms, without
    /// holding up replies (their clients were told the change is not saved yet).
    private var retry: [StateChange] = []
    private var retryScheduled = false
    private var openBatch: UInt64 = 1
    private var committedThrough: UInt64 = 0
    private var inFlight = false
    private var scheduled = false
    private var waiting = Deque<(batch: UInt64, release: (StoreFailure?) -> Void)>()
    private var drained: [EventLoopPromise<Void>] = []
    /// Set while the store refuses writes; cleared by the next successful commit.
    private(set) var failure: StoreFailure?

    /// Why the store could not commit.
    struct StoreFailure: Error, CustomStringConvertible {
        var description: String
    }

    init(store: any StateStore, eventLoop: any EventLoop, logger: Logger) {
        self.store = store
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Queues `changes` for the next transaction.
    func add(_ changes: [StateChange]) {
        // While the store refuses writes, the last-attached time (bookkeeping) is not worth a wait.
        let kept = failure == nil ? changes : changes.filter { !$0.isBookkeeping }
        guard !kept.isEmpty else { return }
        open.append(contentsOf: kept)
        scheduleCommit()
    }

    /// Runs `release` once every change queued so far is committed (at once if it already is);
    /// with the failure if their transaction failed.
    func whenDurable(_ release: @escaping (StoreFailure?) -> Void) {
        let needed = !open.isEmpty ? openBatch : (inFlight ? openBatch - 1 : committedThrough)
        if needed <= committedThrough && waiting.isEmpty {
            release(nil)
        } else {
            waiting.append((needed, release))
        }
    }

    /// Whether nothing waits for a commit that can happen now: all is committed, or the store
    /// refuses writes and nothing is being tried.
    private var isSettled: Bool { !inFlight && (open.isEmpty || failure != nil) }

    /// Succeeds once everything queued so far is committed, or the store refuses it.
    func drain() -> EventLoopFuture<Void> {
        if isSettled { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drained.append(promise)
        return promise.futureResult
    }

    private func scheduleCommit() {
        guard !inFlight, !scheduled, failure == nil || !retryScheduled else { return }
        scheduled = true
        // Let the rest of this read batch add its changes: one transaction for all.
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        eventLoop.execute { pipeline.value.startCommit() }
    }

    private func scheduleRetry() {
        guard !retryScheduled else { return }
        retryScheduled = true
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        eventLoop.scheduleTask(in: .milliseconds(500)) {
            pipeline.value.retryScheduled = false
            pipeline.value.scheduleCommit()
        }
    }

    private func startCommit() {
        scheduled = false
        guard !inFlight, !open.isEmpty || !retry.isEmpty else { return }
        let batch = openBatch
        let changes = retry + open
        retry = []
        open = []
        openBatch += 1
        inFlight = true
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        store.commit(changes) { result in
            let failure = result.failure.map { StoreFailure(description: "\($0)") }
            loop.execute { pipeline.value.finished(batch: batch, changes: changes, failure: failure) }
        }
    }

    private func finished(batch: UInt64, changes: [StateChange], failure: StoreFailure?) {
        inFlight = false
        if let failure {
            if self.failure == nil {
                logger.error("cannot commit state; writes are refused until the store recovers", metadata: ["error": "\(failure)"])
            }
            self.failure = failure
            // The changes are in memory: keep them, to be committed when the store recovers.
            retry = changes
        } else {
            if self.failure != nil { logger.notice("the state store recovered") }
            self.failure = nil
        }
        committedThrough = batch
        while let first = waiting.first, first.batch <= batch {
            waiting.removeFirst()
            first.release(failure)
        }
        onRelease()
        if !open.isEmpty && failure == nil {
            scheduleCommit()
        } else if !open.isEmpty || !retry.isEmpty {
            scheduleRetry()
        }
        if isSettled {
            drained.forEach { $0.succeed() }
            drained.removeAll()
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
