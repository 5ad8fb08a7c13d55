import Logging
import NIOCore
import WindowCore
import WindowStore

/// Runs ``CommitQueue`` on the daemon's event loop: starts the transactions it asks for on the
/// store, retries the daemon's own changes every 500 ms while the store refuses writes, has
/// the daemon undo requests' changes whose commit failed, releases the waiting replies, and
/// completes drains. The decisions are the queue's; this is only the I/O and the timers.
final class CommitPipeline {
    private let store: any StateStore
    private let eventLoop: any EventLoop
    private let logger: Logger
    /// Called after a batch of replies was released, to flush them.
    var onRelease: () -> Void = {}
    /// Called as a transaction goes to the store, with everything applied so far in it.
    var onCommitStart: () -> Void = {}
    /// Called when a transaction is on disk (or failed with nothing to undo), before its
    /// waiters are released; `true` when nothing else is queued.
    var onCommitted: (_ nothingQueued: Bool) -> Void = { _ in }
    /// Called when a transaction holding requests' changes failed, before its waiters are
    /// released with the failure: the daemon undoes what requests changed since the last commit.
    var onRollBack: () -> Void = {}

    private var queue = CommitQueue<(StoreFailure?) -> Void>()
    private var drained: [EventLoopPromise<Void>] = []
    /// How long a refused transaction waits before it is tried again.
    static let retryPause = TimeAmount.milliseconds(500)

    /// Why the store could not commit.
    struct StoreFailure: Error, CustomStringConvertible {
        var description: String
    }

    init(store: any StateStore, eventLoop: any EventLoop, logger: Logger) {
        self.store = store
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Queues `changes` made by `origin` for the next transaction: a request's are undone if
    /// their commit fails, the daemon's own are kept and retried.
    func add(_ changes: [StateChange], from origin: CommitQueue<(StoreFailure?) -> Void>.Origin = .request) {
        follow(queue.add(changes, from: origin))
    }

    /// Runs `release` once every change queued so far is committed (at once if it already is);
    /// with the failure if what it waited for was undone because its commit failed.
    func whenDurable(_ release: @escaping (StoreFailure?) -> Void) {
        queue.whenDurable(release)?(nil)
    }

    /// Whether nothing is queued, committing or waiting: what is in memory is all on disk, but
    /// for changes that need no commit.
    var isIdle: Bool { queue.isIdle }

    /// Whether everything queued so far is committed: a reply may be sent without waiting.
    var isDurable: Bool { queue.isDurable }

    /// Succeeds once everything queued so far is committed, or the store refuses it.
    func drain() -> EventLoopFuture<Void> {
        if queue.isSettled { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drained.append(promise)
        return promise.futureResult
    }

    private func follow(_ schedule: CommitQueue<(StoreFailure?) -> Void>.Schedule) {
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        switch schedule {
        case .none:
            break
        case .commit:
            // Let the rest of this read batch add its changes: one transaction for all.
            eventLoop.execute { pipeline.value.startCommit() }
        case .retry:
            eventLoop.scheduleTask(in: Self.retryPause) { pipeline.value.follow(pipeline.value.queue.retryDue()) }
        }
    }

    private func startCommit() {
        guard let changes = queue.startCommit() else { return }
        onCommitStart()
        let pipeline = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        store.commit(changes) { result in
            let failure: String? = if case .failure(let error) = result { "\(error)" } else { nil }
            loop.execute { pipeline.value.finished(failure: failure) }
        }
    }

    private func finished(failure: String?) {
        let wasFailing = queue.failure != nil
        let finished = queue.finished(failure: failure)
        if let failure, !wasFailing {
            logger.error("cannot commit state; a change whose commit fails is undone and refused", metadata: ["error": "\(failure)"])
        } else if failure == nil, wasFailing {
            logger.notice("the state store recovered")
        }
        if finished.rolledBack {
            onRollBack()
        } else {
            onCommitted(queue.isIdle)
        }
        let storeFailure = finished.rolledBack ? failure.map(StoreFailure.init) : nil
        for release in finished.released { release(storeFailure) }
        onRelease()
        follow(finished.schedule)
        if finished.settled {
            drained.forEach { $0.succeed() }
            drained.removeAll()
        }
    }
}
