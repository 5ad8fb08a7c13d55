/// What a failed commit of clients' changes rolls the coordinator back to: the value as it
/// stood when everything then applied was committed, with every change the daemon made on its
/// own since (those are never undone). A value; ``WindowDaemon`` feeds it the coordinator at
/// each step of a commit.
///
/// Holding it costs one copy of the coordinator's storage per transaction (copy on write, at
/// the first change after a commit starts), none while nothing changes.
struct RollbackPoint<Value> {
    /// What a failed commit restores.
    private(set) var stable: Value
    /// The value as the transaction now with the store left it: everything in that transaction
    /// and before it, nothing after.
    private var committing: Value?

    /// A point at `value`, which is all on disk (or restored from it).
    init(_ value: Value) {
        stable = value
    }

    /// A transaction of everything applied so far went to the store.
    mutating func commitStarted(with current: Value) {
        committing = current
    }

    /// The transaction was committed (or failed with nothing to undo). When nothing else is
    /// queued, `current` is all committed; else the transaction's own value is.
    mutating func committed(current: Value, nothingQueued: Bool) {
        stable = nothingQueued ? current : (committing ?? stable)
        committing = nil
    }

    /// The transaction failed holding a request's change: the value to go back to.
    mutating func failed() -> Value {
        committing = nil
        return stable
    }

    /// A change the daemon made on its own, also made to the values a failure could restore.
    mutating func apply(_ change: (inout Value) -> Void) {
        change(&stable)
        if committing != nil { change(&committing!) }
    }
}
