import DequeModule
import WindowEngine

/// Group commit as a value: which changes go into the next transaction, which waiting replies
/// a finished transaction releases, when a failed one is tried again, when a failed one must be
/// undone, and when a drain is done.
///
/// No I/O and no clock: ``DaemonMachine`` owns it, and ``WindowDaemon`` runs the transactions and the timers it asks for.
/// Replies are released in the order they were queued, so a connection's responses never
/// overtake each other, and a reply that saw an uncommitted change waits for its commit.
///
/// A change comes from a client's request or from the daemon itself (a timer, a verdict, a
/// restart). When a transaction holding a request's change fails, what requests changed is
/// undone (``Finished/rolledBack``): every waiting reply is released with the failure, the
/// requests' changes not yet committed are dropped, and the daemon's own changes are kept and
/// tried again after a pause — they stay applied whatever the disk does.
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

    /// Who made a change, which decides what a failed commit does with it.
    enum Origin: Equatable {
        /// A client's request: undone if its transaction fails (the client is told and may retry).
        case request
        /// The daemon on its own: kept, and retried until the store takes it.
        case daemon
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

    private struct Queued {
        var change: StateChange
        var origin: Origin
        /// Whether a failed commit of it undoes what requests changed.
        var undoes: Bool { origin == .request && !change.isBookkeeping }
    }

    private var phase = Phase.idle
    /// Changes for the next transaction.
    private var open: [Queued] = []
    /// The daemon's own changes whose commit failed: first in the next transaction, and
    /// holding up no reply.
    private var retry: [StateChange] = []
    /// The transaction with the store.
    private var inFlight: [Queued] = []
    /// The number of the transaction `open` will go into.
    private var openBatch: UInt64 = 1
    private var committedThrough: UInt64 = 0
    private var waiting = Deque<(batch: UInt64, waiter: Waiter)>()
    /// Why the store refused the last transaction, while it does; cleared by the next successful commit.
    private(set) var failure: String?

    /// Queues `changes` made by `origin` for the next transaction.
    mutating func add(_ changes: [StateChange], from origin: Origin = .request) -> Schedule {
        // While the store refuses writes, bookkeeping is not worth a wait.
        let kept = failure == nil ? changes : changes.filter { !$0.isBookkeeping }
        guard !kept.isEmpty else { return .none }
        open.append(contentsOf: kept.map { Queued(change: $0, origin: origin) })
        guard phase == .idle else { return .none }
        phase = .scheduled
        return .commit
    }

    /// `waiter` back when everything queued so far is committed already (release it now), or
    /// `nil` when it waits for a transaction.
    mutating func whenDurable(_ waiter: consuming Waiter) -> Waiter? {
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
        inFlight = retry.map { Queued(change: $0, origin: .daemon) } + open
        retry = []
        open = []
        openBatch += 1
        phase = .committing
        return inFlight.map(\.change)
    }

    /// What a finished transaction releases and schedules.
    struct Finished {
        /// The waiters it released, in order.
        var released: [Waiter]
        /// Whether it failed holding a request's change: the driver undoes everything requests
        /// changed since the last commit, and every released waiter is told the failure (each
        /// of them saw something undone). Otherwise no waiter is told of a failure.
        var rolledBack: Bool
        /// What to do next.
        var schedule: Schedule
        /// Whether a drain is done: nothing waits for a commit that can happen now.
        var settled: Bool
    }

    /// The transaction with the store finished, with `failure` if the store refused it.
    mutating func finished(failure: String?) -> Finished {
        precondition(phase == .committing, "a commit finished that was not started")
        let transaction = inFlight
        inFlight = []
        self.failure = failure
        committedThrough = openBatch - 1
        let rolledBack = failure != nil && transaction.contains(where: \.undoes)
        var released: [Waiter] = []
        if failure != nil {
            retry = transaction.filter { $0.origin == .daemon }.map(\.change)
        }
        if rolledBack {
            // The open changes were made on top of what is undone: they go too, but the daemon's own.
            retry += open.filter { $0.origin == .daemon }.map(\.change)
            open = []
            released = waiting.map(\.waiter)
            waiting.removeAll()
        } else {
            while let first = waiting.first, first.batch <= committedThrough {
                released.append(waiting.removeFirst().waiter)
            }
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
        return Finished(released: released, rolledBack: rolledBack, schedule: schedule, settled: isSettled)
    }

    /// The pause after a refused transaction is over: try again.
    mutating func retryDue() -> Schedule {
        guard phase == .awaitingRetry else { return .none }
        phase = .scheduled
        return .commit
    }

    /// Whether nothing is queued, committing or waiting: what is in memory is all on disk.
    var isIdle: Bool {
        phase == .idle && open.isEmpty && waiting.isEmpty
    }

    /// Whether nothing waits for a commit that can happen now: all is committed, or the store
    /// refuses writes and nothing is being tried.
    var isSettled: Bool {
        phase != .committing && (open.isEmpty || failure != nil)
    }
}
