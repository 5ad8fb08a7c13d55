import WindowEngine

/// How a failed commit of requests' changes is undone: the coordinator as it stood when
/// everything then applied was committed, with every change the daemon made on its own since
/// (those are never undone). ``WindowDaemon`` tells it each step of a commit.
///
/// It keeps no copy of the coordinator (copying 100,000 windows at each transaction cost more
/// than the transaction): the registry journals what each change to a window replaces, the app
/// state and session are kept aside, and the daemon's own changes are kept as values
/// (``OwnChange``), made again after an undo.
struct RollbackPoint {
    /// A run of changes: what undoes it, and the daemon's own changes in it.
    private struct Run {
        var undo: SceneCoordinator.UndoRecord
        var own: [OwnChange]
    }

    /// The run in the transaction with the store, if one is.
    private var committing: Run?
    /// Where the open run (the changes since the last transaction started) began.
    private var openBase: SceneCoordinator.UndoBase
    /// The daemon's own changes in the open run.
    private var openOwn: [OwnChange] = []

    /// A point at `coordinator` as it is (restored from disk, or all committed); it journals from now on.
    init(_ coordinator: inout SceneCoordinator) {
        coordinator.startJournal()
        openBase = coordinator.undoBase
    }

    /// A transaction of everything applied so far went to the store.
    mutating func commitStarted(_ coordinator: inout SceneCoordinator) {
        committing = Run(undo: coordinator.takeUndoRecord(since: openBase), own: openOwn)
        openBase = coordinator.undoBase
        openOwn = []
    }

    /// The transaction was committed (or failed with nothing to undo); when nothing else is
    /// queued, all of `coordinator` is the point.
    mutating func committed(_ coordinator: inout SceneCoordinator, nothingQueued: Bool) {
        committing = nil
        if nothingQueued { settle(&coordinator) }
    }

    /// The transaction failed holding a request's change: `coordinator` goes back to the point,
    /// and the daemon's own changes since are made again.
    mutating func failed(_ coordinator: inout SceneCoordinator) {
        var undo = coordinator.takeUndoRecord(since: openBase)
        var own = openOwn
        if let committing {
            undo = undo.merging(older: committing.undo)
            own = committing.own + own
        }
        coordinator.undo(undo)
        var ignored: [Effect] = []
        for change in own { change.apply(to: &coordinator, effects: &ignored) }
        committing = nil
        settle(&coordinator)
    }

    /// The daemon made `change` on its own, while changes wait for a commit.
    mutating func madeOwnChange(_ change: OwnChange) {
        openOwn.append(change)
    }

    /// Nothing waits for a commit: `coordinator` as it is becomes the point.
    mutating func settle(_ coordinator: inout SceneCoordinator) {
        guard committing == nil else { return }
        _ = coordinator.takeUndoRecord(since: openBase)
        openBase = coordinator.undoBase
        openOwn = []
    }
}
