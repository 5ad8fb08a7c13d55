import Testing
import WindowCore
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
        let finished = queue.finished([Self.change, Self.change], failure: nil)
        #expect(finished.released == ["a", "b", "read after b"])
        #expect(finished.schedule == .none)
        #expect(finished.settled)
    }

    @Test("changes made while a transaction is with the store go into the next; replies never overtake")
    func secondTransaction() {
        var queue = Queue()
        _ = queue.add([Self.change])
        #expect(queue.whenDurable("first") == nil)
        let first = queue.startCommit()!
        #expect(queue.whenDurable("read while committing") == nil, "it saw the change being committed")
        #expect(queue.add([Self.change]) == .none)
        #expect(queue.whenDurable("second") == nil)
        let one = queue.finished(first, failure: nil)
        #expect(one.released == ["first", "read while committing"])
        #expect(one.schedule == .commit)
        #expect(!one.settled)
        let second = queue.startCommit()!
        #expect(queue.finished(second, failure: nil).released == ["second"])
    }

    @Test("a refused transaction releases its replies with the failure, is retried after a pause, and holds up no later read")
    func refusedThenRetried() {
        var queue = Queue()
        _ = queue.add([Self.change])
        #expect(queue.whenDurable("write") == nil)
        let batch = queue.startCommit()!
        let refused = queue.finished(batch, failure: "No space left on device")
        #expect(refused.released == ["write"])
        #expect(refused.schedule == .retry)
        #expect(refused.settled, "a drain does not wait for a store that refuses writes")
        #expect(queue.failure == "No space left on device")
        #expect(queue.whenDurable("read") == "read", "reads are not held for the retry")
        #expect(queue.add([Self.bookkeeping]) == .none, "bookkeeping is dropped while the store refuses")
        #expect(queue.retryDue() == .commit)
        #expect(queue.startCommit() == [Self.change], "the failed changes come first")
        let recovered = queue.finished([Self.change], failure: nil)
        #expect(recovered.schedule == .none && recovered.settled)
        #expect(queue.failure == nil)
    }

    @Test("a store that keeps refusing is retried until it accepts, new changes joining the retry")
    func keepsRetrying() {
        var queue = Queue()
        _ = queue.add([Self.change])
        _ = queue.finished(queue.startCommit()!, failure: "EROFS")
        #expect(queue.add([Self.change]) == .none, "no commit before the pause is over")
        #expect(queue.whenDurable("new write") == nil)
        #expect(queue.retryDue() == .commit)
        let both = queue.startCommit()!
        #expect(both.count == 2)
        let again = queue.finished(both, failure: "EROFS")
        #expect(again.released == ["new write"] && again.schedule == .retry)
        #expect(queue.retryDue() == .commit)
        #expect(queue.finished(queue.startCommit()!, failure: nil).schedule == .none)
    }

    @Test("a drain is settled once nothing can still be committed")
    func drain() {
        var queue = Queue()
        #expect(queue.isSettled)
        _ = queue.add([Self.change])
        #expect(!queue.isSettled, "scheduled, not committed")
        let batch = queue.startCommit()!
        #expect(!queue.isSettled, "with the store")
        #expect(queue.finished(batch, failure: nil).settled)
        #expect(queue.retryDue() == .none, "no retry is due when nothing failed")
        #expect(queue.startCommit() == nil, "nothing scheduled")
    }
}
