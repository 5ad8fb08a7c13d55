import Testing
import WindowEngine

@testable import WindowServer

@Suite("Commit queue")
struct CommitQueueTests {
    typealias Queue = CommitQueue<String>
    static let window = WindowID.random()
    static let change = StateChange.windowClosed(window)
    static let bookkeeping = StateChange.windowAttached(window, at: 1)

    @Test("a reply that saw nothing uncommitted is released at once")
    func nothingPending() {
        var queue = Queue()
        #expect(queue.whenDurable("read") == "read")
        #expect(queue.isSettled)
    }

    @Test("changes of one turn go into one transaction; replies are released after it, in order")
    func groupCommit() {
        var queue = Queue()
        #expect(queue.add([Self.change]) == .commit)
        #expect(queue.whenDurable("a") == nil)
        #expect(queue.add([Self.change]) == .none, "one transaction is scheduled already")
        #expect(queue.whenDurable("b") == nil)
        #expect(queue.whenDurable("read after b") == nil, "a read waits for the changes it saw")
        #expect(!queue.isSettled)
        #expect(queue.startCommit() == [Self.change, Self.change])
        let finished = queue.finished(failure: nil)
        #expect(finished.released == ["a", "b", "read after b"])
        #expect(finished.schedule == .none)
        #expect(finished.settled)
    }

    @Test("changes made while a transaction is with the store go into the next; replies never overtake")
    func secondTransaction() {
        var queue = Queue()
        _ = queue.add([Self.change])
        #expect(queue.whenDurable("first") == nil)
        #expect(queue.startCommit() == [Self.change])
        #expect(queue.whenDurable("read while committing") == nil, "it saw the change being committed")
        #expect(queue.add([Self.change]) == .none)
        #expect(queue.whenDurable("second") == nil)
        let one = queue.finished(failure: nil)
        #expect(one.released == ["first", "read while committing"])
        #expect(one.schedule == .commit)
        #expect(!one.settled)
        #expect(queue.startCommit() == [Self.change])
        #expect(queue.finished(failure: nil).released == ["second"])
    }

    @Test(
        "a refused transaction of requests' changes is rolled back: every waiter is released with the failure, later changes are dropped, nothing is retried"
    )
    func refusedRequestsAreRolledBack() {
        var queue = Queue()
        _ = queue.add([Self.change])
        #expect(queue.whenDurable("write") == nil)
        #expect(queue.startCommit() == [Self.change])
        #expect(queue.add([Self.change]) == .none, "made on top of the transaction with the store")
        #expect(queue.whenDurable("later write") == nil)
        let refused = queue.finished(failure: "No space left on device")
        #expect(refused.rolledBack)
        #expect(refused.released == ["write", "later write"], "both saw what is undone")
        #expect(refused.schedule == .none, "nothing of the requests' is kept to retry")
        #expect(refused.settled)
        #expect(queue.failure == "No space left on device")
        #expect(queue.whenDurable("read") == "read", "nothing is pending any more")
        #expect(queue.add([Self.bookkeeping]) == .none, "bookkeeping is dropped while the store refuses")
        #expect(queue.add([Self.change]) == .commit, "a client's retry is tried at once")
        #expect(queue.startCommit() == [Self.change])
        let recovered = queue.finished(failure: nil)
        #expect(!recovered.rolledBack && recovered.schedule == .none && recovered.settled)
        #expect(queue.failure == nil)
    }

    @Test(
        "the daemon's own changes are kept when their transaction fails, retried after a pause, and first in the next transaction"
    )
    func daemonChangesAreRetried() {
        var queue = Queue()
        let own = StateChange.sessionCleared
        _ = queue.add([own], from: .daemon)
        _ = queue.add([Self.change], from: .request)
        #expect(queue.whenDurable("write") == nil)
        _ = queue.startCommit()
        _ = queue.add([own], from: .daemon)
        _ = queue.add([Self.change], from: .request)
        let refused = queue.finished(failure: "EROFS")
        #expect(refused.rolledBack && refused.released == ["write"])
        #expect(refused.schedule == .retry)
        #expect(queue.add([Self.change]) == .none, "no commit before the pause is over")
        #expect(queue.retryDue() == .commit)
        #expect(
            queue.startCommit() == [own, own, Self.change],
            "the kept changes first, the requests' dropped ones not at all"
        )
        #expect(queue.finished(failure: nil).schedule == .none)
    }

    @Test(
        "a failed transaction of the daemon's own changes and bookkeeping undoes nothing: waiters are released as if it had succeeded, later changes stay"
    )
    func failureWithNothingToUndo() {
        var queue = Queue()
        _ = queue.add([Self.bookkeeping])
        _ = queue.add([StateChange.sessionCleared], from: .daemon)
        #expect(queue.whenDurable("attach") == nil)
        _ = queue.startCommit()
        _ = queue.add([Self.change])
        #expect(queue.whenDurable("write") == nil)
        let refused = queue.finished(failure: "EIO")
        #expect(!refused.rolledBack)
        #expect(refused.released == ["attach"])
        #expect(refused.schedule == .retry)
        #expect(queue.retryDue() == .commit)
        #expect(queue.startCommit() == [StateChange.sessionCleared, Self.change])
        #expect(queue.finished(failure: nil).released == ["write"])
    }

    @Test("a drain is settled once nothing can still be committed")
    func drain() {
        var queue = Queue()
        #expect(queue.isSettled)
        _ = queue.add([Self.change])
        #expect(!queue.isSettled, "scheduled, not committed")
        #expect(queue.startCommit() != nil)
        #expect(!queue.isSettled, "with the store")
        #expect(queue.finished(failure: nil).settled)
        #expect(queue.retryDue() == .none, "no retry is due when nothing failed")
        #expect(queue.startCommit() == nil, "nothing scheduled")
    }
}
