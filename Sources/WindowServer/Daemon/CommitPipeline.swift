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
        guard !changes.isEmpty else { return }
        open.append(contentsOf: changes)
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

    /// Whether nothing is queued or being committed.
    var isIdle: Bool { open.isEmpty && !inFlight }

    /// Succeeds once everything queued so far is committed (or has failed).
    func drain() -> EventLoopFuture<Void> {
        if isIdle { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drained.append(promise)
        return promise.futureResult
    }

    private func scheduleCommit() {
        guard !inFlight, !scheduled else { return }
        scheduled = true
        // Let the rest of this read batch add its changes: one transaction for all.
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        eventLoop.execute { pipeline.value.startCommit() }
    }

    private func startCommit() {
        scheduled = false
        guard !inFlight, !open.isEmpty else { return }
        let batch = openBatch
        let changes = open
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
            // The changes are in memory: keep them, to be committed with the next batch.
            open.insert(contentsOf: changes, at: 0)
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
        if !open.isEmpty {
            if failure != nil {
                let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
                eventLoop.scheduleTask(in: .milliseconds(500)) { pipeline.value.scheduleCommit() }
            } else {
                scheduleCommit()
            }
        } else if isIdle {
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
