import DequeModule
import WindowCore

/// Group commit as a value: which changes go into the next transaction, which waiting replies
/// a finished transaction releases, when a failed one is tried again, and when a drain is done.
///
/// No I/O and no clock: ``CommitPipeline`` runs the transactions and the timers it asks for.
/// Replies are released in the order they were queued, so a connection's responses never
/// overtake each other, and a reply that saw an uncommitted change waits for its commit.
struct CommitQueue<Waiter> {
    /// What the driver must do next.
    enum Schedule: Equatable {
        /// Nothing.
        case none
        /// Start a transaction on the next turn of the loop (so a whole read batch goes in one).
        case commit
        /// Try again after a pause: the store refuses writes.
        case retry
    }

    /// Where the queue stands.
    private enum Phase: Equatable {
        /// Nothing is being committed or waited for.
        case idle
        /// A transaction will start on the next turn of the loop.
        case scheduled
        /// A transaction is with the store.
        case committing
        /// The store refused the last transaction; a retry is due after a pause.
        case awaitingRetry
    }

    private var phase = Phase.idle
    /// Changes for the next transaction.
    private var open: [StateChange] = []
    /// Changes applied in memory whose commit failed: first in the next transaction, and
    /// holding up no reply (their clients were told the change is not saved yet).
    private var retry: [StateChange] = []
    /// The number of the transaction `open` will go into.
    private var openBatch: UInt64 = 1
    private var committedThrough: UInt64 = 0
    private var waiting = Deque<(batch: UInt64, waiter: Waiter)>()
    /// Why the store refuses writes, while it does; cleared by the next successful commit.
    private(set) var failure: String?

    /// Queues `changes` for the next transaction.
    mutating func add(_ changes: [StateChange]) -> Schedule {
        // While the store refuses writes, bookkeeping is not worth a wait.
        let kept = failure == nil ? changes : changes.filter { !$0.isBookkeeping }
        guard !kept.isEmpty else { return .none }
        open.append(contentsOf: kept)
        guard phase == .idle else { return .none }
        phase = .scheduled
        return .commit
    }

    /// `waiter` back when everything queued so far is committed already (release it now), or
    /// `nil` when it waits for a transaction.
    mutating func whenDurable(_ waiter: Waiter) -> Waiter? {
        if isDurable { return waiter }
        waiting.append((neededBatch, waiter))
        return nil
    }

    /// Whether everything queued so far is committed and nothing waits: a reply may go at once.
    var isDurable: Bool {
        neededBatch <= committedThrough && waiting.isEmpty
    }

    /// The transaction that covers everything queued so far.
    private var neededBatch: UInt64 {
        !open.isEmpty ? openBatch : (phase == .committing ? openBatch - 1 : committedThrough)
    }

    /// The scheduled transaction is due: the changes to commit, or `nil` when there are none.
    mutating func startCommit() -> [StateChange]? {
        guard phase == .scheduled else { return nil }
        guard !open.isEmpty || !retry.isEmpty else {
            phase = .idle
            return nil
        }
        let changes = retry + open
        retry = []
        open = []
        openBatch += 1
        phase = .committing
        return changes
    }

    /// What a finished transaction releases and schedules.
    struct Finished {
        /// The waiters it released, in order.
        var released: [Waiter]
        /// What to do next.
        var schedule: Schedule
        /// Whether a drain is done: nothing waits for a commit that can happen now.
        var settled: Bool
    }

    /// The transaction of `changes` finished, with `failure` if the store refused it.
    mutating func finished(_ changes: [StateChange], failure: String?) -> Finished {
        precondition(phase == .committing, "a commit finished that was not started")
        self.failure = failure
        if failure != nil {
            // The changes are in memory: keep them, to be committed when the store recovers.
            retry = changes
        }
        committedThrough = openBatch - 1
        var released: [Waiter] = []
        while let first = waiting.first, first.batch <= committedThrough {
            released.append(waiting.removeFirst().waiter)
        }
        let schedule: Schedule
        if !open.isEmpty && failure == nil {
            phase = .scheduled
            schedule = .commit
        } else if !open.isEmpty || !retry.isEmpty {
            phase = .awaitingRetry
            schedule = .retry
        } else {
            phase = .idle
            schedule = .none
        }
        return Finished(released: released, schedule: schedule, settled: isSettled)
    }

    /// The pause after a refused transaction is over: try again.
    mutating func retryDue() -> Schedule {
        guard phase == .awaitingRetry else { return .none }
        phase = .scheduled
        return .commit
    }

    /// Whether nothing waits for a commit that can happen now: all is committed, or the store
    /// refuses writes and nothing is being tried.
    var isSettled: Bool {
        phase != .committing && (open.isEmpty || failure != nil)
    }
}
